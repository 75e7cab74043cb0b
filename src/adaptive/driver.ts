/**
 * The adaptive loop: run rounds, look at planned rounds, close the benchmarks a look decides,
 * and run later rounds only for the ones still open, until none is open or the budget (max
 * rounds, max time) is spent.
 *
 * I/O stays with the caller: `runRound(round, open)` runs base and head once (in the round's
 * planned order) and returns their Run records; `open` is null for a whole-suite round, else
 * the names of the benchmarks still open (the caller turns them into the harness's filter, or
 * runs the whole suite when the harness has none). A benchmark's decision is final: data a
 * whole-suite or over-wide round adds after it closed is not used for it.
 *
 * Process cost (wall time, CPU, RSS of the whole command) changes with the filter, so it may be
 * compared only between runs of the same filter: `rounds` records which rounds were filtered.
 */
import type { Better, Run } from '../model.js';
import { checkSchedule, decideLook, isLook, type AdaptiveDesign, type LookInput, type LookSchedule } from './design.js';
import { addRuns, gatesPrimary, pairedSamples, type BenchmarkSeries, type Gates } from './samples.js';
import { lookStatistic, type LookStatistic } from './statistics.js';

export type StopReason = 'decided' | 'equivalence' | 'budget' | 'untestable';
export type AdaptiveVerdict = 'regression' | 'improvement' | 'unchanged' | 'inconclusive' | 'failed' | 'added' | 'removed';

export interface BenchmarkOutcome {
  suite: string;
  benchmark: string;
  metric: string;
  better: Better;
  complexityN?: number;
  verdict: AdaptiveVerdict;
  stop: StopReason;
  /** Rounds of paired data the decision used. */
  rounds: number;
  /** The two-sided p the last look's test had to reach (0 when it could not reject at all). */
  nominalP: number | null;
  /** The last look's statistic (null when it never had one); its change() gives the estimate and interval. */
  stat: LookStatistic | null;
  /** Significant at some look (its alpha was passed on), whatever the threshold said. */
  significant: boolean;
}

export interface RoundRecord {
  round: number;
  /** null: the whole suite ran; else the open benchmark names the round asked for. */
  open: string[] | null;
  wallMs: number;
  /** Benchmarks still open when the round started. */
  openCount: number;
  look: boolean;
}

export interface LookReport {
  round: number;
  open: number;
  decided: number;
  /** Open benchmarks whose interval, shrinking as 1/sqrt(rounds), cannot fit ±threshold by max-rounds. */
  unreachable: string[];
}

export interface AdaptiveBudget extends LookSchedule {
  /** Wall-clock budget of the measured rounds, ms; 0 = none. */
  maxTimeMs: number;
}

export interface DriverOptions {
  design: AdaptiveDesign;
  budget: AdaptiveBudget;
  runRound(round: number, open: string[] | null): Promise<Run[]>;
  /** Whether the harness can run a subset; false: every round runs the whole suite. */
  canFilter: boolean;
  gates?: Gates;
  now?: () => number;
  onLook?: (look: LookReport) => void;
}

export interface AdaptiveResult {
  outcomes: BenchmarkOutcome[];
  rounds: RoundRecord[];
  runs: Run[];
  stoppedBy: 'decided' | 'max-rounds' | 'max-time';
  /** What the report should say about the filter (fallbacks), as plain sentences. */
  notes: string[];
}

interface State {
  series: BenchmarkSeries;
  looks: number[];
  rejected: boolean;
  stat: LookStatistic | null;
  nominalP: number | null;
  outcome: BenchmarkOutcome | null;
}

const nameOf = (s: State) => s.series.benchmark;

