/**
 * Which two commits a run compares, and why. A CI event asks for a comparison (platforms/),
 * the refs the user names win over it, and git resolves it, fetching what a shallow clone lacks.
 */
import { firstParent, mergeBase, resolveCommit } from './git.js';
import type { RefInfo } from './model.js';

export type CompareSpec =
  /** base and head exactly as named: flags, inputs, a push's before and after. */
  | { kind: 'refs'; base?: string; head?: string; why?: string }
  /**
   * A merge commit (a pull request's refs/pull/N/merge, a merge queue entry) against its first
   * parent, the tip it was made on: exactly what merging lands. `label` names the commit in
   * reports; `head`, when the user names one, is compared with that parent instead.
   */
  | { kind: 'first-parent'; commit: string; label: string; head?: string; why: string; pullRequestHead?: string }
  /** head against the merge base of base and head: what head changed since it branched off. */
  | { kind: 'merge-base'; base: string; head: string; why: string; pullRequestHead?: string };

/** A comparison with both sides known: what chooseComparison returns and git resolves. */
export type Comparison = Exclude<CompareSpec, { kind: 'refs' }> | { kind: 'refs'; base: string; head: string; why?: string };

export interface ResolvedComparison {
  base: RefInfo;
  head: RefInfo;
}

/**
 * What the user named wins over the event: a base (with or without a head) is compared
 * exactly, with the checkout when no head is named; a head alone replaces the event's head.
 * Null when there is no base to compare with.
 */
export function chooseComparison(named: { base?: string; head?: string }, event: CompareSpec, defaultHead: string): Comparison | null {
  if (named.base) return { kind: 'refs', base: named.base, head: named.head ?? defaultHead };
  if (named.head) {
    switch (event.kind) {
      case 'refs':
        return event.base ? { kind: 'refs', base: event.base, head: named.head } : null;
      case 'first-parent':
        return {
          kind: 'first-parent',
          commit: event.commit,
          label: event.label,
          head: named.head,
          why: `${named.head} (named) vs the first parent of ${event.label}`,
        };
      case 'merge-base':
        return {
          kind: 'merge-base',
          base: event.base,
          head: named.head,
          why: `${named.head} (named) vs its merge base with ${event.base}`,
        };
    }
  }
  if (event.kind === 'refs') return event.base ? { kind: 'refs', base: event.base, head: event.head ?? defaultHead, why: event.why } : null;
  return event;
}

function chosen(why: string | undefined, pullRequestHead: string | undefined): Pick<RefInfo, 'chosen'> {
  if (why === undefined) return {};
  return { chosen: pullRequestHead === undefined ? { why } : { why, pullRequestHead } };
}

/** Resolves a comparison to two commits, fetching from origin what the clone lacks. */
export async function resolveComparison(repo: string, spec: Comparison, log: (msg: string) => void): Promise<ResolvedComparison> {
  switch (spec.kind) {
    case 'refs': {
      const base = await resolveCommit(repo, spec.base, log);
      const head = await resolveCommit(repo, spec.head, log);
      return { base: { ref: spec.base, sha: base }, head: { ref: spec.head, sha: head, ...chosen(spec.why, undefined) } };
    }
    case 'first-parent': {
      const commit = await resolveCommit(repo, spec.commit, log);
      const parent = await firstParent(repo, commit, log);
      const head = spec.head === undefined ? commit : await resolveCommit(repo, spec.head, log);
      return {
        base: { ref: `${spec.label}^1`, sha: parent },
        head: { ref: spec.head ?? spec.label, sha: head, ...chosen(spec.why, spec.pullRequestHead) },
      };
    }
    case 'merge-base': {
      const base = await resolveCommit(repo, spec.base, log);
      const head = await resolveCommit(repo, spec.head, log);
      // `A...B` is git's own name for the merge base of A and B (git checkout, git diff).
      return {
        base: { ref: `${spec.base}...${spec.head}`, sha: await mergeBase(repo, base, head, log) },
        head: { ref: spec.head, sha: head, ...chosen(spec.why, spec.pullRequestHead) },
      };
    }
  }
}
