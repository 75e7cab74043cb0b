import { describe, expect, it } from '@jest/globals';
import { analyze } from '../../src/analysis/index.js';
import { PROCESS_BENCHMARK, processCost } from '../../src/diagnostics/cost.js';
import type { Run } from '../../src/model.js';
import { createRng } from '../../src/stats/index.js';
import { runOf } from './helpers.js';
import { testHeader } from '../helpers/log-header.js';

const header = testHeader({
  base: { ref: 'base', sha: 'a'.repeat(40) },
  head: { ref: 'head', sha: 'b'.repeat(40) },
  environment: { cpuCount: 2 },
});

/** 12 rounds where head is 5% faster but uses 40% more memory. */
function fasterButHungrier(): Run[] {
  const rng = createRng(9);
  const runs: Run[] = [];
  for (let round = 1; round <= 12; round++) {
    for (const side of ['base', 'head'] as const) {
      const speed = side === 'head' ? 0.95 : 1;
      const memory = side === 'head' ? 1.4 : 1;
      runs.push(
        runOf(side, round, [{ values: [0.01 * speed * (1 + rng.normal(0, 0.003))] }], {
          cpuUserMs: 2000 * speed * (1 + rng.normal(0, 0.003)),
          cpuSysMs: 20 + 10 * Math.round(rng.next()),
          maxRssKb: Math.round(100_000 * memory * (1 + rng.normal(0, 0.003))),
        }),
      );
    }
  }
  return runs;
}

describe('process cost', () => {
  it('becomes (process) measurements in seconds and bytes, lower is better', () => {
    const [run] = processCost([runOf('base', 1, [{}], { cpuUserMs: 1500, cpuSysMs: 250, maxRssKb: 2048 })]).runs;
    expect(run!.measurements.filter((m) => m.benchmark === PROCESS_BENCHMARK)).toEqual([
      { benchmark: PROCESS_BENCHMARK, metric: 'cpu-user', unit: 's', better: 'lower', values: [1.5] },
      { benchmark: PROCESS_BENCHMARK, metric: 'cpu-sys', unit: 's', better: 'lower', values: [0.25] },
      { benchmark: PROCESS_BENCHMARK, metric: 'max-rss', unit: 'B', better: 'lower', values: [2048 * 1024] },
    ]);
    expect(processCost([runOf('base', 1, [])]).runs[0]!.measurements).toEqual([]);
    expect(processCost([{ ...runOf('base', 1, [{}]), error: 'crashed' }]).runs[0]!.measurements).toHaveLength(1);
  });

  it('is compared like any metric: 5% faster but 40% more memory shows as both', () => {
    const result = analyze({ header, runs: fasterButHungrier(), end: null, settings: { ...header.config, rounds: 12 } });
    const verdict = (benchmark: string, metric: string) => result.comparisons.find((c) => c.benchmark === benchmark && c.metric === metric);
    expect(verdict('b', 'time')!.verdict).toBe('improvement');
    expect(verdict(PROCESS_BENCHMARK, 'cpu-user')!.verdict).toBe('improvement');
    const rss = verdict(PROCESS_BENCHMARK, 'max-rss')!;
    expect(rss.verdict).toBe('regression');
    expect(rss.changePct!).toBeCloseTo(40, 0);
    // cpu-sys is 2-3 clock ticks per run: left out, with a warning saying why.
    expect(verdict(PROCESS_BENCHMARK, 'cpu-sys')).toBeUndefined();
    expect(result.warnings.map((w) => w.code)).toContain('cost-too-coarse');
    expect(processCost(fasterButHungrier()).warnings[0]!.message).toMatch(/cpu-sys not compared/);
  });

  it('leaves peak RSS out when runs are too short for its 25 ms sampling to catch the peak', () => {
    // Identical short commands whose sampled peaks came out 21 or 41 MiB, by chance of timing.
    const short = Array.from({ length: 20 }, (_, i) => ({
      ...runOf(i % 2 === 0 ? 'base' : 'head', Math.floor(i / 2) + 1, [{}], { maxRssKb: (i % 4 < 2 ? 21 : 41) * 1024 }),
      wallMs: 60,
    }));
    expect(processCost(short).runs.flatMap((r) => r.measurements.map((m) => m.metric))).not.toContain('max-rss');
    expect(processCost(short).warnings.map((w) => w.message)).toEqual([
      'suite: max-rss not compared: runs last ~60 ms and peak memory is sampled every 25 ms, too seldom to catch the peak (needs runs of 250 ms)',
    ]);
    const long = short.map((r) => ({ ...r, wallMs: 300 }));
    expect(processCost(long).runs.flatMap((r) => r.measurements.map((m) => m.metric))).toContain('max-rss');
    expect(processCost(long).warnings).toEqual([]);
  });
});
