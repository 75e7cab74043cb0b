import { describe, expect, it } from '@jest/globals';
import { runAdaptive, type AdaptiveBudget, type DriverOptions } from '../../src/adaptive/driver.js';
import { ADAPTIVE_DESIGN } from '../../src/adaptive/defaults.js';
import type { Measurement, Run, Side } from '../../src/model.js';
import { createRng } from '../../src/stats/index.js';

/** Hostile names on purpose: the driver hands names around, it never parses them. */
const NAMES = ['slow/+50% (x)', 'quiet "a"', 'quiet b\nline', 'quiet $c', 'quiet [d]*', 'quiet e'];

/**
 * A seeded stand-in harness: benchmark 0 is 50% slower on head, the rest unchanged, all at CV
 * 0.3%. It runs only the benchmarks it is asked for (all when asked for none) and records what
 * each round asked.
 */
function standIn(seed: number, opts: { ignoreFilter?: boolean; failing?: string } = {}) {
  const rng = createRng(seed);
  const asked: (string[] | null)[] = [];
  const runRound = (round: number, open: string[] | null): Promise<Run[]> => {
    asked.push(open);
    const names = open && !opts.ignoreFilter ? open : NAMES;
    const run = (side: Side, position: number): Run => ({
      suite: 's',
      side,
      round,
      position,
      startedAt: '',
      wallMs: 10,
      cpuUserMs: null,
      cpuSysMs: null,
      maxRssKb: null,
      exitCode: 0,
      measurements: names.map((name): Measurement => {
        const factor = side === 'head' && name === NAMES[0] ? 1.5 : 1;
        if (name === opts.failing && side === 'head')
          return { benchmark: name, metric: 'time', unit: 's', better: 'lower', values: [], failed: 'boom' };
        return { benchmark: name, metric: 'time', unit: 's', better: 'lower', values: [factor * (1 + 0.003 * rng.normal())] };
      }),
    });
    return Promise.resolve([run('base', 0), run('head', 1)]);
  };
  return { runRound, asked };
}

const budget: AdaptiveBudget = { minRounds: 10, lookEvery: 5, maxRounds: 30, maxTimeMs: 0 };

function options(harness: ReturnType<typeof standIn>, over: Partial<DriverOptions> = {}): DriverOptions {
  return { design: ADAPTIVE_DESIGN, budget, runRound: harness.runRound, canFilter: true, now: () => 0, ...over };
}

const byName = <T extends { benchmark: string }>(outcomes: T[]) => new Map(outcomes.map((o) => [o.benchmark, o]));

describe('runAdaptive', () => {
  it('stops early: the +50% benchmark is a regression and the quiet ones unchanged, well before max rounds', async () => {
    const harness = standIn(1);
    const r = await runAdaptive(options(harness));
    const o = byName(r.outcomes);
    expect(o.get(NAMES[0]!)).toMatchObject({ verdict: 'regression', stop: 'decided', significant: true });
    for (const name of NAMES.slice(1)) expect(o.get(name)).toMatchObject({ verdict: 'unchanged', stop: 'equivalence', rounds: 10 });
    expect(r.stoppedBy).toBe('decided');
    expect(r.rounds.length).toBeLessThan(budget.maxRounds);
    expect(o.get(NAMES[0]!)!.rounds).toBe(r.rounds.length);
    expect(o.get(NAMES[0]!)!.stat!.change().changePct).toBeGreaterThan(45);
  });

  it('runs the whole suite up to the first look, then asks only for the open benchmarks', async () => {
    const harness = standIn(2);
    const r = await runAdaptive(options(harness));
    expect(harness.asked.slice(0, 10)).toEqual(Array(10).fill(null));
    for (const asked of harness.asked.slice(10)) expect(asked).toEqual([NAMES[0]]);
    expect(r.rounds.slice(10).every((round) => round.openCount === 1 && round.open?.length === 1)).toBe(true);
    expect(r.rounds.filter((round) => round.look).map((round) => round.round)).toEqual(
      [10, 15, 20, 25, 30].filter((n) => n <= r.rounds.length),
    );
  });

  it('asks for nothing when the harness cannot filter, and says so', async () => {
    const harness = standIn(3);
    const r = await runAdaptive(options(harness, { canFilter: false }));
    expect(harness.asked.every((a) => a === null)).toBe(true);
    expect(r.notes.join(' ')).toMatch(/whole suite/);
  });

  it('falls back to whole-suite rounds when a filtered round misses an open benchmark', async () => {
    const harness = standIn(4);
    let calls = 0;
    const dropping = (round: number, open: string[] | null) => {
      calls++;
      // From round 11 on, the harness "forgets" everything: its filter selected nothing.
      return harness.runRound(round, open).then((runs) => (open ? runs.map((run) => ({ ...run, measurements: [] })) : runs));
    };
    const r = await runAdaptive(options(harness, { runRound: dropping }));
    expect(r.notes[0]).toMatch(/round 11: the filter did not select 1 open benchmark/);
    expect(harness.asked[11]).toBeNull();
    expect(byName(r.outcomes).get(NAMES[0]!)!.verdict).toBe('regression');
    expect(calls).toBe(r.rounds.length);
  });

  it('stops at max-time with a last look at the rounds run', async () => {
    const harness = standIn(5);
    let clock = 0;
    const slow = (round: number, open: string[] | null) => {
      clock += 1000; // every round takes a second
      return harness.runRound(round, open);
    };
    const r = await runAdaptive(options(harness, { runRound: slow, now: () => clock, budget: { ...budget, maxTimeMs: 12_500 } }));
    expect(r.stoppedBy).toBe('max-time');
    expect(r.rounds).toHaveLength(12);
    // Twelve rounds of a 50% change: the unplanned last look spends the alpha left and decides it.
    expect(byName(r.outcomes).get(NAMES[0]!)).toMatchObject({ verdict: 'regression', stop: 'decided', rounds: 12 });
  });

  it('reports a failed benchmark as failed without holding the others', async () => {
    const r = await runAdaptive(options(standIn(6, { failing: NAMES[5] })));
    expect(byName(r.outcomes).get(NAMES[5]!)).toMatchObject({ verdict: 'failed', stop: 'untestable' });
    expect(r.stoppedBy).toBe('decided');
  });

  it('reports the looks and the benchmarks still open', async () => {
    const looks: number[][] = [];
    await runAdaptive(options(standIn(7), { onLook: (l) => looks.push([l.round, l.open, l.decided]) }));
    expect(looks[0]).toEqual([10, 1, 5]);
    expect(looks.at(-1)![1]).toBe(0);
  });
});
