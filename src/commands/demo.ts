/**
 * `benchgate demo` (npm start): builds a throw-away repository from examples/demo with two
 * commits (head makes one benchmark 2x slower and one 2x faster) and runs the real pipeline on
 * it, saying what it planted before the result and whether benchgate found it after. With
 * `--measure instructions` it counts each benchmark instead of timing the suite (docs/steady.md).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULTS, resolveConfig, sourced } from '../config.js';
import { findingLines, groundTruthLines } from './demo-story.js';
import { runComparison } from './run.js';
import type { Command } from './types.js';

/** examples/demo in the first folder above this module that has it (src/commands/ from source, dist/ bundled). */
function demoSource(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'examples', 'demo')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'examples', 'demo');
}

const DEMO_SOURCE = demoSource();

function commitAll(repo: string, message: string): void {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=benchgate demo', '-c', 'user.email=demo@benchgate.invalid', ...args], {
      cwd: repo,
      stdio: 'ignore',
    });
  git('add', '-A');
  git('commit', '-q', '--no-gpg-sign', '-m', message);
}

/** Creates the demo repository in `dir`: commit 1 = base suite, commit 2 = the "pull request". */
export function createDemoRepo(dir: string): string {
  execFileSync('git', ['init', '-q', '-b', 'main', dir]);
  copyFileSync(path.join(DEMO_SOURCE, 'bench.mjs'), path.join(dir, 'bench.mjs'));
  copyFileSync(path.join(DEMO_SOURCE, 'workloads.base.mjs'), path.join(dir, 'workloads.mjs'));
  commitAll(dir, 'demo suite');
  copyFileSync(path.join(DEMO_SOURCE, 'workloads.head.mjs'), path.join(dir, 'workloads.mjs'));
  commitAll(dir, 'make checksum slower and the sieve faster');
  return dir;
}

export const cmdDemo: Command = async ({ values, platform, executor }) => {
  const repo = createDemoRepo(mkdtempSync(path.join(os.tmpdir(), 'benchgate-demo-')));
  // The repository is deleted at the end, so its path is not shown.
  for (const line of groundTruthLines()) platform.logger.info(line);
  try {
    // Counted, node runs --predictable (one thread, fixed seeds): its counts then repeat (docs/steady.md).
    const bench = values.measure === 'instructions' ? 'node --predictable bench.mjs' : 'node bench.mjs';
    const config = resolveConfig(
      [
        sourced({ base: 'HEAD~1', head: 'HEAD', bench, format: 'benchgate', suite: 'demo' }, (k) => `demo ${k}`),
        sourced({ rounds: values.rounds, seed: values.seed, measure: values.measure }, (k) => `--${k}`),
      ],
      repo,
    );
    config.outDir = path.resolve(values.out ?? DEFAULTS.outDir);
    const outcome = await runComparison(config, platform, executor);
    platform.logger.info(`reports: ${Object.values(outcome.reports).join(', ')}`);
    for (const line of findingLines(outcome.result.comparisons, outcome.exitCode)) platform.logger.info(line);
    return outcome.exitCode;
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
};
