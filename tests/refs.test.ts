import { describe, expect, it } from '@jest/globals';
import { chooseComparison, type CompareSpec } from '../src/refs.js';

const PR: CompareSpec = { kind: 'first-parent', commit: 'm', label: 'refs/pull/1/merge', why: 'merge', pullRequestHead: 'h' };
const BRANCH: CompareSpec = { kind: 'merge-base', base: 'main', head: 'h', why: 'branch', pullRequestHead: 'h' };

describe('chooseComparison', () => {
  it("takes the event's comparison when the user names nothing", () => {
    expect(chooseComparison({}, PR, 'HEAD')).toBe(PR);
    expect(chooseComparison({}, BRANCH, 'HEAD')).toBe(BRANCH);
    expect(chooseComparison({}, { kind: 'refs', base: 'a', head: 'b', why: 'push' }, 'HEAD')).toEqual({
      kind: 'refs',
      base: 'a',
      head: 'b',
      why: 'push',
    });
  });

  it('compares a named base exactly, with the checkout when no head is named', () => {
    expect(chooseComparison({ base: 'v1' }, PR, 'HEAD')).toEqual({ kind: 'refs', base: 'v1', head: 'HEAD' });
    expect(chooseComparison({ base: 'v1', head: 'v2' }, BRANCH, 'HEAD')).toEqual({ kind: 'refs', base: 'v1', head: 'v2' });
  });

  it("puts a named head in place of the event's head, against the event's base side", () => {
    expect(chooseComparison({ head: 'x' }, PR, 'HEAD')).toEqual({
      kind: 'first-parent',
      commit: 'm',
      label: 'refs/pull/1/merge',
      head: 'x',
      why: 'x (named) vs the first parent of refs/pull/1/merge',
    });
    expect(chooseComparison({ head: 'x' }, BRANCH, 'HEAD')).toEqual({
      kind: 'merge-base',
      base: 'main',
      head: 'x',
      why: 'x (named) vs its merge base with main',
    });
    expect(chooseComparison({ head: 'x' }, { kind: 'refs', base: 'a', head: 'b' }, 'HEAD')).toEqual({ kind: 'refs', base: 'a', head: 'x' });
  });

  it('has nothing to compare without a base', () => {
    expect(chooseComparison({}, { kind: 'refs', head: 'b' }, 'HEAD')).toBeNull();
    expect(chooseComparison({ head: 'x' }, { kind: 'refs' }, 'HEAD')).toBeNull();
  });
});
