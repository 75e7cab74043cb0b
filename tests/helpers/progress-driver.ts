/**
 * Drives the local platform the way `benchgate run` does (progress before each run, harness
 * lines, a log line per round, the table at the end), for tests/platforms/progress-tty.test.ts to
 * run under a pseudo-terminal and through pipes.
 */
import { publishResult } from '../../src/conclude.js';
import { localPlatform } from '../../src/platforms/local.js';
import { compared, result } from '../builders.js';

const platform = localPlatform(process.stdout, process.stderr, process.env);
const startedMs = Date.now();
const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
let runsDone = 0;
for (const round of [1, 2]) {
  for (const side of ['base', 'head'] as const) {
    const p = { label: `round ${round}/2`, side, runsDone, runsTotal: 4, startedMs };
    platform.logger.progress?.(p);
    platform.logger.progress?.({ ...p, lastLine: 'BenchmarkParse-8\t\u001b[2J\t1000' });
    await pause();
    runsDone++;
  }
  platform.logger.info(`round ${round}/2 (base, head) 0.6 s`);
}
platform.logger.progress?.(null);
const table = result([
  compared('example.com/pkg.BenchmarkParse-8', 'regression', 30, 'go'),
  compared('example.com/pkg.BenchmarkEncode-8', 'improvement', -30, 'go'),
]);
await publishResult({ result: table, comment: {} }, {}, platform.publisher);
