/**
 * Timings of the statistics hot paths. `npm run bench` calls runStatsBench() in its overhead
 * section; run alone with `node --import tsx bench/stats.ts`. Figures are wall-clock on
 * whatever machine runs it; they are printed, never asserted.
 */
import { pathToFileURL } from 'node:url';
import { createRng, holm, hodgesLehmann, mannWhitneyU, percentChange, roundsNeeded, summarize, type Rng } from '../src/stats/index.js';

export interface StatsTiming {
  label: string;
  ms: number;
}

function time(label: string, run: () => void): StatsTiming {
  const started = performance.now();
  run();
  return { label, ms: performance.now() - started };
}

function lognormalSample(rng: Rng, n: number, scale = 1): number[] {
  return Array.from({ length: n }, () => scale * rng.lognormal(0, 0.05));
}

export function runStatsBench(): StatsTiming[] {
  const rng = createRng(1);
  const timings: StatsTiming[] = [];

  // Exact Mann-Whitney p, n1 = n2 = 50: the first call builds the cached U table.
  const samples = Array.from({ length: 100 }, () => [lognormalSample(rng, 50), lognormalSample(rng, 50, 1.01)]);
  timings.push(time('exact U table for 50 x 50 (first call, then cached)', () => mannWhitneyU(samples[0]![0]!, samples[0]![1]!)));
  timings.push(
    time('exact Mann-Whitney p, n1 = n2 = 50, 1e4 calls', () => {
      for (let i = 0; i < 1e4; i++) {
        const [x, y] = samples[i % samples.length]!;
        mannWhitneyU(x!, y!, { method: 'exact' });
      }
    }),
  );

  // The statistics of one analysis: 1000 benchmarks x 30 rounds per side.
  const suite = Array.from({ length: 1000 }, () => [lognormalSample(rng, 30), lognormalSample(rng, 30, 1.002)]);
  timings.push(
    time('statistics for 1000 benchmarks x 30 rounds (summaries, U, HL, % change, Holm, rounds needed)', () => {
      const p = suite.map(([base, head]) => {
        const baseSummary = summarize(base!);
        summarize(head!);
        hodgesLehmann(head!, base!);
        percentChange(base!, head!);
        roundsNeeded({ cv: baseSummary.cv, effectPct: 1, alpha: 0.05 / 1000 });
        return mannWhitneyU(base!, head!).p;
      });
      holm(p);
    }),
  );

  const big = [lognormalSample(rng, 1e5), lognormalSample(rng, 1e5, 1.001)] as const;
  timings.push(time('Mann-Whitney, 1e5 samples per side (asymptotic)', () => mannWhitneyU(big[0], big[1])));
  timings.push(time('Hodges-Lehmann + interval, 1e5 samples per side (1e10 differences)', () => hodgesLehmann(big[1], big[0])));
  return timings;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const t of runStatsBench()) console.log(`${t.label}: ${t.ms.toFixed(1)} ms`);
}
