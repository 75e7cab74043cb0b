/**
 * `bisect --benchmark GLOB`: which benchmarks a bisect searches. The glob matches as `ignore` and
 * `thresholds` do (the name as the reports show it, and as printed), and also the name as history
 * records it (Go's without "-N"), so `Step*` from a report and the trend site's command both find it.
 */
import { normaliseName } from '../harness/index.js';
import { globMatcher, namesForGlobs, type GateSubject } from './gating.js';

export function searchedMatcher(glob: string, format: string): (subject: GateSubject) => boolean {
  const matches = globMatcher(glob);
  return (subject) =>
    [subject.benchmark, normaliseName(format, subject.benchmark)].some((benchmark) =>
      namesForGlobs({ ...subject, benchmark }).some(matches),
    );
}

/** Why the glob finds nothing (it matches none of `subjects`, up to eight named, printed by "the warm-up"), or null. */
export function unsearchedMessage(glob: string, format: string, subjects: readonly GateSubject[], printedBy: string): string | null {
  if (subjects.some(searchedMatcher(glob, format))) return null;
  const names = [...new Set(subjects.map((s) => s.benchmark))].slice(0, 8).join(', ');
  return `--benchmark ${glob} matches no benchmark ${printedBy} printed (${names || 'none'})`;
}
