/**
 * The environment of a side's build and bench commands: the allow-list of docs/security.md
 * (runner/env.ts), run-as's user, and the BENCHGATE_* variables that name the side, the round and
 * the worktrees.
 */
import type { Side } from '../model.js';
import { commandEnvironment } from './env.js';
import { runAsEnv, type RunAsUser } from './run-as.js';

/** For one side's command in `round` (0 for builds, listings and counted runs). */
export function commandEnv(side: Side, round: number, dirs: Record<Side, string>, user: RunAsUser | undefined): NodeJS.ProcessEnv {
  return commandEnvironment(process.env, {
    ...(user && runAsEnv(user)),
    BENCHGATE_SIDE: side,
    BENCHGATE_ROUND: String(round),
    BENCHGATE_WORKTREE: dirs[side],
    BENCHGATE_BASE_DIR: dirs.base,
    BENCHGATE_HEAD_DIR: dirs.head,
  });
}
