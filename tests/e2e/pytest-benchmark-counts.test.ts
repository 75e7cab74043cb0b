/**
 * measure: instructions per benchmark for pytest-benchmark, end to end: one test whose head sums
 * twice as many numbers. Each counted run is one pytest process selecting the test by node id, at
 * a fixed number of one-iteration rounds, under cachegrind; pytest's start-up and collection
 * (about 0.85 G instructions a run) cancel in the difference of two works. One test keeps it as short as it can be.
 */
import { describe, expect } from '@jest/globals';
import path from 'node:path';
import { perOpCounts } from '../../src/counts/per-op.js';
import { readLog } from '../../src/runner/log.js';
import { makeRepo, readResults, runLastCommit, tempDir } from './helpers.js';
import { hasTool, itWhen, pytestBenchmarkPython } from '../helpers/toolchains.js';

const suite = (n: number) => ({
  'tests/test_sum.py': `def test_sum(benchmark):
    benchmark(lambda: sum(range(${n})))
`,
});

const python = pytestBenchmarkPython();
const itWithToolchain = itWhen(() => python !== null && hasTool('valgrind', '--version'));

describe('benchmark run --measure instructions --format pytest-benchmark', () => {
  itWithToolchain(
    'counts one test per process at fixed rounds and finds its work doubled',
    async () => {
      const repo = makeRepo([suite(2000), suite(4000)]);
      const out = tempDir();
      const r = await runLastCommit(repo, `${python} -m pytest tests/`, out, [
        '--format',
        'pytest-benchmark',
        '--measure',
        'instructions',
        '--jobs',
        '2',
      ]);
      expect(r.stderr).not.toMatch(/failed/);
      expect(r.code).toBe(1);
      const [c] = readResults(out).comparisons;
      expect(c).toMatchObject({ benchmark: 'tests/test_sum.py::test_sum', metric: 'instructions', verdict: 'regression' });
      expect(c!.changePct).toBeGreaterThan(80);
      expect(c!.changePct).toBeLessThan(110);
      const log = readLog(path.join(out, 'results.jsonl'));
      // The interpreter's C functions explain nothing about a Python benchmark: no cachegrind profile
      // lines; the regression gets one cProfile pass a side instead, and its attribution counts calls.
      expect(log.profiles.map((p) => [p.tool, p.side, p.round]).sort()).toEqual([
        ['cprofile', 'base', 0],
        ['cprofile', 'head', 0],
      ]);
      expect(c!.attribution).toMatchObject({ level: 'calls', source: 'passes' });
      const { base, head } = perOpCounts(log.runs).get('tests/test_sum.py::test_sum')!;
      expect(base.length).toBe(3);
      expect(head.length).toBe(3);
      // Per-op counts repeat within 1%: the hash seed and the fixed rounds hold.
      for (const side of [base, head]) expect(Math.max(...side) / Math.min(...side) - 1).toBeLessThan(0.01);
    },
    // 94-134 s in whole jest runs on the shared 2-core machine: 14 valgrind runs of a whole pytest process
    // (2 calibrating, 12 for 3 repetitions × 2 works × 2 sides), 4.6-10 CPU-seconds each.
    600_000,
  );
});
