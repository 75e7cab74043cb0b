/**
 * A/A: base == head, so every flag is a false alarm. Share of simulated pull requests with at
 * least one flag, per method, for suites of 10 and 100 benchmarks.
 */
import type { Cell } from '../sim/experiment.js';
import { ALPHA, METHODS, type MethodKey } from '../sim/methods.js';
import { NOISE_MODELS } from '../sim/noise.js';
import { runCells } from '../sim/pool.js';
import { markdownTable, pct } from '../tables.js';
import { cvLabel, noiseGrid, NOISES } from './grid.js';
import type { Check, SectionOptions, SectionOutput } from './types.js';

const METHOD_KEYS: MethodKey[] = ['benchgate', 'mwu', 'ratio-110', 'ratio-200'];

/**
 * The most a simulated A/A rate may show when the true rate is α: α plus two binomial standard
 * errors. Holm keeps the family-wise rate at or just below α, so with noise well above the
 * threshold the estimate sits on α and half the cells would exceed a bare "≤ α" by chance.
 */
function alphaBound(trials: number): number {
  return ALPHA + 2 * Math.sqrt((ALPHA * (1 - ALPHA)) / trials);
}

export async function falseAlarms(opts: SectionOptions): Promise<SectionOutput> {
  const suites = [
    { benchmarks: 10, trials: opts.quick ? 400 : 500 },
    { benchmarks: 100, trials: opts.quick ? 60 : 100 },
  ];
  const grid = opts.quick ? noiseGrid(NOISES, [0.02], [10]) : noiseGrid();
  const cells: Cell[] = suites.flatMap((s) =>
    grid.map((g) => ({
      label: `aa/${s.benchmarks}/${g.noise}/${g.cv}/${g.rounds}`,
      benchmarks: s.benchmarks,
      ...g,
      slowdown: 0,
      schedule: 'interleaved' as const,
      drift: 'none' as const,
      methods: METHOD_KEYS,
      trials: s.trials,
    })),
  );
  const results = await runCells(cells);

  const checks: Check[] = [];
  const tables = suites.map((s) => {
    const rows = cells.flatMap((cell, i) => {
      if (cell.benchmarks !== s.benchmarks) return [];
      const rates = results[i]!.falseAlarm;
      const where = `${s.benchmarks} benchmarks, ${cell.noise}, CV ${cvLabel(cell.cv)}, n = ${cell.rounds}`;
      checks.push({
        claim: `A/A rate ≤ α within simulation error (${where})`,
        holds: rates[0]! <= alphaBound(s.trials),
        detail: `benchgate ${pct(rates[0]!)}, bound ${pct(alphaBound(s.trials))} (α + 2 SE of ${s.trials} trials)`,
      });
      checks.push({
        claim: `benchgate below the uncorrected rule (${where})`,
        holds: rates[0]! < rates[1]!,
        detail: `benchgate ${pct(rates[0]!)} vs ${pct(rates[1]!)}`,
      });
      return [[NOISE_MODELS[cell.noise].name, cvLabel(cell.cv), cell.rounds, ...rates.map(pct)]];
    });
    return [
      `#### Suite of ${s.benchmarks} benchmarks (${s.trials} simulated pull requests per row)`,
      '',
      markdownTable(['noise', 'CV', 'n', ...METHOD_KEYS.map((k) => METHODS[k].name)], rows),
    ].join('\n');
  });

  const markdown = [
    '### 1. False alarms (A/A: base == head)',
    '',
    'Share of pull requests with at least one benchmark flagged; n = rounds per side.',
    `A cell's standard error is about ${pct(Math.sqrt((ALPHA * (1 - ALPHA)) / suites[0]!.trials))} at a true rate of 5% with ${suites[0]!.trials} pull requests, ${pct(Math.sqrt((ALPHA * (1 - ALPHA)) / suites[1]!.trials))} with ${suites[1]!.trials}.`,
    'benchgate counts a `regression` or `improvement` verdict; the uncorrected rule counts p < 0.05 either way; the ratio rules alert on head / base ≥ ratio (slowdowns only, as github-action-benchmark does).',
    '',
    ...tables.flatMap((t) => [t, '']),
  ].join('\n');
  return { markdown, checks };
}
