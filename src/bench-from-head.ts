/**
 * bench-from: head in the measuring half (docs/bench-from.md): which of head's benchmark files
 * go into base, one run of base without them (so the reports can mark the rows only the copy
 * brought), the copy, and what the log header and a failure on base then say.
 */
import type { Config } from './config.js';
import type { BenchFilesHeader, Warning } from './model.js';
import { copyBenchFiles, planBenchFiles } from './runner/bench-files.js';

/** What prepareBenchFiles needs from the measuring half: the worktrees, and base built and run once. */
export interface BenchFilesContext {
  config: Pick<Config, 'benchFrom' | 'benchFiles' | 'format' | 'suite' | 'build'>;
  worktrees: { base: string; head: string };
  shas: { base: string; head: string };
  info(message: string): void;
  /** Builds base as it is (only when there is a build command). */
  buildBase(): Promise<void>;
  /** The benchmark names one run of base prints, or null when the run or its output failed. */
  listBase(): Promise<string[] | null>;
}

const MAX_LISTED = 5;

function listed(files: string[]): string {
  return files.length <= MAX_LISTED ? files.join(', ') : `${files.slice(0, MAX_LISTED).join(', ')} and ${files.length - MAX_LISTED} more`;
}

/** Copies head's benchmark files into base when bench-from asks; returns what the log header records, or undefined. */
export async function prepareBenchFiles(ctx: BenchFilesContext): Promise<BenchFilesHeader | undefined> {
  const { config } = ctx;
  if (config.benchFrom === 'base') return undefined;
  const plan = await planBenchFiles(config.benchFrom, config.benchFiles, ctx.worktrees, ctx.shas);
  if (plan.copied.length === 0) {
    ctx.info(
      `bench-from: ${config.benchFrom}: no file of head matches bench-files (${config.benchFiles.join(', ')})${config.benchFrom === 'head' ? ' that base lacks' : ''}; nothing copied`,
    );
    return undefined;
  }
  // Command mode has one row, the suite, which base has either way: nothing to list.
  let baseOwn: string[] | null = [config.suite];
  if (config.format !== 'command') {
    ctx.info(`bench-from: ${config.benchFrom}: base runs once without head's files, to tell its own benchmarks from those the copy brings`);
    if (config.build) await ctx.buildBase();
    baseOwn = await ctx.listBase();
    if (baseOwn === null) ctx.info('bench-from: base without head’s files did not run: every base row is marked as possibly from head');
  }
  copyBenchFiles(plan, ctx.worktrees);
  ctx.info(`bench-from: ${config.benchFrom}: copied ${plan.copied.length} file(s) of head into base: ${listed(plan.copied)}`);
  return { from: config.benchFrom, copied: plan.copied, replaced: plan.replaced, baseOwn };
}

/** The setup warning every report shows when files were copied. */
export function benchFilesWarning(files: BenchFilesHeader): Warning {
  const replaced = files.replaced.length > 0 ? `, replacing base's own ${listed(files.replaced)}` : '';
  return {
    code: 'bench-files-copied',
    message: `base ran with ${files.copied.length} benchmark file(s) copied from head (bench-from: ${files.from}): ${listed(files.copied)}${replaced}; rows marked "from head" exist on base only because of them`,
  };
}

/** Added to a failed build or run of base when it had head's files: what probably broke it, and the fix. */
export function benchFilesFailureHint(files: BenchFilesHeader | undefined): string {
  if (!files) return '';
  return (
    `\nbase had ${files.copied.length} benchmark file(s) copied from head (bench-from: ${files.from}): ${listed(files.copied)}. ` +
    "Head's benchmark may need head's API, which base lacks: narrow bench-files to benchmarks that build against base, " +
    'or set bench-from: base to compare only the benchmarks base has.'
  );
}
