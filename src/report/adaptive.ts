/**
 * What `rounds: auto` did, in words every report shows: how the run stopped and where it looked,
 * what the filter saved, and per benchmark the rounds it used and why it stopped. The sentences
 * here are benchgate's own (numbers and fixed words); the filter's notes and the too-noisy
 * benchmarks' names come from the log and each renderer escapes them (escape.ts).
 */
import { plannedLooks } from '../adaptive/design.js';
import { PROCESS_BENCHMARK } from '../diagnostics/cost.js';
import type { AdaptiveRun, AdaptiveSettings, Comparison, ComparisonResult, RunSettings, SequentialDecision, Warning } from '../model.js';
import { formatPct } from './units.js';

const SPENDING: Record<AdaptiveSettings['spending'], string> = { 'obrien-fleming': 'O’Brien-Fleming', pocock: 'Pocock' };

/** The error control of the header line: "alpha 0.005 over 5 looks (O’Brien-Fleming, Holm across benchmarks)". */
export function designText(s: RunSettings, adaptive: AdaptiveSettings): string {
  const looks = plannedLooks(adaptive).length;
  return `alpha ${s.alpha} over ${looks} look${looks === 1 ? '' : 's'} (${SPENDING[adaptive.spending]}, Holm across benchmarks)`;
}

/** The footer's account of the test and what the p column's second number is. */
export function methodText(adaptive: AdaptiveSettings, gating: number): string {
  const test = adaptive.test === 'signed-rank' ? 'Wilcoxon signed-rank on per-round pairs' : 'Mann-Whitney U';
  return (
    `rounds auto: ${test} at each look, Hodges-Lehmann 95% intervals · level: the p the look that closed a benchmark had to reach ` +
    `(alpha spent over the looks, ${SPENDING[adaptive.spending]}, and Holm across the ${gating} gating comparisons)`
  );
}

/** The p column's header: in auto mode its second number is the closing look's level, not an adjusted p. */
export function pColumnLabel(result: ComparisonResult): string {
  return result.settings.adaptive ? 'p / level' : 'p / adj. p';
}

/** Small p-values and levels side by side: an O'Brien-Fleming level of 1e-6 must not read as "<0.0001". */
function formatSmallP(p: number | null): string {
  if (p === null || !Number.isFinite(p)) return '–';
  return p >= 0.0001 ? p.toFixed(4) : p.toExponential(1);
}

/** "1.3e-8 / 1.2e-6": the p at the closing look and the level that look had to reach. */
export function sequentialPCell(c: Comparison, s: SequentialDecision): string {
  return `${formatSmallP(c.p)} / ${formatSmallP(s.nominalP)}`;
}

const rounds = (n: number) => `${n} round${n === 1 ? '' : 's'}`;

/** What an inconclusive comparison's interval rules out: "no change beyond −4.10%…+6.20%". */
function ruledOut(c: Comparison): string {
  return c.changeCi ? `no change beyond ${formatPct(c.changeCi[0])}…${formatPct(c.changeCi[1])}` : 'no interval (too few samples)';
}

/** Whether the whole interval lies beyond the threshold on the worse side. */
export function worseBeyondThreshold(c: Comparison): boolean {
  if (!c.changeCi) return false;
  return c.better === 'higher' ? c.changeCi[1] < -c.thresholdPct : c.changeCi[0] > c.thresholdPct;
}

/** The verdict with the rounds it used and why it stopped ("unchanged: within ±2% after 20 rounds"). */
export function sequentialVerdictText(c: Comparison, s: SequentialDecision): string {
  const used = rounds(s.rounds);
  switch (s.stop) {
    case 'decided':
      return `${c.verdict}: decided after ${used}`;
    case 'equivalence':
      return `${c.verdict}: within ±${c.thresholdPct}% after ${used}`;
    case 'budget':
      if (c.verdict === 'inconclusive') return `inconclusive after ${used}: ${ruledOut(c)}`;
      if (c.verdict === 'unchanged') return `unchanged: significant but within ±${c.thresholdPct}% when the budget ran out (${used})`;
      return `${c.verdict}: budget ran out after ${used}`;
    case 'untestable':
      return c.verdict === 'inconclusive' ? 'inconclusive: first seen after the first look, not tested' : c.verdict;
    case 'incomplete':
      // Its interval is not corrected for the family or the looks: a hint for people, never the gate's.
      return worseBeyondThreshold(c) ? 'likely regression (incomplete run)' : `inconclusive: the run ended early after ${used}`;
  }
}

/** A comparison the design tested (not failed, added, removed or first seen late). */
export function isSequentiallyTested(c: Comparison): boolean {
  return c.gating && c.sequential !== undefined && c.sequential.stop !== 'untestable';
}

