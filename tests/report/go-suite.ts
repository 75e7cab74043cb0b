/**
 * A realistic result of a real Go library's suite under `rounds: auto`, shaped like what
 * benchgate printed for github.com/google/uuid (issue 21): 15 benchmarks × ns/op, B/op and
 * allocs/op (the last two secondary, not gating), three process-cost rows, two improvements, one
 * benchmark the budget left undecided, ten named too noisy at the first look, and 30 rounds of
 * per-round values behind each sparkline. Built by hand, seeded, so its size does not move.
 */
import { unreachableWarning } from '../../src/analysis/sequential.js';
import type { AdaptiveSettings, Comparison, ComparisonResult } from '../../src/model.js';
import { comparison, result, summary } from '../builders.js';
import { TEST_SETTINGS } from '../helpers/log-header.js';

const PKG = 'github.com/google/uuid';
export const GO_BENCHMARKS = [
  'Parse',
  'ParseBytes',
  'ParseBytesUnsafe',
  'ParseBytesCopy',
  'New',
  'UUID_String',
  'UUID_URN',
  'UUID_MarshalText',
  'UUID_UnmarshalText',
  'NewV7',
  'NewString',
  'ParseBadLength',
  'ParseLen32Truncated',
  'ParseLen36Corrupted',
  'UUIDs_Strings',
].map((name) => `${PKG}.Benchmark${name}-2`);

/** A small deterministic generator (mulberry32), so the fixture is the same on every machine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROUNDS = 30;

function perRound(centre: number, next: () => number): { rounds: number[]; values: number[] } {
  return {
    rounds: Array.from({ length: ROUNDS }, (_, i) => i + 1),
    values: Array.from({ length: ROUNDS }, () => centre * (0.9 + 0.2 * next())),
  };
}

export function goSuiteResult(): ComparisonResult {
  const next = random(21);
  const comparisons: Comparison[] = [];
  GO_BENCHMARKS.forEach((benchmark, i) => {
    const baseNs = 40 + 37 * i;
    const improved = i === 4 || i === 9;
    const undecided = i === 13;
    const changePct = improved ? -31.5 + i : undecided ? 1.8 : (next() - 0.5) * 2;
    const headNs = baseNs * (1 + changePct / 100);
    comparisons.push(
      comparison({
        suite: 'go',
        benchmark,
        unit: 's',
        base: summary(baseNs * 1e-9, { n: ROUNDS }),
        head: summary(headNs * 1e-9, { n: ROUNDS }),
        changePct,
        changeCi: undecided ? [-3.9, 7.4] : [changePct - 1.2, changePct + 1.2],
        p: improved ? 3e-7 : undecided ? 0.31 : 0.4 + next() / 2,
        pAdjusted: null,
        verdict: improved ? 'improvement' : undecided ? 'inconclusive' : 'unchanged',
        sequential: improved
          ? { stop: 'decided', rounds: 10, closedAt: 10, nominalP: 0.000041 }
          : undecided
            ? { stop: 'budget', rounds: ROUNDS, closedAt: ROUNDS, nominalP: 0.0009 }
            : { stop: 'equivalence', rounds: 20, closedAt: 20, nominalP: 0.0002 },
        diagnostics: { rounds: { base: perRound(baseNs * 1e-9, next), head: perRound(headNs * 1e-9, next) } },
      }),
    );
    for (const [metric, unit, value] of [
      ['B/op', 'B', 16 * (i % 4)],
      ['allocs/op', 'allocs/op', i % 3],
    ] as const) {
      comparisons.push(
        comparison({
          suite: 'go',
          benchmark,
          metric,
          unit,
          base: summary(value, { n: ROUNDS }),
          head: summary(value, { n: ROUNDS }),
          changePct: 0,
          changeCi: [0, 0],
          p: 1,
          pAdjusted: null,
          gating: false,
          notGating: 'secondary',
        }),
      );
    }
  });
  for (const [metric, unit, base] of [
    ['cpu-user', 's', 4.1],
    ['cpu-sys', 's', 0.6],
    ['max-rss', 'KiB', 41_200],
  ] as const) {
    comparisons.push(
      comparison({
        suite: 'go',
        benchmark: '(process)',
        metric,
        unit,
        base: summary(base, { n: ROUNDS }),
        head: summary(base * 1.004, { n: ROUNDS }),
        changePct: 0.4,
        changeCi: [-1.1, 1.9],
        p: 0.52,
        pAdjusted: null,
        gating: false,
        notGating: 'process',
      }),
    );
  }
  const adaptive: AdaptiveSettings = {
    minRounds: 10,
    lookEvery: 5,
    maxRounds: ROUNDS,
    maxTimeSec: 1800,
    spending: 'obrien-fleming',
    test: 'mann-whitney',
    filter: true,
  };
  const noisy = GO_BENCHMARKS.filter((_, i) => i !== 4 && i !== 9 && i < 12).slice(0, 10);
  return result(comparisons, {
    base: { ref: 'master', sha: '2d3c2a9cc518326daf99a383f07c4d3c44317e4d' },
    head: { ref: 'pull/142/merge', sha: '7c2b9d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c' },
    seed: 90210,
    tool: { name: 'benchgate', version: '0.1.0' },
    settings: { ...TEST_SETTINGS, format: 'go', suite: 'go', bench: 'go test -run ^$ -bench . -benchmem', rounds: ROUNDS, adaptive },
    rounds: { planned: ROUNDS, completed: ROUNDS },
    verdict: 'inconclusive',
    geomean: { changePct: -4.3, ci: [-5.1, -3.4], benchmarks: 15 },
    adaptive: {
      stoppedBy: 'max-rounds',
      looks: [10, 15, 20, 25, 30],
      open: [...Array<null>(10).fill(null), ...Array<number>(20).fill(1)],
      notes: [],
      unreachable: noisy,
    },
    warnings: [
      unreachableWarning(noisy, 2, ROUNDS, true),
      { code: 'high-load', message: 'load average 2.6 on 2 CPUs during the runs: timings may be noisy' },
    ],
  });
}