export async function runAdaptive(opts: DriverOptions): Promise<AdaptiveResult> {
  const { design, budget } = opts;
  checkSchedule(budget);
  const now = opts.now ?? (() => performance.now());
  const gates = opts.gates ?? gatesPrimary;
  const series = new Map<string, BenchmarkSeries>();
  const states = new Map<string, State>();
  const runs: Run[] = [];
  const rounds: RoundRecord[] = [];
  const notes: string[] = [];
  let familySize = 0;
  let rejectedCount = 0;
  let filterWorks = opts.canFilter;
  let stoppedBy: AdaptiveResult['stoppedBy'] = 'max-rounds';
  const started = now();

  const open = () => [...states.values()].filter((s) => s.outcome === null);

  const look = (round: number, final: boolean) => {
    const first = familySize === 0;
    for (const s of series.values()) {
      if (states.has(s.key)) continue;
      const state: State = { series: s, looks: [], rejected: false, stat: null, nominalP: null, outcome: null };
      states.set(s.key, state);
      closeUntestable(state);
      // The family is fixed at the first look; a benchmark first seen later is not tested.
      if (!first && state.outcome === null) close(state, 'inconclusive', 'untestable');
    }
    if (first) familySize = open().length;
    const inputs: LookInput[] = [];
    for (const s of open()) {
      if (s.series.failures.length > 0) {
        close(s, 'failed', 'untestable');
        continue;
      }
      const stat = lookStatistic(design.test, pairedSamples(s.series), design.confLevel);
      // A look needs new data (a benchmark the last rounds missed waits for the next look), except
      // the final one, which may re-test the last look's data with all the alpha left.
      const previous = s.looks.at(-1) ?? 0;
      if (stat !== null && (stat.n < previous || (stat.n === previous && !final))) continue;
      s.stat = stat;
      if (stat !== null && stat.n > previous) s.looks.push(stat.n);
      inputs.push({ key: s.series.key, stat, looks: s.looks, rejected: s.rejected });
    }
    const outputs = decideLook(design, budget, familySize, rejectedCount, inputs, final);
    for (const o of outputs) {
      const s = states.get(o.key)!;
      if (o.rejected && !s.rejected) rejectedCount++;
      s.rejected = o.rejected;
      s.nominalP = o.nominalP;
      if (o.decision.kind === 'changed') {
        const worse = s.series.better === 'lower' ? o.decision.sign > 0 : o.decision.sign < 0;
        close(s, worse ? 'regression' : 'improvement', 'decided');
      } else if (o.decision.kind === 'equivalent') {
        close(s, 'unchanged', 'equivalence');
      }
    }
    // Significant but within the threshold is unchanged, as with fixed rounds.
    if (final) for (const s of open()) close(s, s.rejected ? 'unchanged' : 'inconclusive', 'budget');
    if (opts.onLook) {
      const stillOpen = open();
      opts.onLook({
        round,
        open: stillOpen.length,
        decided: states.size - stillOpen.length,
        unreachable: stillOpen.filter((s) => !reachable(s, design.thresholdPct, budget.maxRounds)).map(nameOf),
      });
    }
  };

  for (let round = 1; round <= budget.maxRounds; round++) {
    const last = rounds.at(-1);
    if (budget.maxTimeMs > 0 && last && now() - started + last.wallMs > budget.maxTimeMs) {
      stoppedBy = 'max-time';
      break;
    }
    const stillOpen = familySize === 0 ? null : open();
    const names = stillOpen && filterWorks ? [...new Set(stillOpen.map(nameOf))] : null;
    const roundStart = now();
    const got = await opts.runRound(round, names);
    runs.push(...got);
    addRuns(series, got, gates);
    if (names) {
      const seen = new Set(got.flatMap((r) => r.measurements.map((m) => m.benchmark)));
      const missing = names.filter((n) => !seen.has(n));
      if (missing.length > 0) {
        filterWorks = false;
        notes.push(
          `round ${round}: the filter did not select ${missing.length} open benchmark(s) (first: ${JSON.stringify(missing[0])}); later rounds ran the whole suite`,
        );
      }
    }
    const isLookRound = isLook(round, budget);
    rounds.push({ round, open: names, wallMs: now() - roundStart, openCount: stillOpen?.length ?? series.size, look: isLookRound });
    if (isLookRound) {
      look(round, round === budget.maxRounds);
      if (open().length === 0) {
        stoppedBy = 'decided';
        break;
      }
    }
  }
  // Stopped by the clock: a last, unplanned look at the rounds run so far spends the alpha left.
  if (stoppedBy === 'max-time') look(rounds.length, true);
  if (!opts.canFilter) notes.push('the harness cannot run a subset of its benchmarks: every round ran the whole suite');

  return {
    outcomes: [...states.values()].map((s) => s.outcome!),
    rounds,
    runs,
    stoppedBy,
    notes,
  };

  function close(s: State, verdict: AdaptiveVerdict, stop: StopReason) {
    s.outcome = {
      suite: s.series.suite,
      benchmark: s.series.benchmark,
      metric: s.series.metric,
      better: s.series.better,
      ...(s.series.complexityN !== undefined && { complexityN: s.series.complexityN }),
      verdict,
      stop,
      rounds: s.stat?.n ?? pairedSamples(s.series).base.length,
      nominalP: s.nominalP,
      stat: s.stat,
      significant: s.rejected,
    };
  }

  /** Failed, added or removed benchmarks have nothing more to learn from more rounds. */
  function closeUntestable(s: State) {
    const sides = new Set([...s.series.values.values()].flatMap((v) => Object.keys(v)));
    if (s.series.failures.length > 0) close(s, 'failed', 'untestable');
    else if (!sides.has('base')) close(s, 'added', 'untestable');
    else if (!sides.has('head')) close(s, 'removed', 'untestable');
  }
}

/** Whether the interval could fit inside ±threshold by max-rounds, shrinking as 1/sqrt(n). */
function reachable(s: State, thresholdPct: number, maxRounds: number): boolean {
  if (s.stat === null) return true;
  const { ci } = s.stat.change();
  const halfWidth = (ci[1] - ci[0]) / 2;
  return halfWidth * Math.sqrt(s.stat.n / maxRounds) < thresholdPct;
}
