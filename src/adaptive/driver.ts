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

/** incomplete: the log ended early (killed, cancelled, failed) before any look closed it. */
export type StopReason = 'decided' | 'equivalence' | 'budget' | 'untestable' | 'incomplete';
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
  /** The round of the look that closed it. */
  closedAt: number;
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
  /** null: no more rounds will come (a replayed log that ends here); a last look decides on what ran. */
  runRound(round: number, open: string[] | null): Promise<Run[] | null>;
  /** Whether the harness can run a subset; false: every round runs the whole suite. */
  canFilter: boolean;
  /** Which measurements take part (default: primary metrics); the analysis's gate policy (ignore, gate-metrics). */
  gates?: Gates;
  /** A benchmark's own practical threshold (per-glob `thresholds`); default: the design's. */
  thresholdOf?: (series: BenchmarkSeries) => number;
  now?: () => number;
  onLook?: (look: LookReport) => void;
}

export interface AdaptiveResult {
  outcomes: BenchmarkOutcome[];
  rounds: RoundRecord[];
  runs: Run[];
  stoppedBy: 'decided' | 'max-rounds' | 'max-time' | 'log-ended';
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

/** The loop, run: `runRound` does the I/O, the rest is SequentialRounds's. */
export async function runAdaptive(opts: DriverOptions): Promise<AdaptiveResult> {
  const loop = new SequentialRounds(opts);
  for (let next = loop.next(); next !== null; next = loop.next()) loop.add(next.round, await opts.runRound(next.round, next.open));
  return loop.finish();
}

/**
 * The loop without I/O, one round at a time: `next()` says which round to run and for which
 * benchmarks (null: stop), `add()` takes its runs (null: no more will come) and looks when the
 * round is a look, `finish()` takes the last look the budget calls for. Synchronous, so that the
 * analysis can replay a results log through the very decisions the run took
 * (src/analysis/sequential.ts).
 */
export class SequentialRounds {
  private readonly now: () => number;
  private readonly gates: Gates;
  private readonly series = new Map<string, BenchmarkSeries>();
  private readonly states = new Map<string, State>();
  private readonly runs: Run[] = [];
  private readonly rounds: RoundRecord[] = [];
  private readonly notes: string[] = [];
  private familySize = 0;
  private rejectedCount = 0;
  private filterWorks: boolean;
  private stoppedBy: AdaptiveResult['stoppedBy'] | null = null;
  private lookRound = 0;
  private readonly started: number;
  /** What `next()` asked of the round under way. */
  private asked = { open: null as string[] | null, openCount: 0, startedAt: 0 };

  constructor(private readonly opts: Omit<DriverOptions, 'runRound'>) {
    checkSchedule(opts.budget);
    this.now = opts.now ?? (() => performance.now());
    this.gates = opts.gates ?? gatesPrimary;
    this.filterWorks = opts.canFilter;
    this.started = this.now();
  }

  /** The next round to run and the benchmarks it is for (null: the whole suite), or null when the loop is over. */
  next(): { round: number; open: string[] | null } | null {
    if (this.stoppedBy !== null) return null;
    const { budget } = this.opts;
    const round = this.rounds.length + 1;
    if (round > budget.maxRounds) {
      this.stoppedBy = 'max-rounds';
      return null;
    }
    const last = this.rounds.at(-1);
    if (budget.maxTimeMs > 0 && last && this.now() - this.started + last.wallMs > budget.maxTimeMs) {
      this.stoppedBy = 'max-time';
      return null;
    }
    const stillOpen = this.familySize === 0 ? null : this.open();
    const open = stillOpen && this.filterWorks ? [...new Set(stillOpen.map(nameOf))] : null;
    this.asked = { open, openCount: stillOpen?.length ?? this.series.size, startedAt: this.now() };
    return { round, open };
  }

  /** The runs of the round `next()` gave (null: the log ends before it). */
  add(round: number, got: Run[] | null): void {
    if (got === null) {
      this.stoppedBy = 'log-ended';
      return;
    }
    const names = this.asked.open;
    this.runs.push(...got);
    addRuns(this.series, got, this.gates);
    if (names) {
      const seen = new Set(got.flatMap((r) => r.measurements.map((m) => m.benchmark)));
      const missing = names.filter((n) => !seen.has(n));
      if (missing.length > 0) {
        this.filterWorks = false;
        this.notes.push(
          `round ${round}: the filter did not select ${missing.length} open benchmark(s) (first: ${JSON.stringify(missing[0])}); later rounds ran the whole suite`,
        );
      }
    }
    const isLookRound = isLook(round, this.opts.budget);
    this.rounds.push({ round, open: names, wallMs: this.now() - this.asked.startedAt, openCount: this.asked.openCount, look: isLookRound });
    if (isLookRound) {
      this.look(round, round === this.opts.budget.maxRounds);
      // The last look closes what is still open for lack of budget: that is max-rounds, not decided.
      if (this.open().length === 0) this.stoppedBy = this.closedByBudget() ? 'max-rounds' : 'decided';
    }
  }

  /**
   * The outcome of every benchmark, after the last look a stop by the clock or by the log's end
   * calls for. `complete: false` is a log that ended early (killed, cancelled, failed): no last
   * look spends the alpha left on it; what its planned looks left open closes `incomplete`.
   */
  finish({ complete = true }: { complete?: boolean } = {}): AdaptiveResult {
    this.stoppedBy ??= 'max-rounds';
    if (this.stoppedBy === 'log-ended' && !complete) this.closeIncomplete();
    // Stopped by the clock (or a completed log that ends): a last, unplanned look at the rounds run so far spends the alpha left.
    else if (this.stoppedBy === 'max-time' || this.stoppedBy === 'log-ended') this.look(this.rounds.length, true);
    if (!this.opts.canFilter) this.notes.push('the harness cannot run a subset of its benchmarks: every round ran the whole suite');
    return {
      outcomes: [...this.states.values()].map((s) => s.outcome!),
      rounds: this.rounds,
      runs: this.runs,
      stoppedBy: this.stoppedBy,
      notes: this.notes,
    };
  }

