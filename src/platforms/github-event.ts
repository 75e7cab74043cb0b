/**
 * What the workflow run's event says: the event name and payload (GITHUB_EVENT_NAME,
 * GITHUB_EVENT_PATH), and from them the base and head commits and the pull request number.
 */
import { existsSync, readFileSync } from 'node:fs';

export interface GitHubEvent {
  name: string;
  payload: Record<string, unknown>;
}

export function readEvent(env: NodeJS.ProcessEnv): GitHubEvent {
  const file = env.GITHUB_EVENT_PATH;
  const payload = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  return { name: env.GITHUB_EVENT_NAME ?? '', payload };
}

function field(value: unknown, ...keys: string[]): unknown {
  let v = value;
  for (const key of keys) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `push` of a new branch has an all-zero `before`: there is no base commit to compare with. */
const NO_COMMIT = /^0+$/;

/** Base and head as the event gives them; undefined where it gives none. */
export function eventRefs(event: GitHubEvent): { base?: string; head?: string } {
  const p = event.payload;
  switch (event.name) {
    case 'pull_request':
    case 'pull_request_target':
      return { base: text(field(p, 'pull_request', 'base', 'sha')), head: text(field(p, 'pull_request', 'head', 'sha')) };
    case 'merge_group':
      return { base: text(field(p, 'merge_group', 'base_sha')), head: text(field(p, 'merge_group', 'head_sha')) };
    case 'push': {
      const before = text(field(p, 'before'));
      return { base: before && !NO_COMMIT.test(before) ? before : undefined, head: text(field(p, 'after')) };
    }
    case 'workflow_dispatch':
      return { base: text(field(p, 'inputs', 'base')), head: text(field(p, 'inputs', 'head')) };
    default:
      return {};
  }
}

/** The pull request the run belongs to, when there is one. */
export function eventPullRequest(event: GitHubEvent): number | undefined {
  const n = field(event.payload, 'pull_request', 'number');
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}
