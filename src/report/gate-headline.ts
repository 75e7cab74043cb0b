/**
 * The headline the PR comment, the MR note and summary.md lead with: what the gate did (passed,
 * failed, could not decide) and what matters most, in one line of markdown. Improvements do not
 * hide behind an undecided benchmark, and an undecided one is never hidden: it is counted.
 * Removed gating benchmarks are named, since a removal is how a regression can leave the gate.
 */
import type { ComparisonResult } from '../model.js';
import { clip, escapeMarkdown, markdownCodeCell } from './escape.js';
import { namesOf } from './names.js';
import { nothingCompared } from './rows.js';
import { skippedSentence } from './skipped.js';

/** Removed gating benchmarks named before "and N more". */
const MAX_REMOVED_NAMED = 3;
const NAME_MAX = 80;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "❌ benchgate failed", "✅ benchgate passed", … with the icon that says it at a glance. */
function gateOutcome(result: ComparisonResult): string {
  if (result.gateFailed) return '❌ benchgate failed';
  if (result.override) {
    const by = result.override.by ? `, applied by ${escapeMarkdown(`@${result.override.by}`, 40)}` : '';
    return `⚠️ benchgate passed by the label “${escapeMarkdown(result.override.label, 60)}”${by}`;
  }
  if (result.verdict === 'fail') return '⚠️ benchgate passed (gate off: fail-on none)';
  // Too few rounds for any p to reach the level (analysis/reach.ts): a pass that says nothing.
  if (result.warnings.some((w) => w.code === 'gate-cannot-fail'))
    return '⚠️ benchgate passed, but its gate could not fail (too few rounds)';
  if (result.verdict === 'error')
    return `💥 benchgate could not decide: ${result.failures.runs.length > 0 ? 'a run failed' : 'a benchmark failed'}`;
  return '✅ benchgate passed';
}

function removedNamed(result: ComparisonResult): string {
  const removed = result.comparisons.filter((c) => c.gating && c.verdict === 'removed');
  if (removed.length === 0) return '';
  const names = namesOf(result);
  const shown = removed.slice(0, MAX_REMOVED_NAMED).map((c) => markdownCodeCell(clip(names.full(c), NAME_MAX)));
  const more = removed.length > MAX_REMOVED_NAMED ? ` and ${removed.length - MAX_REMOVED_NAMED} more` : '';
  return ` · ➖ removed: ${shown.join(', ')}${more}`;
}

export function gateHeadline(result: ComparisonResult): string {
  if (result.comparisons.length === 0 && result.verdict === 'error')
    return `💥 benchgate could not decide: ${escapeMarkdown(nothingCompared(result))}`;
  if (result.skipped) return `✅ benchgate passed, ${escapeMarkdown(skippedSentence(result.skipped))}`;
  const n = result.counts;
  const counts = [
    n.regression > 0 && plural(n.regression, 'regression'),
    n.failed > 0 && `${n.failed} failed`,
    n.improvement > 0 && plural(n.improvement, 'improvement'),
    n.added > 0 && `${n.added} added`,
    `${n.unchanged} unchanged`,
  ].filter(Boolean);
  const undecided = n.inconclusive > 0 ? ` · 🟡 ${n.inconclusive} could not be decided` : '';
  return `${gateOutcome(result)}: ${counts.join(', ')}${undecided}${removedNamed(result)}`;
}
