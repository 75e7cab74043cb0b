/**
 * The cProfile passes of a changed pytest-benchmark benchmark, end to end from the runner on: real
 * pytest runs on a base and a head checkout (discovered as `benchgate run` discovers them), one
 * pass a side at each of two works, the profiles appended to a real results log and read back,
 * and the calls-level attribution computed from them. Head calls a helper twice per op where base
 * calls it once. It starts after the count repetitions: reaching the passes through the CLI costs
 * 14 valgrind runs of pytest (94-134 s, tests/e2e/pytest-benchmark-counts.test.ts) that show nothing here.
 */
import { describe, expect } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { callAttribution } from '../../src/counts/call-counts.js';
import { pytestBenchmark } from '../../src/harness/pytest-benchmark.js';
import { discoverBenchmarks, type CountContext } from '../../src/runner/counts.js';
import { runCProfilePasses } from '../../src/runner/cprofile-passes.js';
import { readLog, ResultsLog } from '../../src/runner/log.js';
import { testHeader } from '../helpers/log-header.js';
import { tempDir } from './helpers.js';
import { itWhen, pytestBenchmarkPython } from '../helpers/toolchains.js';
import { realExecutor } from '../../src/runner/executor.js';

const suite = (body: string) => `def helper(x):
    return x * 2


def work():
    return ${body}


def test_work(benchmark):
    benchmark(work)
`;

const python = pytestBenchmarkPython();
const itWithPython = itWhen(() => python !== null);

function checkout(root: string, side: string, body: string): string {
  const dir = path.join(root, side);
  mkdirSync(path.join(dir, 'tests'), { recursive: true });
  writeFileSync(path.join(dir, 'tests', 'test_work.py'), suite(body));
  return dir;
}

function context(root: string): CountContext {
  const description = pytestBenchmark.counts!;
  const target = description.recognise([python!, '-m', 'pytest', 'tests/'])!;
  return {
    format: 'pytest-benchmark',
    description,
    target,
    suite: 'suite',
    dirs: { base: checkout(root, 'base', 'helper(1)'), head: checkout(root, 'head', 'helper(1) + helper(2)') },
    env: () => ({ PATH: process.env.PATH, HOME: process.env.HOME }),
    normaliseName: (name) => name,
    timeoutSec: 120,
    jobs: 2,
    executor: realExecutor,
    tmp: tempDir(),
    info: () => {},
    warn: () => {},
    checkCancelled: () => {},
  };
}

describe('cProfile passes for pytest-benchmark', () => {
  itWithPython(
    'logs one calls profile a side from two works, and the attribution names the helper 1 -> 2 calls per op',
    async () => {
      const root = tempDir();
      const ctx = context(root);
      const benchmarks = await discoverBenchmarks(ctx);
      expect(benchmarks.map((b) => b.name)).toEqual(['tests/test_work.py::test_work']);
      const file = path.join(root, 'results.jsonl');
      const log = new ResultsLog(file, testHeader());
      await runCProfilePasses(ctx, benchmarks, { 'tests/test_work.py::test_work': { small: 300, large: 600 } }, (p) =>
        log.appendProfile(p),
      );
      log.end('completed');

      const { profiles } = readLog(file);
      expect(profiles.map((p) => [p.side, p.tool, p.level, p.round, p.works])).toEqual(
        expect.arrayContaining([
          ['base', 'cprofile', 'calls', 0, [300, 600]],
          ['head', 'cprofile', 'calls', 0, [300, 600]],
        ]),
      );
      expect(profiles).toHaveLength(2);
      const head = profiles.find((p) => p.side === 'head')!;
      // Worktree paths are relative, so both sides key the helper alike; only what grows with the work is kept.
      expect(head.files).toEqual(['tests/test_work.py']);
      // The profiler's own C method (`~`) is dropped, and no frame of pytest or pytest-benchmark is there.
      expect(head.functions).toEqual([
        [0, 'helper', 600, 1200],
        [0, 'work', 300, 600],
      ]);

      const attribution = callAttribution(profiles)!;
      expect(attribution.functions[0]).toMatchObject({ file: 'tests/test_work.py', name: 'helper', base: 1, head: 2, delta: 1 });
      expect(attribution.functions[0]!.sharePct).toBe(100);
      expect(attribution.total).toMatchObject({ delta: 1 });
    },
    120_000,
  );
});
