/**
 * Power: one benchmark of a suite of 10 is slowed by a known amount; the share of pull
 * requests in which each method reports that benchmark slower. The t-test with the same Holm
 * correction is the reference: the most powerful test for these shifts at the same alpha and n.
 */
import { minDetectableEffectPct } from '../../src/stats/index.js';
import type { Cell } from '../sim/experiment.js';
import { ALPHA, METHODS, type MethodKey } from '../sim/methods.js';
import { NOISE_MODELS } from '../sim/noise.js';
import { runCells } from '../sim/pool.js';
import { markdownTable, pct } from '../tables.js';
import { cvLabel, noiseGrid, NOISES } from './grid.js';
import type { SectionOptions, SectionOutput } from './types.js';

const BENCHMARKS = 10;
const SHOWN_EFFECTS = [1, 2, 3, 5, 10];
/** The finer grid the minimum detectable effect is read from. */
const EFFECTS = [1, 2, 3, 5, 7, 10, 15, 20];
const TARGET_POWER = 0.8;
const TABLE_METHODS: MethodKey[] = ['benchgate', 't-holm', 'mwu', 't', 'ratio-110'];
const METHOD_KEYS: MethodKey[] = [...TABLE_METHODS, 'ratio-200'];

export async function power(opts: SectionOptions): Promise<SectionOutput> {
  const trials = opts.quick ? 50 : 150;
  const grid = opts.quick ? noiseGrid(['normal'], [0.02], [10]) : noiseGrid();
  const cells: Cell[] = grid.flatMap((g) =>
    EFFECTS.map((effect) => ({
      label: `power/${g.noise}/${g.cv}/${g.rounds}/${effect}`,
      benchmarks: BENCHMARKS,
      ...g,
      slowdown: effect / 100,
      schedule: 'interleaved' as const,
      drift: 'none' as const,
      methods: METHOD_KEYS,
      trials,
    })),
  );
  const results = await runCells(cells);
  const detected = (g: (typeof grid)[number], effect: number, method: MethodKey): number => {
    const i = cells.findIndex((c) => c.noise === g.noise && c.cv === g.cv && c.rounds === g.rounds && c.slowdown === effect / 100);
    return results[i]!.detected[METHOD_KEYS.indexOf(method)]!;
  };
  /** Smallest effect of the grid detected in at least TARGET_POWER of the pull requests. */
  const mde = (g: (typeof grid)[number], method: MethodKey): string => {
    const found = EFFECTS.find((e) => detected(g, e, method) >= TARGET_POWER);
    return found === undefined ? `> ${EFFECTS.at(-1)}%` : `${found}%`;
  };

  const powerTables = (opts.quick ? ['normal' as const] : NOISES).map((noise) => {
    const rows = grid
      .filter((g) => g.noise === noise)
      .flatMap((g) =>
        TABLE_METHODS.map((m) => [cvLabel(g.cv), g.rounds, METHODS[m].name, ...SHOWN_EFFECTS.map((e) => pct(detected(g, e, m)))]),
      );
    return [
      `#### Noise: ${NOISE_MODELS[noise].name}`,
      '',
      markdownTable(['CV', 'n', 'method', ...SHOWN_EFFECTS.map((e) => `+${e}%`)], rows),
    ].join('\n');
  });

  const mdeRows = grid.map((g) => [
    NOISE_MODELS[g.noise].name,
    cvLabel(g.cv),
    g.rounds,
    mde(g, 'benchgate'),
    mde(g, 't-holm'),
    mde(g, 'mwu'),
    formatModel(minDetectableEffectPct({ cv: g.cv, n: g.rounds, alpha: ALPHA / BENCHMARKS })),
  ]);
  const ratio200 = Math.max(...results.map((r) => r.detected[METHOD_KEYS.indexOf('ratio-200')]!));

  const markdown = [
    '### 2. Power (one of 10 benchmarks slowed)',
    '',
    `Share of pull requests in which the slowed benchmark is reported slower; ${trials} simulated pull requests per cell. benchgate never reports a change below its 2% practical threshold, by design.`,
    `The ratio ≥ 200% rule detected at most ${pct(ratio200)} in any cell of this section (up to +${EFFECTS.at(-1)}%), so it is left out of the tables.`,
    '',
    ...powerTables.flatMap((t) => [t, '']),
    `#### Minimum detectable effect (smallest slowdown of ${EFFECTS.map((e) => `${e}`).join(', ')}% detected in ≥ ${TARGET_POWER * 100}% of pull requests)`,
    '',
    'The model column is what benchgate itself predicts for an inconclusive result (stats/power.ts, at α / 10 as analysis/compare.ts uses for 10 benchmarks).',
    '',
    markdownTable(['noise', 'CV', 'n', 'benchgate', METHODS['t-holm'].name, METHODS.mwu.name, 'model (power.ts)'], mdeRows),
    '',
  ].join('\n');
  return { markdown, checks: [] };
}

function formatModel(mdePct: number): string {
  return Number.isFinite(mdePct) ? `${mdePct.toFixed(1)}%` : 'never (n too small)';
}
