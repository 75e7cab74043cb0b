/**
 * Shards in the analysis (src/analysis/shards.ts): a joined log's fixed-rounds verdicts are one
 * Holm family, the same as one log's; with rounds auto the joined replay gives every shard the
 * verdicts its own log gave it (the live shard and the merge hold it to the same share of
 * alpha); a shard's log counts only its own benchmarks; a shard that owns none has nothing to fail.
 */
import { describe, expect, it } from '@jest/globals';
import { analyze } from '../../src/analysis/index.js';
import { countShareAlpha, shardShare } from '../../src/analysis/shards.js';
import { countLevel } from '../../src/stats/count-rule.js';
import { parseShardPlan, planAssignment } from '../../src/harness/shard-plan.js';
import { joinShards } from '../../src/runner/join-shards.js';
import { parseLog } from '../../src/runner/log.js';
import { ADAPTIVE_BUDGET, ADAPTIVE_DESIGN } from '../../src/adaptive/defaults.js';
import { shardOfName } from '../../src/harness/shard-split.js';
import type { AnalysisGate, JoinedShard, LogEnd, Run, RunSettings, ShardHeader } from '../../src/model.js';
import { createRng } from '../../src/stats/random.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

const NAMES = Array.from({ length: 12 }, (_, i) => `bench_${String(i).padStart(2, '0')}`);
const SLOWER: Record<string, number> = { bench_03: 2, bench_09: 2 };
const TOTAL = 4;
const GATE: AnalysisGate = {
  alpha: 0.05,
  thresholdPct: 2,
  correction: 'holm',
  failOn: ['regression'],
  gateMetrics: [],
  gateProcess: false,
  ignore: [],
  thresholds: [],
};
const END: LogEnd = { type: 'end', endedAt: '2026-01-01T01:00:00Z', status: 'completed' };
const AUTO: RunSettings = {
  ...TEST_SETTINGS,
  alpha: ADAPTIVE_DESIGN.alpha,
  rounds: ADAPTIVE_BUDGET.maxRounds,
  adaptive: { ...ADAPTIVE_BUDGET, maxTimeSec: 0, spending: ADAPTIVE_DESIGN.spending, test: ADAPTIVE_DESIGN.test, filter: true },
};

/** Seeded values, CV 3%: every benchmark in every round. */
function runsOf(rounds: number, names: readonly string[] = NAMES): Run[] {
  const rng = createRng(11);
  const runs: Run[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const [position, side] of (['base', 'head'] as const).entries()) {
      runs.push({
        suite: 'benchmarks',
        side,
        round,
        position,
        startedAt: '2026-01-01T00:00:00Z',
        wallMs: 1000,
        cpuUserMs: null,
        cpuSysMs: null,
        maxRssKb: null,
        exitCode: 0,
        measurements: names.map((benchmark) => ({
          benchmark,
          metric: 'time',
          unit: 'ms',
          better: 'lower' as const,
          values: [10 * (side === 'head' ? (SLOWER[benchmark] ?? 1) : 1) * Math.exp(rng.normal(0, 0.03))],
        })),
      });
    }
  }
  return runs;
}

const shardHeaders: ShardHeader[] = Array.from({ length: TOTAL }, (_, i) => ({
  index: i + 1,
  total: TOTAL,
  benchmarks: NAMES.filter((n) => shardOfName(n, TOTAL) === i + 1),
  listed: NAMES.length,
}));
const joinedShards: JoinedShard[] = shardHeaders.map((s) => ({ ...s, seed: 1, startedAt: '2026-01-01T00:00:00Z', environment: {} }));

/** Each shard's runs as it logged them: its own benchmarks only. */
const ofShard = (runs: readonly Run[], s: ShardHeader): Run[] =>
  runs.map((r) => ({ ...r, measurements: r.measurements.filter((m) => s.benchmarks.includes(m.benchmark)) }));

const rows = (settings: RunSettings, header: ReturnType<typeof testHeader>, runs: readonly Run[]) =>
  Object.fromEntries(
    analyze({ header, runs, end: END, settings })
      .comparisons.filter((c) => c.benchmark !== '(process)')
      .map((c) => [c.benchmark, { verdict: c.verdict, pAdjusted: c.pAdjusted }]),
  );

