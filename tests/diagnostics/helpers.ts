import type { Measurement, Run, Side } from '../../src/model.js';

/** A run with the given time measurements (one value each) and process cost. */
export function runOf(
  side: Side,
  round: number,
  measurements: Partial<Measurement>[],
  cost: { cpuUserMs?: number | null; cpuSysMs?: number | null; maxRssKb?: number | null } = {},
): Run {
  return {
    suite: 'suite',
    side,
    round,
    position: side === 'base' ? 0 : 1,
    startedAt: '2026-01-01T00:00:00Z',
    wallMs: 1000,
    cpuUserMs: cost.cpuUserMs ?? null,
    cpuSysMs: cost.cpuSysMs ?? null,
    maxRssKb: cost.maxRssKb ?? null,
    exitCode: 0,
    measurements: measurements.map((m) => ({ benchmark: 'b', metric: 'time', unit: 's', better: 'lower', values: [1], ...m })),
  };
}
