/**
 * A/A: base == head, so every flag is a false alarm. Share of simulated pull requests with at
 * least one flag, per method, for suites of 10 and 100 benchmarks.
 */
import type { Cell } from '../sim/experiment.js';
import { ALPHA, METHODS, type MethodKey } from '../sim/methods.js';
import { NOISE_MODELS } from '../sim/noise.js';
import { runCells } from '../sim/pool.js';
import { markdownTable, pct } from '../tables.js';
import { CVS, cvLabel, noiseGrid, NOISES, ROUNDS } from './grid.js';
import type { Check, SectionOptions, SectionOutput } from './types.js';

const METHOD_KEYS: MethodKey[] = ['benchgate', 'mwu', 'ratio-110', 'ratio-200'];

export async function falseAlarms(opts: SectionOptions): Promise<SectionOutput> {
  const suites = [
    { benchmarks: 10, trials: opts.quick ? 400 : 1000 },
    { benchmarks: 100, trials: opts.quick ? 60 : 200 },
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
        claim: `A/A rate ≤ α (${where})`,
        holds: rates[0]! <= ALPHA,
        detail: `benchgate ${pct(rates[0]!)}`,
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
    `Share of pull requests with at least one benchmark flagged. n = rounds per side; CV levels ${CVS.map(cvLabel).join(', ')}; rounds ${ROUNDS.join(', ')}.`,
    'benchgate counts a `regression` or `improvement` verdict; the uncorrected rule counts p < 0.05 either way; the ratio rules alert on head / base ≥ ratio (slowdowns only, as github-action-benchmark does).',
    '',
    ...tables.flatMap((t) => [t, '']),
  ].join('\n');
  return { markdown, checks };
}