  private thresholdOf(series: BenchmarkSeries): number {
    return this.opts.thresholdOf?.(series) ?? this.opts.design.thresholdPct;
  }

  private open(): State[] {
    return [...this.states.values()].filter((s) => s.outcome === null);
  }

  private closedByBudget(): boolean {
    return [...this.states.values()].some((s) => s.outcome?.stop === 'budget');
  }

  /** Gives each series seen so far its state; the family is fixed at the first look. */
  private register(): void {
    const first = this.familySize === 0;
    for (const s of this.series.values()) {
      if (this.states.has(s.key)) continue;
      const state: State = { series: s, looks: [], rejected: false, stat: null, nominalP: null, outcome: null };
      this.states.set(s.key, state);
      this.closeUntestable(state);
      // A benchmark first seen after the first look is not tested.
      if (!first && state.outcome === null) this.close(state, 'inconclusive', 'untestable');
    }
    if (first) this.familySize = this.open().length;
  }

  /**
   * A log that ended early: what is still open closes inconclusive, with the statistic of every
   * round logged (its interval is not corrected for the family or the looks, so it decides nothing).
   */
  private closeIncomplete(): void {
    const { design } = this.opts;
    this.lookRound = this.rounds.length;
    this.register();
    for (const s of this.open()) {
      if (s.series.failures.length > 0) {
        this.close(s, 'failed', 'untestable');
        continue;
      }
      s.stat = lookStatistic(design.test, pairedSamples(s.series), design.confLevel) ?? s.stat;
      this.close(s, 'inconclusive', 'incomplete');
    }
  }

  private look(round: number, final: boolean): void {
    const { design, budget } = this.opts;
    this.lookRound = round;
    this.register();
    const inputs: LookInput[] = [];
    for (const s of this.open()) {
      if (s.series.failures.length > 0) {
        this.close(s, 'failed', 'untestable');
        continue;
      }
      const stat = lookStatistic(design.test, pairedSamples(s.series), design.confLevel);
      // A look needs new data (a benchmark the last rounds missed waits for the next look), except
      // the final one, which may re-test the last look's data with all the alpha left.
      const previous = s.looks.at(-1) ?? 0;
      if (stat !== null && (stat.n < previous || (stat.n === previous && !final))) continue;
      s.stat = stat;
      if (stat !== null && stat.n > previous) s.looks.push(stat.n);
      inputs.push({ key: s.series.key, stat, looks: s.looks, rejected: s.rejected, thresholdPct: this.thresholdOf(s.series) });
    }
    const outputs = decideLook(design, budget, this.familySize, this.rejectedCount, inputs, final);
    for (const o of outputs) {
      const s = this.states.get(o.key)!;
      if (o.rejected && !s.rejected) this.rejectedCount++;
      s.rejected = o.rejected;
      s.nominalP = o.nominalP;
      if (o.decision.kind === 'changed') {
        const worse = s.series.better === 'lower' ? o.decision.sign > 0 : o.decision.sign < 0;
        this.close(s, worse ? 'regression' : 'improvement', 'decided');
      } else if (o.decision.kind === 'equivalent') {
        this.close(s, 'unchanged', 'equivalence');
      }
    }
    // Significant but within the threshold is unchanged, as with fixed rounds.
    if (final) for (const s of this.open()) this.close(s, s.rejected ? 'unchanged' : 'inconclusive', 'budget');
    if (this.opts.onLook) {
      const stillOpen = this.open();
      this.opts.onLook({
        round,
        open: stillOpen.length,
        decided: this.states.size - stillOpen.length,
        unreachable: stillOpen.filter((s) => !reachable(s, this.thresholdOf(s.series), budget.maxRounds)).map(nameOf),
      });
    }
  }

  private close(s: State, verdict: AdaptiveVerdict, stop: StopReason): void {
    s.outcome = {
      suite: s.series.suite,
      benchmark: s.series.benchmark,
      metric: s.series.metric,
      better: s.series.better,
      ...(s.series.complexityN !== undefined && { complexityN: s.series.complexityN }),
      verdict,
      stop,
      rounds: s.stat?.n ?? pairedSamples(s.series).base.length,
      closedAt: this.lookRound,
      nominalP: s.nominalP,
      stat: s.stat,
      significant: s.rejected,
    };
  }

  /** Failed, added or removed benchmarks have nothing more to learn from more rounds. */
  private closeUntestable(s: State): void {
    const sides = new Set([...s.series.values.values()].flatMap((v) => Object.keys(v)));
    if (s.series.failures.length > 0) this.close(s, 'failed', 'untestable');
    else if (!sides.has('base')) this.close(s, 'added', 'untestable');
    else if (!sides.has('head')) this.close(s, 'removed', 'untestable');
  }
}

/** Whether the interval could fit inside ±threshold by max-rounds, shrinking as 1/sqrt(n). */
function reachable(s: State, thresholdPct: number, maxRounds: number): boolean {
  if (s.stat === null) return true;
  const { ci } = s.stat.change();
  // A base median of 0 has no percent interval to shrink (statistics.ts): nothing to predict.
  if (!ci.every(Number.isFinite)) return true;
  const halfWidth = (ci[1] - ci[0]) / 2;
  return halfWidth * Math.sqrt(s.stat.n / maxRounds) < thresholdPct;
}