describe('shards in the analysis', () => {
  it('the split of these 12 names leaves every shard some benchmarks (the tests below need it)', () => {
    expect(shardHeaders.map((s) => s.benchmarks.length).every((n) => n > 0)).toBe(true);
  });

  it("fixed rounds: the joined log's verdicts and adjusted p are one job's (one Holm family)", () => {
    const runs = runsOf(10);
    const joined = shardHeaders.flatMap((s) => ofShard(runs, s).map((r) => ({ ...r, shard: s.index })));
    const single = rows(TEST_SETTINGS, testHeader(), runs);
    expect(rows(TEST_SETTINGS, testHeader({ shards: joinedShards }), joined)).toEqual(single);
    expect(
      Object.entries(single)
        .filter(([, r]) => r.verdict === 'regression')
        .map(([n]) => n),
    ).toEqual(['bench_03', 'bench_09']);
  });

  it('rounds auto: the joined replay gives each shard the verdicts its own log gave it, at its share of alpha', () => {
    const runs = runsOf(AUTO.rounds!);
    const joined = shardHeaders.flatMap((s) => ofShard(runs, s).map((r) => ({ ...r, shard: s.index })));
    const merged = rows(AUTO, testHeader({ config: AUTO, shards: joinedShards }), joined);
    const alone = Object.assign({}, ...shardHeaders.map((s) => rows(AUTO, testHeader({ config: AUTO, shard: s }), ofShard(runs, s))));
    expect(merged).toEqual(alone);
    expect(merged.bench_03!.verdict).toBe('regression');
    // At the whole alpha a shard would decide on a looser level than the merge: its share is what it is held to.
    const share = shardHeaders.find((s) => s.benchmarks.includes('bench_03'))!;
    const result = analyze({ header: testHeader({ config: AUTO, shard: share }), runs: ofShard(runs, share), end: END, settings: AUTO });
    const nominal = result.comparisons.find((c) => c.benchmark === 'bench_03')!.sequential!.nominalP;
    const whole = analyze({ header: testHeader({ config: AUTO }), runs: ofShard(runs, share), end: END, settings: AUTO });
    expect(nominal!).toBeLessThan(whole.comparisons.find((c) => c.benchmark === 'bench_03')!.sequential!.nominalP!);
  });

  it("a shard's log counts only its own benchmarks; one that owns none has nothing to fail", () => {
    const s = shardHeaders[0]!;
    const result = analyze({ header: testHeader({ shard: s }), runs: runsOf(10), end: END, settings: TEST_SETTINGS });
    expect(
      result.comparisons
        .filter((c) => c.benchmark !== '(process)')
        .map((c) => c.benchmark)
        .sort(),
    ).toEqual(s.benchmarks);
    const empty = analyze({
      header: testHeader({ shard: { index: 1, total: 40, benchmarks: [], listed: 12 } }),
      runs: [],
      end: END,
      settings: TEST_SETTINGS,
    });
    expect([empty.verdict, empty.failures.noResults]).toEqual(['pass', false]);
  });

  it('joining keeps to each shard the benchmarks the hash gives it, so a forged list cannot claim more than all of alpha', () => {
    const logs = shardHeaders.map((s) => ({
      file: `shard-${s.index}.jsonl`,
      log: {
        // Shard 1 claims every benchmark.
        header: testHeader({ shard: s.index === 1 ? { ...s, benchmarks: NAMES } : s }),
        runs: ofShard(runsOf(2), s),
        end: END,
        skipped: [],
        profiles: [],
      },
    }));
    const joined = parseLog(joinShards(logs, GATE), 'joined.jsonl').header.shards!;
    expect(joined.map((s) => s.benchmarks)).toEqual(shardHeaders.map((s) => s.benchmarks));
    expect(joined.reduce((sum, s) => sum + shardShare(s), 0)).toBeCloseTo(1, 12);
  });

  it("holds each shard's counted benchmarks to the count rule's level in one job of every listed benchmark", () => {
    for (const alpha of [0.001, 0.05]) {
      for (const s of shardHeaders.filter((h) => h.benchmarks.length > 0)) {
        expect(countLevel(s.benchmarks.length, countShareAlpha(alpha, s))).toBeCloseTo(countLevel(NAMES.length, alpha), 15);
      }
    }
  });

  it("a shard plan: joined by the shards' lists (one plan, disjoint), the single job's verdicts; another plan or a doubled benchmark is refused", () => {
    const plan = parseShardPlan(
      JSON.stringify({ benchgateShardPlan: 1, times: Object.fromEntries(NAMES.map((n, i) => [n, i + 1])) }),
      'plan.json',
    );
    const assignment = planAssignment(plan, TOTAL);
    const headers: ShardHeader[] = shardHeaders.map((s) => ({
      ...s,
      benchmarks: NAMES.filter((n) => assignment.get(n) === s.index),
      plan: plan.digest,
    }));
    // The plan moves benchmarks: not the hash split.
    expect(headers.map((h) => h.benchmarks)).not.toEqual(shardHeaders.map((h) => h.benchmarks));
    const runs = runsOf(10);
    const logsOf = (hs: ShardHeader[]) =>
      hs.map((h) => ({
        file: `shard-${h.index}.jsonl`,
        log: { header: testHeader({ shard: h }), runs: ofShard(runs, h), end: END, skipped: [], profiles: [] },
      }));
    const joined = parseLog(joinShards(logsOf(headers), GATE), 'joined.jsonl');
    expect(joined.header.shards!.map((s) => s.benchmarks)).toEqual(headers.map((h) => h.benchmarks));
    expect(rows(TEST_SETTINGS, joined.header, joined.runs)).toEqual(rows(TEST_SETTINGS, testHeader(), runs));
    const other = headers.map((h, i) => (i === 1 ? { ...h, plan: 'f'.repeat(64) } : h));
    expect(() => joinShards(logsOf(other), GATE)).toThrow('shard-2.jsonl: shard 2/4 used another shard plan than shard-1.jsonl');
    const doubled = headers.map((h, i) => (i === 2 ? { ...h, benchmarks: [...h.benchmarks, headers[0]!.benchmarks[0]!] } : h));
    expect(() => joinShards(logsOf(doubled), GATE)).toThrow(`shard 3/4 lists "${headers[0]!.benchmarks[0]}", which shard 1/4 lists too`);
  });
});
