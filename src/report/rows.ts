/** The cells every tabular report shows for a comparison, formatted once for all of them. */
import { PROCESS_BENCHMARK } from '../diagnostics/cost.js';
import { isChange, type Comparison, type ComparisonResult, type NotGating, type Verdict } from '../model.js';
import { ROUNDS_CAP } from '../stats/index.js';
import { designText, sequentialPCell, sequentialVerdictText, worseBeyondThreshold } from './adaptive.js';
import { clip } from './escape.js';
import type { Names } from './names.js';
import { steadinessSummary } from './steadiness.js';
import { formatChange, formatP, formatValue, scaleFor } from './units.js';
import { skippedSentence } from './skipped.js';

export interface Row {
  suite: string;
  /** The package heading the row goes under (names.ts), when the name has one. */
  pkg?: string;
  /** Display name (names.ts) under the package heading, with size and metric: renderers escape it. */
  name: string;
  /** Base and head medians with the harness's unit (on one line, clipped): renderers escape them. */
  base: string;
  head: string;
  change: string;
  p: string;
  verdict: Verdict;
  /** The verdict with its reason, e.g. "inconclusive: needs ~24 rounds". */
  verdictText: string;
  comparison: Comparison;
}

export const VERDICT_ICON: Record<Verdict, string> = {
  regression: '🔴',
  improvement: '🟢',
  unchanged: '⚪',
  inconclusive: '🟡',
  added: '🆕',
  removed: '➖',
  failed: '💥',
};

const NOT_GATING: Record<NotGating, string> = {
  secondary: 'secondary metric',
  derived: 'derived metric',
  process: 'process cost',
  ignored: 'ignored',
};

function gatingVerdictText(c: Comparison): string {
  if (c.sequential) return sequentialVerdictText(c, c.sequential);
  if (c.test?.name === 'count-rule') {
    // The count rule (docs/counts.md) decides by repetitions; its interval is the change column's.
    const n = Math.max(c.baseSamples.length, c.headSamples.length);
    if (c.verdict === 'inconclusive') return `inconclusive after ${n} repetitions`;
    if (c.verdict === 'unchanged') return `unchanged: within ±${c.thresholdPct}% after ${n} repetitions`;
    if (isChange(c)) return `${c.verdict}: decided after ${n} repetitions`;
  }
  if (c.verdict === 'inconclusive') {
    // Its interval is not corrected for the family: a hint for people, never the gate's.
    if (c.endedEarly && worseBeyondThreshold(c)) return 'likely regression (incomplete run)';
    if (c.roundsNeeded === null) return 'inconclusive: too few samples';
    return c.roundsNeeded >= ROUNDS_CAP ? `inconclusive: needs > ${ROUNDS_CAP} rounds` : `inconclusive: needs ~${c.roundsNeeded} rounds`;
  }
  return c.verdict;
}

/** The verdict with its reason; one that does not gate says so ("regression (not gating: process cost)"). */
export function verdictText(c: Comparison): string {
  const text = gatingVerdictText(c);
  // A results.json written before notGating existed has no reason to give: say none rather than a wrong one.
  return c.gating ? text : `${text} (${c.notGating ? `not gating: ${NOT_GATING[c.notGating]}` : 'not gating'})`;
}

/** Units are a few characters ("ns", "allocs/op"); a longer one is clipped to keep cells readable. */
const UNIT_MAX = 40;

/** A comparison's cells; `grouped` when a package heading is shown above the row, else the name carries it. */
export function rowOf(c: Comparison, names: Names, grouped = false): Row {
  const scale = scaleFor(clip(c.unit, UNIT_MAX), c.base?.median ?? c.head?.median ?? 0);
  const pkg = grouped ? names.pkg(c) : undefined;
  return {
    suite: c.suite,
    ...(pkg === undefined ? {} : { pkg }),
    name: grouped ? names.short(c) : names.full(c),
    base: formatValue(c.base?.median, scale),
    head: formatValue(c.head?.median, scale),
    change: formatChange(c.changePct, c.changeCi),
    p: c.p === null ? '–' : c.sequential ? sequentialPCell(c, c.sequential) : `${formatP(c.p)} / ${formatP(c.pAdjusted)}`,
    verdict: c.verdict,
    verdictText: verdictText(c),
    comparison: c,
  };
}