export interface AdaptiveAccount {
  /** benchgate's own sentences, each ending with a full stop: how it stopped, the looks, the filter, what would settle the rest. */
  sentences: string[];
  /** The filter's fallbacks (adaptive.notes), as the log wrote them: PR-controlled names inside. */
  notes: string[];
  /** Benchmarks too noisy for ±threshold by max-rounds (adaptive.unreachable): PR-controlled. */
  unreachable: string[];
}

function list(values: number[]): string {
  return values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;
}

function duration(sec: number): string {
  if (sec % 3600 === 0) return `${sec / 3600}h`;
  if (sec % 60 === 0) return `${sec / 60}m`;
  return `${sec}s`;
}

/** How the run ended, and how many benchmarks the budget left open. */
function stopSentence(result: ComparisonResult, run: AdaptiveRun, settings: AdaptiveSettings): string {
  const open = result.comparisons.filter((c) => c.sequential?.stop === 'budget' || c.sequential?.stop === 'incomplete').length;
  const stillOpen = `${open} benchmark${open === 1 ? '' : 's'} still open`;
  const reason = {
    decided: 'every benchmark was decided',
    'max-rounds': `max-rounds (${settings.maxRounds}) was reached with ${stillOpen}`,
    'max-time': `the max-time budget (${duration(settings.maxTimeSec)}) ran out with ${stillOpen}`,
    'log-ended': `the log ends there (the run was stopped, or a run failed: an incomplete run, which never passes) with ${stillOpen}`,
  }[run.stoppedBy];
  return `rounds auto stopped after ${rounds(result.rounds.completed)}: ${reason}.`;
}

function looksSentence(result: ComparisonResult, run: AdaptiveRun): string | null {
  const last = result.rounds.completed;
  // A stop by the clock takes one last, unplanned look at what ran; a log that ended early does not.
  const unplanned = last > 0 && !run.looks.includes(last) && run.stoppedBy === 'max-time';
  if (run.looks.length === 0) return unplanned ? `It looked once, at round ${last}, when it stopped.` : null;
  const planned = `It looked after round${run.looks.length === 1 ? '' : 's'} ${list(run.looks)}`;
  return unplanned ? `${planned}, and at round ${last} when it stopped.` : `${planned}.`;
}

/** Benchmark runs per side with the filter against whole-suite rounds: the filter's saving. */
function filterSentence(result: ComparisonResult, run: AdaptiveRun): string | null {
  const suite = new Set(result.comparisons.filter((c) => c.benchmark !== PROCESS_BENCHMARK).map((c) => c.benchmark)).size;
  const filtered = run.open.filter((n): n is number => n !== null);
  if (run.open.length === 0 || suite === 0) return null;
  if (filtered.length === 0) return 'Every round ran the whole suite.';
  const used = run.open.reduce<number>((sum, n) => sum + (n ?? suite), 0);
  const whole = run.open.length * suite;
  const saved = Math.round((100 * (whole - used)) / whole);
  return (
    `${filtered.length} of ${rounds(run.open.length)} ran only the open benchmarks: ` +
    `${used} benchmark runs per side instead of ${whole} for the whole suite (${saved}% fewer).`
  );
}

function settleSentence(result: ComparisonResult, settings: AdaptiveSettings): string | null {
  const undecided = result.comparisons.filter((c) => c.verdict === 'inconclusive' && c.sequential?.stop === 'budget').length;
  if (undecided === 0) return null;
  const budget = settings.maxTimeSec > 0 ? 'raise max-rounds or max-time' : 'raise max-rounds';
  return (
    `${undecided} benchmark${undecided === 1 ? ' is' : 's are'} inconclusive because the budget ran out: ` +
    `more rounds (${budget}), instruction counts (measure: instructions) or a quieter runner would settle ${undecided === 1 ? 'it' : 'them'}.`
  );
}

/** What the reports say about an auto run; null for fixed rounds. */
export function adaptiveAccount(result: ComparisonResult): AdaptiveAccount | null {
  const settings = result.settings.adaptive;
  const run = result.adaptive;
  if (!settings || !run) return null;
  const sentences = [
    stopSentence(result, run, settings),
    looksSentence(result, run),
    filterSentence(result, run),
    settleSentence(result, settings),
  ].filter((s): s is string => s !== null);
  return { sentences, notes: run.notes, unreachable: run.unreachable };
}

/**
 * The result's warnings with `threshold-unreachable` apart: it tells the maintainer the runner
 * is too noisy for the threshold, so reports show it first and marked.
 */
export function splitWarnings(warnings: readonly Warning[]): { noisy: Warning[]; other: Warning[] } {
  return {
    noisy: warnings.filter((w) => w.code === 'threshold-unreachable'),
    other: warnings.filter((w) => w.code !== 'threshold-unreachable'),
  };
}
