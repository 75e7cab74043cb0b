/**
 * The bisection itself, apart from how a range is measured: each step compares both halves of
 * the remaining range (good..mid and mid..bad) and follows the one whose benchmarks changed
 * significantly beyond the threshold. Exactly one half must change; otherwise the step cannot
 * decide and the search stops with the range it narrowed down to, never a guess.
 */
import { isChange, type Comparison } from '../model.js';
import type { LineCommit } from './commits.js';

/** What one interleaved comparison of a range found for the searched benchmarks. */
export interface RangeOutcome {
  base: LineCommit;
  head: LineCommit;
  /** First-parent commits in the range (head's index minus base's). */
  commits: number;
  /** The searched benchmarks' gating comparisons. */
  comparisons: Comparison[];
  /** Where its results log and reports are. */
  outDir: string;
}

/** Compares two commits of the line with interleaved rounds (src/bisect/compare-range.ts). */
export type CompareRange = (base: LineCommit, head: LineCommit, label: string) => Promise<RangeOutcome>;

export interface BisectStep {
  index: number;
  halves: [RangeOutcome, RangeOutcome];
  /** The half followed, or null when the step could not decide. */
  followed: 0 | 1 | null;
}

export type BisectResult =
  | { kind: 'found'; steps: BisectStep[]; commit: LineCommit; parent: LineCommit; evidence: RangeOutcome }
  | { kind: 'undecided'; steps: BisectStep[]; from: LineCommit; to: LineCommit; why: 'neither' | 'both'; evidence: RangeOutcome[] };

export const changed = (r: RangeOutcome): boolean => r.comparisons.some(isChange);

/** The most steps a line of `links` first-parent links takes: one per halving. */
export function maxSteps(links: number): number {
  return Math.max(1, Math.ceil(Math.log2(links)));
}

/**
 * Searches `line` (good first, bad last). `onStep` sees each step as it ends, so the terminal
 * shows progress during a long search.
 */
export async function bisect(line: readonly LineCommit[], compare: CompareRange, onStep: (s: BisectStep) => void): Promise<BisectResult> {
  let lo = 0;
  let hi = line.length - 1;
  const steps: BisectStep[] = [];
  if (hi === 1) {
    // One link: nothing to halve, the comparison of good and bad is the whole answer.
    const only = await compare(line[0]!, line[1]!, 'step-1');
    if (changed(only)) return { kind: 'found', steps, commit: line[1]!, parent: line[0]!, evidence: only };
    return { kind: 'undecided', steps, from: line[0]!, to: line[1]!, why: 'neither', evidence: [only] };
  }
  let evidence: RangeOutcome | null = null;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    const index = steps.length + 1;
    const left = await compare(line[lo]!, line[mid]!, `step-${index}-good-half`);
    const right = await compare(line[mid]!, line[hi]!, `step-${index}-bad-half`);
    const [l, r] = [changed(left), changed(right)];
    const followed = l === r ? null : l ? 0 : 1;
    const step: BisectStep = { index, halves: [left, right], followed };
    steps.push(step);
    onStep(step);
    if (followed === null)
      return { kind: 'undecided', steps, from: line[lo]!, to: line[hi]!, why: l ? 'both' : 'neither', evidence: [left, right] };
    evidence = followed === 0 ? left : right;
    if (followed === 0) hi = mid;
    else lo = mid;
  }
  return { kind: 'found', steps, commit: line[hi]!, parent: line[lo]!, evidence: evidence! };
}
