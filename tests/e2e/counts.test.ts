/**
 * measure: instructions per benchmark, end to end on a real Go suite: a tiny module of six
 * benchmarks whose head makes one do ~3% more work (a loop bound). The counts find it and
 * nothing else moves; a bench command benchgate cannot see through is a clear exit 2.
 */
import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { perOpCounts } from '../../src/counts/per-op.js';
import { SCHEMA_VERSION } from '../../src/model.js';
import { readLog } from '../../src/runner/log.js';
import { countSuite as suite } from '../../bench/real/go-counts.js';
import { makeRepo, readResults, runLastCommit, tempDir } from './helpers.js';
import { GO_PATH as PATH, hasTool, itWhen } from '../helpers/toolchains.js';

const itWithGo = itWhen(() => hasTool('go', 'version') && hasTool('valgrind', '--version'));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('benchgate run --measure instructions --format go', () => {
  itWithGo(
    'counts each of six benchmarks and finds the one whose work grew ~3%, and only that one',
    async () => {
      const repo = makeRepo([suite(100), suite(103)]);
      const out = tempDir();
      const r = await runLastCommit(
        repo,
        "go test -run '^$' -bench . .",
        out,
        ['--format', 'go', '--measure', 'instructions', '--jobs', '2'],
        {
          env: { PATH },
        },
      );
      expect(r.stderr).not.toMatch(/failed/);
      // A +3% regression against the 2% threshold fails the gate; nothing else is flagged.
      expect(r.code).toBe(1);
      const result = readResults(out);
      const verdicts = Object.fromEntries(
        result.comparisons.map((c) => [c.benchmark.replace('example.com/counts.Benchmark', ''), c.verdict]),
      );
      expect(verdicts).toEqual({
        Changed: 'regression',
        Same: 'unchanged',
        Small: 'unchanged',
        Large: 'unchanged',
        'Sizes/n=10': 'unchanged',
        'Sizes/n=1000': 'unchanged',
      });
      expect(result.comparisons.every((c) => c.metric === 'instructions' && c.gating)).toBe(true);
      expect(result.warnings.map((w) => w.code)).toContain('counts-can-miss');
      const log = readLog(path.join(out, 'results.jsonl'));
      expect(log.header.schemaVersion).toBe(SCHEMA_VERSION);
      expect(log.header.config.countScope).toBe('benchmark');
      const names = Object.keys(log.header.countPlan!).sort();
      expect(names).toEqual(
        ['Changed', 'Large', 'Same', 'Sizes/n=10', 'Sizes/n=1000', 'Small'].map((n) => `example.com/counts.Benchmark${n}`),
      );
      for (const { small, large } of Object.values(log.header.countPlan!)) expect(large).toBe(2 * small);
      const counts = perOpCounts(log.runs);
      expect(counts.size).toBe(6);
      for (const [name, { base, head }] of counts) {
        expect(base.length).toBeGreaterThanOrEqual(3);
        expect(head.length).toBe(base.length);
        const change = (median(head) / median(base) - 1) * 100;
        if (name.endsWith('BenchmarkChanged')) {
          expect(change).toBeGreaterThan(2.5);
          expect(change).toBeLessThan(3.5);
        } else expect(Math.abs(change)).toBeLessThan(1);
      }
    },
    // Measured on a shared 2-core machine: 37 s at load average 3, 45 s at 6, 85 s at 12.
    300_000,
  );

  itWithGo(
    'counts the test binary the build command makes (count-binary) when the bench command is a script',
    async () => {
      const files = suite(100);
      const one = {
        'go.mod': files['go.mod']!,
        'work.go': files['work.go']!,
        'work_test.go': files['work_test.go']!.slice(0, files['work_test.go']!.indexOf('func BenchmarkSame')),
        Makefile: 'bench:\n\tgo test -bench .\n',
      };
      const repo = makeRepo([one, one]);
      const out = tempDir();
      const r = await runLastCommit(
        repo,
        'make bench',
        out,
        ['--format', 'go', '--measure', 'instructions', '--build', 'go test -c -o bench.test .', '--count-binary', 'bench.test'],
        { env: { PATH } },
      );
      expect(r.code).toBe(0);
      expect(readResults(out).comparisons.map((c) => [c.benchmark, c.verdict])).toEqual([
        ['example.com/counts.BenchmarkChanged', 'unchanged'],
      ]);
    },
    300_000,
  );

  it('refuses a bench command it cannot see through, naming the settings to give instead (exit 2)', async () => {
    const repo = makeRepo([{ Makefile: 'bench:\n\tgo test -bench .\n' }]);
    const r = await runLastCommit(repo, 'make bench', tempDir(), ['--format', 'go', '--measure', 'instructions']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot see through "make bench"');
    expect(r.stderr).toContain('count-packages');
    expect(r.stderr).toContain('count-binary');
  });
});
