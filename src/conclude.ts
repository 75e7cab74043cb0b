/**
 * The end every command shares: analyse a results log, write the reports, publish them where
 * people look, and pick the exit code. `run`, `analyze`, `demo` and the Action come here with a
 * log; `report` (and the Action's `report-from`) with a saved result, for the last two steps.
 */
import { analyze } from './analysis/index.js';
import { EXIT, exitCodeOf } from './exit.js';
import { readMainCreep } from './history/main-creep.js';
import { LOG_FILE } from './runner/log-file.js';
import type { ComparisonResult, RunSettings } from './model.js';
import type { Platform, Publisher } from './platforms/types.js';
import { renderViews, writeReports, type WrittenReports } from './report/index.js';
import type { RenderContext } from './report/view.js';
import type { ParsedLog } from './runner/log.js';

export interface Outcome {
  result: ComparisonResult;
  /** Every file written (and the log), by file name. */
  reports: WrittenReports;
  exitCode: number;
}

export interface ConcludeLog {
  log: ParsedLog;
  logFile: string;
  /** Settings that differ from the ones the log recorded (`benchgate analyze --threshold 5`). */
  overrides?: Partial<RunSettings>;
  /** Where the reports go. */
  outDir: string;
  /** Where the lines go, whether the event lets a failed gate pass, and where the result is shown. */
  platform: Pick<Platform, 'logger' | 'events' | 'publisher'>;
  /** The published `benchgate history --json` whose creep the comment quotes (trusted-only). */
  historyFrom?: string;
  /** main's trend site (trusted-only, checked): the comment links flagged benchmarks to their trends. */
  historyUrl?: string;
}

/** Analyses the log, writes the reports, publishes them, and picks the exit code. */
export async function concludeLog({
  log,
  logFile,
  overrides = {},
  outDir,
  platform: { logger, events, publisher },
  historyFrom,
  historyUrl,
}: ConcludeLog): Promise<Outcome> {
  const settings: RunSettings = { ...log.header.config, ...overrides };
  const override = (await events.gateOverride?.()) ?? null;
  const result = await logger.group('analysis', () => {
    const analysed = analyze({ header: log.header, runs: log.runs, profiles: log.profiles, end: log.end, settings, override });
    logger.info(`${log.runs.length} runs read into ${analysed.comparisons.length} comparisons`);
    const mainCreep = historyFrom === undefined ? undefined : readMainCreep(historyFrom);
    return mainCreep === undefined ? analysed : { ...analysed, mainCreep };
  });
  const comment = { ...publisher.commentOptions?.(), ...(historyUrl !== undefined && { historyUrl }) };
  const { written, notWritten } = writeReports({ result, comment }, outDir);
  const outcome = await publishResult({ result, comment }, { [LOG_FILE]: logFile, ...written }, publisher);
  if (notWritten.length === 0) return outcome;
  // The machine's fault, not the pull request's: the verdict stands, but a pass without its reports is not a pass.
  const code = notWritten[0]!.code;
  logger.warn(
    `not written, ${code} (${code === 'EDQUOT' ? 'disk quota exceeded' : 'no space left on the device'}): ${notWritten.map((n) => n.file).join(', ')}; ` +
      `the results log ${logFile} keeps every run: free some space and run benchgate analyze on it`,
  );
  return { ...outcome, exitCode: outcome.exitCode === EXIT.pass ? EXIT.usage : outcome.exitCode };
}

/** Publishes a finished result, its reports written (`ctx`: what they were rendered from), with the views its publisher shows; picks the exit code. */
export async function publishResult(ctx: RenderContext, reports: WrittenReports, publisher: Publisher): Promise<Outcome> {
  const { result } = ctx;
  const views = renderViews(publisher.views, { ...ctx, platform: publisher.viewFacts?.(result) }, reports);
  await publisher.publish({ result, reports, views });
  return { result, reports, exitCode: exitCodeOf(result) };
}