export interface RowGroup {
  suite: string;
  pkg?: string;
  rows: Row[];
}

/**
 * Rows grouped per suite and package, in the order the comparisons come (regressions first);
 * `process` picks the process-cost rows instead.
 */
export function rowsBySuite(result: ComparisonResult, names: Names, process = false): RowGroup[] {
  const groups = new Map<string, RowGroup>();
  for (const c of result.comparisons) {
    if ((c.benchmark === PROCESS_BENCHMARK) !== process) continue;
    const row = rowOf(c, names, true);
    const key = JSON.stringify([row.suite, row.pkg ?? null]);
    const group = groups.get(key) ?? { suite: row.suite, ...(row.pkg === undefined ? {} : { pkg: row.pkg }), rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** What the process-cost section says about its rows. */
export const PROCESS_COST_NOTE = 'the CPU time and peak memory of the whole benchmark process (start-up, compile and import included)';

/** Why a run that compared nothing ended in error, for the headline. */
export function nothingCompared(result: ComparisonResult): string {
  const f = result.failures;
  if (f.stopped !== null) return `stopped before any result: ${f.stopped}`;
  if (f.runs.length > 0)
    return `no results: ${f.runs.length} run${f.runs.length > 1 ? 's' : ''} failed (first: ${f.runs[0]!.side}, round ${f.runs[0]!.round})`;
  return 'no benchmark results were read from any run';
}

/** The gate's state in words: a label may have let it pass, or it may be off. */
function gateNote(result: ComparisonResult): string {
  if (result.override)
    return ` (gate passed by label "${result.override.label}"${result.override.by ? `, applied by @${result.override.by}` : ''})`;
  return result.verdict === 'fail' && !result.gateFailed ? ' (gate off)' : '';
}

/** One line a person reads first: the overall verdict and the counts behind it. */
export function headline(result: ComparisonResult): string {
  const word = { pass: 'pass', fail: 'regression found', inconclusive: 'inconclusive', error: 'error' }[result.verdict];
  if (result.comparisons.length === 0 && result.verdict === 'error') return `benchgate: error: ${nothingCompared(result)}`;
  if (result.skipped) return `benchgate: pass: ${skippedSentence(result.skipped)}`;
  const n = result.counts;
  const parts = [
    n.regression > 0 && `${n.regression} regression${n.regression > 1 ? 's' : ''}`,
    n.improvement > 0 && `${n.improvement} improvement${n.improvement > 1 ? 's' : ''}`,
    n.inconclusive > 0 && `${n.inconclusive} inconclusive`,
    n.failed > 0 && `${n.failed} failed`,
    n.added > 0 && `${n.added} added`,
    n.removed > 0 && `${n.removed} removed`,
    `${n.unchanged} unchanged`,
  ].filter(Boolean);
  const shown = result.informational > 0 ? `, ${result.informational} shown only` : '';
  const gating = result.comparisons.length - result.informational;
  return `benchgate: ${word}${gateNote(result)}: ${parts.join(', ')} (${gating} comparisons gate${shown}, ${result.rounds.completed} rounds)`;
}

export function settingsLine(result: ComparisonResult): string {
  const s = result.settings;
  const correction = { holm: 'Holm', bh: 'Benjamini-Hochberg', none: 'no correction' }[s.correction];
  const steady = steadinessSummary(result.environment);
  const error = s.adaptive ? designText(s, s.adaptive) : `alpha ${s.alpha} (${correction})`;
  return `threshold ${s.thresholdPct}% · ${error} · seed ${result.seed}${steady ? ` · ${steady}` : ''}`;
}

export function shortSha(sha: string): string {
  return sha.slice(0, 10);
}
