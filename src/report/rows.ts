/** The cells every tabular report shows for a comparison, formatted once for all of them. */
import type { Comparison, ComparisonResult, Verdict } from '../model.js';
import { steadinessSummary } from '../environment.js';
import { ROUNDS_CAP } from '../stats/index.js';
import { clip } from './escape.js';
import type { Names } from './names.js';
import { formatChange, formatP, formatValue, scaleFor } from './units.js';

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

export function verdictText(c: Comparison): string {
  if (c.verdict === 'inconclusive') {
    if (c.roundsNeeded === null) return 'inconclusive: too few samples';
    return c.roundsNeeded >= ROUNDS_CAP ? `inconclusive: needs > ${ROUNDS_CAP} rounds` : `inconclusive: needs ~${c.roundsNeeded} rounds`;
  }
  return c.verdict;
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
    p: c.p === null ? '–' : `${formatP(c.p)} / ${formatP(c.pAdjusted)}`,
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

/** Rows grouped per suite and package, in the order the comparisons come (regressions first). */
export function rowsBySuite(result: ComparisonResult, names: Names): RowGroup[] {
  const groups = new Map<string, RowGroup>();
  for (const c of result.comparisons) {
    const row = rowOf(c, names, true);
    const key = JSON.stringify([row.suite, row.pkg ?? null]);
    const group = groups.get(key) ?? { suite: row.suite, ...(row.pkg === undefined ? {} : { pkg: row.pkg }), rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** One line a person reads first: the overall verdict and the counts behind it. */
export function headline(result: ComparisonResult): string {
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
  const word = { pass: 'pass', fail: 'regression found', inconclusive: 'inconclusive', error: 'error' }[result.verdict];
  const gate = result.verdict === 'fail' && !result.gateFailed ? ' (gate off)' : '';
  return `benchgate: ${word}${gate}: ${parts.join(', ')} (${result.comparisons.length} comparisons, ${result.rounds.completed} rounds)`;
}

export function settingsLine(result: ComparisonResult): string {
  const s = result.settings;
  const correction = { holm: 'Holm', bh: 'Benjamini-Hochberg', none: 'no correction' }[s.correction];
  const steady = steadinessSummary(result.environment);
  return `threshold ${s.thresholdPct}% · alpha ${s.alpha} (${correction}) · seed ${result.seed}${steady ? ` · ${steady}` : ''}`;
}

export function shortSha(sha: string): string {
  return sha.slice(0, 10);
}
