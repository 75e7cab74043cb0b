/**
 * Shards (issue 25, docs/shards.md): simulated A/A pull requests of 40 benchmarks at CV 2.66%
 * (GitHub-hosted runners' noise), analysed as one job's log and as 4 shards' logs joined
 * (src/runner/join-shards.ts's header, each shard's runs holding its own benchmarks), through
 * the real analysis (`analyze`). Fixed rounds: one Holm family, so the joined verdicts are the
 * single job's exactly. rounds auto: each shard replayed at its share of alpha (a weighted
 * Bonferroni across shards); goal: its A/A rate no higher than one job's (the shares add up to
 * alpha) and at most the 1% design target.
 */
import { analyze } from '../../src/analysis/index.js';
import { ADAPTIVE_BUDGET, ADAPTIVE_DESIGN } from '../../src/adaptive/defaults.js';
import { shardOfName } from '../../src/harness/shard-split.js';
import { SCHEMA_VERSION, type JoinedShard, type LogHeader, type Run, type RunSettings } from '../../src/model.js';
import { createRng } from '../../src/stats/random.js';
import { markdownTable, pct, wilsonInterval } from '../tables.js';
import type { Check, SectionOptions, SectionOutput } from './types.js';

const BENCHMARKS = 40;
const SHARDS = 4;
const CV = 0.0266;
const AA_GOAL = 0.01;
const NAMES = Array.from({ length: BENCHMARKS }, (_, i) => `bench_${i}`);

const FIXED: RunSettings = {
  alpha: 0.05,
  thresholdPct: 2,
  correction: 'holm',
  sampling: 'run',
  failOn: ['regression'],
  rounds: 10,
  warmup: 1,
  format: 'benchgate',
  suite: 'benchmarks',
  bench: 'node bench.mjs',
  build: null,
  timeoutSec: 0,
};
const AUTO: RunSettings = {
  ...FIXED,
  alpha: ADAPTIVE_DESIGN.alpha,
  rounds: ADAPTIVE_BUDGET.maxRounds,
  adaptive: { ...ADAPTIVE_BUDGET, maxTimeSec: 0, spending: ADAPTIVE_DESIGN.spending, test: ADAPTIVE_DESIGN.test, filter: true },
};

const header = (config: RunSettings): LogHeader => ({
  type: 'header',
  schemaVersion: SCHEMA_VERSION,
  tool: { name: 'benchgate', version: 'bench' },
  base: { ref: 'main', sha: 'a'.repeat(40) },
  head: { ref: 'HEAD', sha: 'b'.repeat(40) },
  seed: 1,
  config,
  environment: {} as LogHeader['environment'],
  startedAt: '2026-01-01T00:00:00Z',
});

/** One A/A pull request: every benchmark in every round, base and head from the same distribution. */
function aaRuns(seed: number, rounds: number): Run[] {
  const rng = createRng(seed);
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
        measurements: NAMES.map((benchmark) => ({
          benchmark,
          metric: 'time',
          unit: 'ms',
          better: 'lower' as const,
          values: [10 * Math.exp(rng.normal(0, CV))],
        })),
      });
    }
  }
  return runs;
}

const OWNED = Array.from({ length: SHARDS }, (_, i) => NAMES.filter((n) => shardOfName(n, SHARDS) === i + 1));
const JOINED: JoinedShard[] = OWNED.map((benchmarks, i) => ({
  index: i + 1,
  total: SHARDS,
  benchmarks,
  listed: BENCHMARKS,
  seed: 1,
  startedAt: '2026-01-01T00:00:00Z',
  environment: {} as JoinedShard['environment'],
}));

/** The same runs as the 4 shards would have logged them: each shard's runs with its own benchmarks only. */
function asShards(runs: readonly Run[]): Run[] {
  return JOINED.flatMap((s) => {
    const own = new Set(s.benchmarks);
    return runs.map((r) => ({ ...r, shard: s.index, measurements: r.measurements.filter((m) => own.has(m.benchmark)) }));
  });
}

const FLAGS = new Set(['regression', 'improvement']);

function flagged(settings: RunSettings, runs: readonly Run[], joined: boolean): { any: boolean; verdicts: string } {
  const end = { type: 'end' as const, endedAt: '2026-01-01T01:00:00Z', status: 'completed' as const };
  const h = joined ? { ...header(settings), shards: JOINED } : header(settings);
  const result = analyze({ header: h, runs: joined ? asShards(runs) : runs, end, settings });
  const rows = result.comparisons.filter((c) => c.benchmark !== '(process)');
  return {
    any: rows.some((c) => FLAGS.has(c.verdict)),
    verdicts: rows
      .map((c) => `${c.benchmark}:${c.verdict}`)
      .sort()
      .join(' '),
  };
}

export async function shards({ quick }: SectionOptions): Promise<SectionOutput> {
  const trials = quick ? 200 : 1000;
  const rows: (string | number)[][] = [];
  const checks: Check[] = [];
  for (const [name, settings] of [
    ['fixed 10 rounds, α 0.05 (Holm)', FIXED],
    [`rounds auto, α ${ADAPTIVE_DESIGN.alpha}`, AUTO],
  ] as const) {
    let single = 0;
    let joined = 0;
    let same = 0;
    for (let t = 0; t < trials; t++) {
      const runs = aaRuns(1000 + t, settings.rounds!);
      const a = flagged(settings, runs, false);
      const b = flagged(settings, runs, true);
      single += a.any ? 1 : 0;
      joined += b.any ? 1 : 0;
      same += a.verdicts === b.verdicts ? 1 : 0;
    }
    const ci = (k: number) => wilsonInterval(k, trials).map(pct).join('–');
    rows.push([name, `${pct(single / trials)} (${ci(single)})`, `${pct(joined / trials)} (${ci(joined)})`, pct(same / trials)]);
    if (!settings.adaptive) {
      checks.push({
        claim: 'fixed rounds: 4 joined shards give one job’s verdicts (one Holm family)',
        holds: same === trials,
        detail: `${same} of ${trials} A/A pull requests identical`,
      });
    } else {
      checks.push({
        claim: `rounds auto: 4 joined shards flag no more A/A pull requests than one job, and at most ${pct(AA_GOAL)}`,
        holds: joined <= single && joined / trials <= AA_GOAL,
        detail: `${joined} of ${trials} joined, ${single} of ${trials} one job`,
      });
    }
  }
  const markdown = [
    '### Shards: one job vs 4 shards joined (A/A)',
    '',
    `${trials} simulated A/A pull requests of ${BENCHMARKS} benchmarks at CV ${pct(CV)}, split into ${SHARDS} shards by the stable hash ` +
      `(${OWNED.map((o) => o.length).join(', ')} benchmarks), analysed as one job's log and as the shards' logs joined. ` +
      'A pull request counts once if any benchmark is flagged (regression or improvement).',
    '',
    markdownTable(['design', 'A/A rate, one job', 'A/A rate, 4 shards joined', 'identical verdicts'], rows),
    '',
  ].join('\n');
  return { markdown, checks };
}
