/** What `benchgate bisect` prints: each step as it ends, then the commit (or the honest range). */
import { isChange, type Attribution, type CallPathStep, type Comparison } from '../model.js';
import { bisectCommand } from '../history/bisect-command.js';
import { formatChange, formatPct, formatValue } from '../report/units.js';
import { inertForLog } from '../log-text.js';
import { clip } from '../report/escape.js';
import type { LineCommit } from './commits.js';
import type { BisectResult, BisectStep, RangeOutcome } from './search.js';

const short = (c: LineCommit) => c.sha.slice(0, 12);
const SHOWN = 3;

function comparisonLine(c: Comparison): string {
  const rounds = c.base?.n === undefined ? '' : `, ${c.base.n} per side`;
  const needed = c.verdict === 'inconclusive' && c.roundsNeeded !== null ? `; about ${c.roundsNeeded} rounds per side would decide it` : '';
  return `${inertForLog(c.benchmark)} (${inertForLog(c.metric)}${rounds}): ${c.verdict} ${formatChange(c.changePct, c.changeCi)}${needed}`;
}

/** A name a pull request chose (a function, a file), on one line and inert in a terminal. */
const named = (text: string) => inertForLog(clip(text));
const perOp = (v: number) => (Number.isInteger(v) ? String(v) : formatValue(v, { factor: 1, unit: '' }));
const step = (s: CallPathStep) => `${named(s.name)} (${named(s.file)}) ${perOp(s.base)} → ${perOp(s.head)}`;

const LEVEL = {
  calls: 'Python calls per op (cProfile)',
  instructions: 'self instructions per op',
} as const;

/**
 * Where the found commit's change came from (docs/architecture.md decision 8): its top functions
 * base → head per op, the call path's owner and what changed under it, code moved by inlining,
 * and the attribution's notes.
 */
export function attributionLines(a: Attribution): string[] {
  const level =
    a.source === 'passes' && a.level === 'instructions' ? `${LEVEL.instructions}, where the instructions changed` : LEVEL[a.level];
  const explained = a.explainedPct === null ? '' : `; these explain ${formatPct(a.explainedPct).replace(/^\+/, '')} of the change`;
  const more = a.functions.length > SHOWN ? [`      ${a.functions.length - SHOWN} more in results.json`] : [];
  const owner = a.callPath?.owner;
  const under = a.callPath?.under[0];
  const calls = under?.calls ? `, called ${perOp(under.calls.base)} → ${perOp(under.calls.head)} times per op` : '';
  return [
    `    where: ${level}${explained}`,
    ...a.functions.slice(0, SHOWN).map((f) => `      ${step(f)}`),
    ...more,
    ...(owner ? [`    call path: ${step(owner)}${under ? `; under it ${step(under)}${calls}` : ''}`] : []),
    ...a.inlined
      .slice(0, SHOWN)
      .map(
        (i) =>
          `    inlined: ${named(i.name)} (${perOp(i.perOp)} per op on ${i.goneOn === 'base' ? 'head' : 'base'}) into ${named(i.into.name)}`,
      ),
    ...a.notes.map((n) => `    note: ${inertForLog(clip(n, 400))}`),
  ];
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
    const changes = result.evidence.comparisons
      .filter(isChange)
      .flatMap((c) => [`  ${comparisonLine(c)}`, ...(c.attribution ? attributionLines(c.attribution) : [])]);
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
