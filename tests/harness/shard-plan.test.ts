/** Shard plans (src/harness/shard-plan.ts): the file, the greedy balance by time, the plan a log gives. */
import { describe, expect, it } from '@jest/globals';
import { parseShardPlan, planAssignment, planFromRuns, plannedShardOf, shardPlanText } from '../../src/harness/shard-plan.js';
import { shardOfName } from '../../src/harness/shard-split.js';
import type { Run } from '../../src/model.js';
import { run as aRun } from '../builders.js';

const plan = (times: Record<string, number>) => parseShardPlan(JSON.stringify({ benchgateShardPlan: 1, times }), 'plan.json');

/** A run of suite "s" with no measurements unless given (tests/builders.ts fills the rest). */
const run = (side: 'base' | 'head', round: number, extra: Partial<Run>): Run =>
  aRun({ suite: 's', side, round, position: 0, measurements: [], ...extra });

describe('shard plans', () => {
  it('balances greedily by time, longest first, to the lightest shard; the same file gives the same assignment', () => {
    const p = plan({ a: 10, b: 6, c: 5, d: 4, e: 1 });
    const assigned = planAssignment(p, 2);
    expect(Object.fromEntries(assigned)).toEqual({ a: 1, b: 2, c: 2, d: 1, e: 2 });
    // Loads 14 and 12, where the hash gives whatever it gives.
    expect(plan({ e: 1, d: 4, c: 5, b: 6, a: 10 }).digest).toBe(p.digest);
    expect(Object.fromEntries(planAssignment(plan({ e: 1, d: 4, c: 5, b: 6, a: 10 }), 2))).toEqual(Object.fromEntries(assigned));
  });

  it("keeps a benchmark the plan does not hold on its hash shard, and takes the split's unit (Go's top-level benchmark)", () => {
    const assignment = planAssignment(plan({ BenchmarkA: 3, BenchmarkB: 2 }), 3);
    expect(plannedShardOf('go', 'example.com/m.BenchmarkA/size=1-8', 3, assignment)).toBe(assignment.get('BenchmarkA'));
    expect(plannedShardOf('go', 'example.com/m.BenchmarkNew-8', 3, assignment)).toBe(shardOfName('BenchmarkNew', 3));
  });

  it('refuses a file that is not a plan, naming it and the fix (exit 2 where the config reads it)', () => {
    expect(() => parseShardPlan('{', 'p.json')).toThrow('p.json: not JSON');
    expect(() => parseShardPlan('{"times": {}}', 'p.json')).toThrow('p.json: expected {"benchgateShardPlan": 1');
    expect(() => parseShardPlan('{"benchgateShardPlan": 1, "times": {"a": -1}}', 'p.json')).toThrow('times["a"] is -1');
  });

  it("writes a log's times: count runs' wall time per repetition, or the median time each benchmark reported; round trips", () => {
    const counted = [1, 2, 3].flatMap((round) => [
      run('base', round, { benchmark: 'BenchmarkA', work: 10, wallMs: 1000 * round }),
      run('base', round, { benchmark: 'BenchmarkA', work: 20, wallMs: 2000 }),
      run('base', round, { benchmark: 'BenchmarkB', work: 10, wallMs: 500 }),
    ]);
    expect(planFromRuns('go', counted).times).toEqual({ BenchmarkA: 4, BenchmarkB: 0.5 });
    const timed = [1, 2, 3].map((round) =>
      run('head', round, {
        measurements: [
          { benchmark: 'example.com/m.BenchmarkS/a-2', metric: 'time', unit: 's', better: 'lower', values: [round * 0.001] },
          { benchmark: 'example.com/m.BenchmarkS/b-2', metric: 'time', unit: 's', better: 'lower', values: [0.003] },
          { benchmark: 'example.com/m.BenchmarkS/b-2', metric: 'bytes', unit: 'B', better: 'lower', values: [9] },
        ],
      }),
    );
    const p = planFromRuns('go', timed);
    expect(p.times).toEqual({ BenchmarkS: 0.005 });
    expect(parseShardPlan(shardPlanText(p), 'p.json')).toEqual(p);
  });
});
