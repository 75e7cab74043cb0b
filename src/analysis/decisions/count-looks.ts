/**
 * The count rule's looks replayed from a results log (docs/counts.md): the same loop that chose the
 * repetitions in measure (src/counts-policy.ts), over the repetitions the log holds.
 */
import { COUNT_DEFAULTS, countLooks } from '../../counts/defaults.js';
import type { Verdict } from '../../model.js';
import { decideCounts, type CountMember, type CountOutcome } from './count-rule.js';

export type ReplayedCount = CountOutcome & { verdict: Verdict; looks: number };

/**
 * The runner's loop replayed over the repetitions a log holds: a look after `min` repetitions,
 * then one per added repetition; a member closes at its first verdict other than 'more' and keeps
 * the repetitions it was decided on; the last look is final (the cap, or the last repetition the
 * log has for any open member: a time budget ended the loop there).
 */
export function replayCountLooks(
  members: readonly CountMember[],
  opts: { alpha: number; min?: number; max?: number },
): Map<string, ReplayedCount> {
  const min = opts.min ?? COUNT_DEFAULTS.minRepetitions;
  const max = Math.max(min, opts.max ?? COUNT_DEFAULTS.maxRepetitions);
  const looks = countLooks(min, max);
  const closed = new Map<string, { at: number; outcome: ReplayedCount }>();
  const upTo = (m: CountMember, n: number): CountMember =>
    m.base.length <= n && m.head.length <= n ? m : { ...m, base: m.base.slice(0, n), head: m.head.slice(0, n) };
  for (let n = min, look = 1; n <= max; n++, look++) {
    const open = members.filter((m) => !closed.has(m.id));
    if (open.length === 0) break;
    const final = n === max || open.every((m) => m.base.length <= n && m.head.length <= n);
    const current = members.map((m) => upTo(m, closed.get(m.id)?.at ?? n));
    const outcomes = decideCounts(current, { alpha: opts.alpha, final, looks });
    for (const m of open) {
      const o = outcomes.get(m.id)!;
      if (o.verdict !== 'more') closed.set(m.id, { at: n, outcome: { ...o, verdict: o.verdict, looks: look } });
    }
    if (final) break;
  }
  return new Map([...closed].map(([id, c]) => [id, c.outcome]));
}
