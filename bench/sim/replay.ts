/**
 * Replays recorded real A/A runs (results.jsonl of `benchgate run --base HEAD --head HEAD
 * --rounds 30`) through the adaptive driver: each round hands the driver what that round
 * recorded, limited to the benchmarks the driver still asks for. Until `--rounds auto` is wired
 * into `benchgate run`, this is how the adaptive design meets real noise; a filtered round is
 * approximated by the whole-suite round's values of the open benchmarks.
 *
 *   node --import tsx bench/sim/replay.ts DIR...   (each DIR holds a results.jsonl)
 */
import path from 'node:path';
import { compareRuns } from '../../src/analysis/index.js';
import { ADAPTIVE_BUDGET, ADAPTIVE_DESIGN } from '../../src/adaptive/defaults.js';
import type { AdaptiveDesign } from '../../src/adaptive/design.js';
import { runAdaptive } from '../../src/adaptive/driver.js';
import type { Run } from '../../src/model.js';
import { readLog } from '../../src/runner/log.js';
import { markdownTable, medianRange, pct } from '../tables.js';
import { BENCHGATE_SETTINGS } from './methods.js';

const FLAGS = new Set(['regression', 'improvement']);

interface Replayed {
  flagged: number;
  rounds: number;
  /** Wall time of the rounds used, whole suite (a filtered round takes less). */
  wallS: number;
  saved: number;
  inconclusive: number;
  benchmarks: number;
  /** Per benchmark, the largest change its final interval leaves possible (%): "no change beyond ±x%". */
  ruledOut: number[];
}

const beyond = (ci: [number, number] | null | undefined): number[] => (ci ? [Math.max(Math.abs(ci[0]), Math.abs(ci[1]))] : []);

async function replay(runs: Run[], design: AdaptiveDesign): Promise<Replayed> {
  const recorded = Math.max(...runs.map((r) => r.round));
  const result = await runAdaptive({
    design,
    budget: { ...ADAPTIVE_BUDGET, maxRounds: Math.min(ADAPTIVE_BUDGET.maxRounds, recorded) },
    canFilter: true,
    now: () => 0,
    runRound: (round, open) => {
      const keep = open ? new Set(open) : null;
      return Promise.resolve(
        runs
          .filter((r) => r.round === round)
          .map((r) => ({ ...r, measurements: keep ? r.measurements.filter((m) => keep.has(m.benchmark)) : r.measurements })),
      );
    },
  });
  const used = result.rounds.length;
  const total = result.outcomes.length;
  return {
    flagged: result.outcomes.filter((o) => FLAGS.has(o.verdict)).length,
    rounds: used,
    wallS: runs.filter((r) => r.round <= used).reduce((s, r) => s + r.wallMs, 0) / 1000,
    saved: 1 - result.rounds.reduce((s, r) => s + (r.open?.length ?? total), 0) / (used * total),
    inconclusive: result.outcomes.filter((o) => o.verdict === 'inconclusive').length,
    benchmarks: total,
    ruledOut: result.outcomes.flatMap((o) => beyond(o.stat?.change().ci)),
  };
}

function fixed(runs: Run[], rounds: number): Replayed {
  const kept = runs.filter((r) => r.round <= rounds);
  const comparisons = compareRuns(kept, BENCHGATE_SETTINGS).filter((c) => c.benchmark !== '(process)');
  return {
    flagged: comparisons.filter((c) => FLAGS.has(c.verdict)).length,
    rounds,
    wallS: kept.reduce((s, r) => s + r.wallMs, 0) / 1000,
    saved: 0,
    inconclusive: comparisons.filter((c) => c.verdict === 'inconclusive').length,
    benchmarks: comparisons.length,
    ruledOut: comparisons.flatMap((c) => beyond(c.changeCi)),
  };
}

export async function replayTable(dirs: string[]): Promise<string> {
  const logs = dirs.map((d) => readLog(path.join(d, 'results.jsonl')).runs);
  const rules: [string, (runs: Run[]) => Promise<Replayed> | Replayed][] = [
    ['benchgate, fixed 10 rounds', (runs) => fixed(runs, 10)],
    ['benchgate, fixed 30 rounds', (runs) => fixed(runs, 30)],
    [`adaptive default (${ADAPTIVE_DESIGN.test})`, (runs) => replay(runs, ADAPTIVE_DESIGN)],
    ['adaptive, signed-rank (paired)', (runs) => replay(runs, { ...ADAPTIVE_DESIGN, test: 'signed-rank' })],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, rule] of rules) {
    const results: Replayed[] = [];
    for (const runs of logs) results.push(await rule(runs));
    const withFlag = results.filter((r) => r.flagged > 0).length;
    rows.push([
      name,
      `${withFlag} of ${results.length} (${pct(withFlag / results.length)})`,
      medianRange(
        results.map((r) => r.rounds),
        (v) => v.toFixed(0),
      ),
      medianRange(
        results.map((r) => r.wallS),
        (v) => `${v.toFixed(1)} s`,
      ),
      pct(results.reduce((s, r) => s + r.saved, 0) / results.length),
      `${results.reduce((s, r) => s + r.inconclusive, 0)} of ${results.reduce((s, r) => s + r.benchmarks, 0)}`,
      medianRange(
        results.flatMap((r) => r.ruledOut),
        (v) => `±${v.toFixed(1)}%`,
      ),
    ]);
  }
  return markdownTable(
    [
      'rule',
      'repetitions with a false flag',
      'rounds, median (range)',
      'measured wall time of those rounds',
      'benchmark runs saved',
      'inconclusive',
      'no change beyond, median (range) per benchmark',
    ],
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  replayTable(process.argv.slice(2)).then((t) => console.log(t));
}
