/**
 * Drift: the machine slows during the job (linearly by 5%, or by 5% in one step half way).
 * Interleaved seeded rounds (planRounds) against sequential runs (all base, then all head),
 * and benchgate's Mann-Whitney against the paired signed-rank test on per-round ratios.
 */
import { DRIFTS, type DriftKey } from '../sim/drift.js';
import type { Cell } from '../sim/experiment.js';
import { METHODS, type MethodKey } from '../sim/methods.js';
import { NOISE_MODELS } from '../sim/noise.js';
import { runCells } from '../sim/pool.js';
import type { ScheduleKey } from '../sim/schedules.js';
import { markdownTable, pct } from '../tables.js';
import { cvLabel } from './grid.js';
import type { Check, SectionOptions, SectionOutput } from './types.js';

const BENCHMARKS = 10;
const CV = 0.02;
const NOISE = 'normal' as const;
const METHOD_KEYS: MethodKey[] = ['benchgate', 'signed-rank'];
const SCHEDULE_KEYS: ScheduleKey[] = ['interleaved', 'sequential'];

export async function drift(opts: SectionOptions): Promise<SectionOutput> {
  const trials = opts.quick ? 200 : 250;
  const drifts: DriftKey[] = opts.quick ? ['linear', 'step'] : ['none', 'linear', 'step'];
  const roundsList = opts.quick ? [10] : [10, 20];
  const effects = opts.quick ? [0] : [0, 3, 5];
  const cells: Cell[] = drifts.flatMap((d) =>
    roundsList.flatMap((rounds) =>
      SCHEDULE_KEYS.flatMap((schedule) =>
        effects.map((effect) => ({
          label: `drift/${d}/${rounds}/${schedule}/${effect}`,
          benchmarks: BENCHMARKS,
          rounds,
          noise: NOISE,
          cv: CV,
          slowdown: effect / 100,
          schedule,
          drift: d,
          methods: METHOD_KEYS,
          trials,
        })),
      ),
    ),
  );
  const results = await runCells(cells);
  const rate = (d: DriftKey, rounds: number, schedule: ScheduleKey, effect: number, m: MethodKey): number => {
    const i = cells.findIndex((c) => c.drift === d && c.rounds === rounds && c.schedule === schedule && c.slowdown === effect / 100);
    const r = results[i]!;
    return (effect === 0 ? r.falseAlarm : r.detected)[METHOD_KEYS.indexOf(m)]!;
  };

  const checks: Check[] = [];
  const rows = drifts.flatMap((d) =>
    roundsList.flatMap((rounds) =>
      METHOD_KEYS.map((m) => {
        const interleaved = rate(d, rounds, 'interleaved', 0, m);
        const sequential = rate(d, rounds, 'sequential', 0, m);
        if (d !== 'none' && m === 'benchgate') {
          checks.push({
            claim: `interleaved beats sequential under drift (${DRIFTS[d].name}, n = ${rounds})`,
            holds: interleaved < sequential,
            detail: `A/A false alarms ${pct(interleaved)} interleaved vs ${pct(sequential)} sequential`,
          });
        }
        return [
          DRIFTS[d].name,
          rounds,
          METHODS[m].name,
          ...effects.flatMap((e) => SCHEDULE_KEYS.map((s) => pct(rate(d, rounds, s, e, m)))),
        ];
      }),
    ),
  );
  const headers = effects.flatMap((e) => SCHEDULE_KEYS.map((s) => (e === 0 ? `A/A false alarms, ${s}` : `power +${e}%, ${s}`)));

  const markdown = [
    '### 3. Drift: interleaved vs sequential, Mann-Whitney vs paired',
    '',
    `Suite of ${BENCHMARKS} benchmarks, ${NOISE_MODELS[NOISE].name} noise at CV ${cvLabel(CV)}, ${trials} simulated pull requests per cell; power is for one slowed benchmark.`,
    'Under sequential runs the drift itself looks like a slowdown of head, so "power" there is partly the drift (and a real speed-up would be hidden by it).',
    '',
    markdownTable(['drift', 'n', 'method', ...headers], rows),
    '',
  ].join('\n');
  return { markdown, checks };
}
