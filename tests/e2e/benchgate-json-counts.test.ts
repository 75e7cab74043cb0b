/**
 * measure: instructions per benchmark for benchgate's own JSON format, end to end: a two-benchmark
 * harness (a bash script, which starts in a second under valgrind where node takes five) that
 * reads BENCHGATE_FILTER and BENCHGATE_ITERATIONS, in a repository whose head doubles one
 * benchmark's loop. The doubled one is a regression of about +100%, the other unchanged.
 */
import { describe, expect } from '@jest/globals';
import path from 'node:path';
import { perOpCounts } from '../../src/counts/per-op.js';
import { readLog } from '../../src/runner/log.js';
import { makeRepo, readResults, runLastCommit, tempDir } from './helpers.js';
import { hasTool, itWhen } from '../helpers/toolchains.js';

/** The harness; `changedLoop` is the loop bound of the benchmark `changed`. */
const suite = (changedLoop: number) => ({
  'bench.sh': `#!/usr/bin/env bash
# benchgate JSON harness: BENCHGATE_FILTER is a JSON array of names (empty: all); BENCHGATE_ITERATIONS the iterations (default 3).
n=\${BENCHGATE_ITERATIONS:-3}
work() { local x=0 i; for ((i = 0; i < $1; i++)); do x=$(((x * 31 + i) & 65535)); done; }
declare -A loop=([same]=1000 [changed]=${changedLoop})
out=''
for name in same changed; do
  [[ -z $BENCHGATE_FILTER || $BENCHGATE_FILTER == *\\"$name\\"* ]] || continue
  values=''
  for ((k = 0; k < n; k++)); do
    start=$EPOCHREALTIME; work \${loop[$name]}; end=$EPOCHREALTIME
    values+="\${values:+,}$((\${end/./} - \${start/./}))"
  done
  out+="\${out:+,}{\\"name\\":\\"$name\\",\\"unit\\":\\"us\\",\\"values\\":[$values]}"
done
echo "{\\"benchgate\\":1,\\"benchmarks\\":[$out]}"
`,
});

/** bash 5 (EPOCHREALTIME) and valgrind. */
const itWithToolchain = itWhen(() => hasTool('bash', '-c', '[[ -n $EPOCHREALTIME ]]') && hasTool('valgrind', '--version'));

describe('benchgate run --measure instructions --format benchgate', () => {
  itWithToolchain(
    'selects each benchmark and fixes its iterations through the environment, and finds the one whose work doubled',
    async () => {
      const repo = makeRepo([suite(1000), suite(2000)]);
      const out = tempDir();
      const r = await runLastCommit(repo, './bench.sh', out, ['--format', 'benchgate', '--measure', 'instructions', '--jobs', '2']);
      expect(r.stderr).not.toMatch(/failed/);
      expect(r.code).toBe(1);
      const result = readResults(out);
      expect(Object.fromEntries(result.comparisons.map((c) => [c.benchmark, c.verdict]))).toEqual({
        changed: 'regression',
        same: 'unchanged',
      });
      const changed = result.comparisons.find((c) => c.benchmark === 'changed')!;
      expect(changed.changePct).toBeGreaterThan(80);
      expect(changed.changePct).toBeLessThan(110);
      const log = readLog(path.join(out, 'results.jsonl'));
      expect(log.header.config.countScope).toBe('benchmark');
      // Each count run is one benchmark at its calibrated work: the harness read both variables.
      for (const run of log.runs)
        expect([log.header.countPlan![run.benchmark!]!.small, log.header.countPlan![run.benchmark!]!.large]).toContain(run.work);
      // bash counts the same to within 0.01% run to run: the exact rule decides at the minimum repetitions.
      for (const [, { base, head }] of perOpCounts(log.runs)) {
        expect(base.length).toBe(3);
        expect(head.length).toBe(3);
        for (const side of [base, head]) expect(Math.max(...side) / Math.min(...side) - 1).toBeLessThan(1e-4);
      }
    },
    120_000,
  );
});
