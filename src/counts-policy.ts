/**
 * How many repetitions per-benchmark counts run (src/runner/count-repetitions.ts): every
 * benchmark COUNT_DEFAULTS.minRepetitions, then another for each the count rule
 * (src/analysis/decisions/count-rule.ts) leaves open, up to COUNT_DEFAULTS.maxRepetitions. The rule sees the
 * same members the analysis replays it with (analysis/counts.ts, replayCountLooks): every gating
 * benchmark's per-op counts so far, so `benchgate analyze` on the log gives the run's verdicts.
 */
import { gatePolicy } from './analysis/gating.js';
import { runSettingsOf, type Config } from './config.js';
import { COUNT_DEFAULTS } from './counts/defaults.js';
import { perOpCounts } from './counts/per-op.js';
import type { RepetitionPolicy } from './runner/count-repetitions.js';
import { decideCounts } from './analysis/decisions/count-rule.js';

const COUNT_METRIC = 'instructions';

export function countPolicy(config: Config): RepetitionPolicy {
  const gate = gatePolicy(runSettingsOf(config));
  return {
    minRepetitions: COUNT_DEFAULTS.minRepetitions,
    maxRepetitions: COUNT_DEFAULTS.maxRepetitions,
    maxTimeMs: 0,
    stillOpen(runs) {
      // The members analysis/counts.ts replays: gating benchmarks with counts on both sides (one
      // side lacking is added or removed: more repetitions cannot decide it).
      const members = [...perOpCounts(runs)].flatMap(([id, sides]) => {
        const decision = gate({ benchmark: id, metric: COUNT_METRIC });
        return decision.gating && sides.base.length > 0 && sides.head.length > 0
          ? [{ id, ...sides, thresholdPct: decision.thresholdPct }]
          : [];
      });
      const outcomes = decideCounts(members, { alpha: config.alpha, final: false });
      return members.filter((m) => outcomes.get(m.id)?.verdict === 'more').map((m) => m.id);
    },
  };
}
