/**
 * The bisection apart from measuring (src/bisect/search.ts): a fake comparison that knows where
 * the planted changes are. One change is found in ceil(log2(links)) steps wherever it is; two
 * changes, or none, stop undecided with the range, never a guess.
 */
import { describe, expect, it } from '@jest/globals';
import type { LineCommit } from '../../src/bisect/commits.js';
import { renderResult } from '../../src/bisect/render.js';
import { bisect, maxSteps, type CompareRange } from '../../src/bisect/search.js';
import { compared } from '../builders.js';

const line = (links: number): LineCommit[] =>
  Array.from({ length: links + 1 }, (_, i) => ({ sha: i.toString(16).padStart(40, '0'), subject: `commit ${i}` }));

/** A range changed when it holds a planted commit (by its index in the line). */
function fake(commits: LineCommit[], planted: number[]): CompareRange & { calls: number } {
  const index = (c: LineCommit) => commits.indexOf(c);
  const compare = async (base: LineCommit, head: LineCommit) => {
    compare.calls++;
    const changed = planted.some((p) => p > index(base) && p <= index(head));
    return {
      base,
      head,
      commits: index(head) - index(base),
      comparisons: [compared('loop', changed ? 'regression' : 'unchanged', changed ? 100 : 0)],
      outDir: 'out',
    };
  };
  compare.calls = 0;
  return compare;
}

describe('bisect search', () => {
  it('finds one planted commit among 64 in 6 steps, wherever it is', async () => {
    const commits = line(64);
    for (const planted of [1, 2, 31, 32, 33, 63, 64]) {
      const compare = fake(commits, [planted]);
      const result = await bisect(commits, compare, () => {});
      expect(result.kind).toBe('found');
      if (result.kind === 'found') expect(result.commit).toBe(commits[planted]);
      expect(result.steps).toHaveLength(6);
      expect(compare.calls).toBe(12);
    }
    expect(maxSteps(64)).toBe(6);
  });

  it('compares good and bad once when they are one link apart', async () => {
    const commits = line(1);
    const found = await bisect(commits, fake(commits, [1]), () => {});
    expect(found).toMatchObject({ kind: 'found', commit: commits[1], steps: [] });
    const none = await bisect(commits, fake(commits, []), () => {});
    expect(none).toMatchObject({ kind: 'undecided', why: 'neither', from: commits[0], to: commits[1] });
  });

  it('stops undecided when both halves changed, with the two searches that would settle it', async () => {
    const commits = line(16);
    const result = await bisect(commits, fake(commits, [3, 12]), () => {});
    expect(result).toMatchObject({ kind: 'undecided', why: 'both', from: commits[0], to: commits[16] });
    const text = renderResult(result, 'lo*');
    expect(text).toContain('both halves changed');
    expect(text).toContain(`benchgate bisect --good ${commits[0]!.sha} --bad ${commits[8]!.sha} --benchmark lo\\*`);
    expect(text).toContain(`benchgate bisect --good ${commits[8]!.sha} --bad ${commits[16]!.sha} --benchmark lo\\*`);
    expect(text).not.toMatch(/^found/m);
  });

  it('narrows down before it stops: a change that vanishes below the noise is reported between the last range', async () => {
    const commits = line(8);
    // The change shows over 4 commits but not over 2 (a step each too small to see).
    const compare: CompareRange = async (base, head) => {
      const span = commits.indexOf(head) - commits.indexOf(base);
      const changed = span >= 4 && commits.indexOf(base) < 4;
      return { base, head, commits: span, comparisons: [compared('loop', changed ? 'regression' : 'inconclusive', 1)], outDir: 'out' };
    };
    const result = await bisect(commits, compare, () => {});
    expect(result).toMatchObject({ kind: 'undecided', why: 'neither', from: commits[0], to: commits[4] });
    expect(result.steps).toHaveLength(2);
  });
});
