/** What `benchgate bisect` prints: each step as it ends, then the commit (or the honest range). */
import type { Comparison } from '../model.js';
import { bisectCommand } from '../history/bisect-command.js';
import { formatChange } from '../report/units.js';
import { inertForLog } from '../log-text.js';
import type { LineCommit } from './commits.js';
import { isChange, type BisectResult, type BisectStep, type RangeOutcome } from './search.js';

const short = (c: LineCommit) => c.sha.slice(0, 12);
const SHOWN = 3;

function comparisonLine(c: Comparison): string {
  const rounds = c.base?.n === undefined ? '' : `, ${c.base.n} per side`;
  const needed = c.verdict === 'inconclusive' && c.roundsNeeded !== null ? `; about ${c.roundsNeeded} rounds per side would decide it` : '';
  return `${inertForLog(c.benchmark)} (${inertForLog(c.metric)}${rounds}): ${c.verdict} ${formatChange(c.changePct, c.changeCi)}${needed}`;
}

/** The changed benchmarks first, then the largest changes; the rest counted. */
function shown(r: RangeOutcome): string {
  const ordered = [...r.comparisons].sort(
    (a, b) => Number(isChange(b)) - Number(isChange(a)) || Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0),
  );
  const more = ordered.length > SHOWN ? `; ${ordered.length - SHOWN} more benchmarks in ${r.outDir}` : '';
  return ordered.slice(0, SHOWN).map(comparisonLine).join('; ') + more;
}

function rangeText(r: RangeOutcome): string {
  return `${short(r.base)}..${short(r.head)} (${r.commits} commit${r.commits === 1 ? '' : 's'})`;
}

export function renderStart(line: readonly LineCommit[], glob: string, steps: number): string {
  return `bisect: ${line.length - 1} first-parent commits after good ${short(line[0]!)} up to bad ${short(line.at(-1)!)}, benchmarks ${inertForLog(glob)}: at most ${steps} steps, two comparisons each\n`;
}

export function renderStep(step: BisectStep): string {
  const lines = step.halves.map((h, i) => `  ${step.followed === i ? '->' : '  '} ${rangeText(h)}: ${shown(h)}`);
  const verdict = step.followed === null ? 'cannot decide' : `follows the ${step.followed === 0 ? 'good' : 'bad'} half`;
  return `step ${step.index}: ${verdict}\n${lines.join('\n')}\n`;
}

export function renderResult(result: BisectResult, glob: string): string {
  if (result.kind === 'found') {
    const changes = result.evidence.comparisons.filter(isChange).map((c) => `  ${comparisonLine(c)}`);
    return (
      `found: ${result.commit.sha} "${result.commit.subject}" carries the change (first parent ${short(result.parent)}):\n` +
      `${changes.join('\n')}\n  the step's results: ${result.evidence.outDir}\n`
    );
  }
  const range = `between ${short(result.from)} "${result.from.subject}" and ${short(result.to)} "${result.to.subject}"`;
  // The last step printed its halves already; a one-link search printed no step.
  const evidence = result.steps.length > 0 ? '' : `${result.evidence.map((r) => `  ${rangeText(r)}: ${shown(r)}`).join('\n')}\n`;
  if (result.why === 'both') {
    const mid = result.evidence[0]!.head;
    return (
      `undecided: the change is ${range}, but both halves changed: more than one commit there changes these benchmarks.\n${evidence}` +
      `  to settle it, search each half on its own:\n    ${inertForLog(bisectCommand(result.from.sha, mid.sha, glob))}\n    ${inertForLog(bisectCommand(mid.sha, result.to.sha, glob))}\n`
    );
  }
  return (
    `undecided: the change is ${range}; no half changed significantly beyond the threshold.\n${evidence}` +
    `  to settle it: more rounds (--rounds, or the rounds each line names), or --measure instructions for a change in work; ` +
    `if good and bad do not differ either, the change is smaller than the threshold or not in this range\n`
  );
}
