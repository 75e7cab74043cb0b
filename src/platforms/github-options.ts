/**
 * One GitHub job as benchgate sees it: the options the action or a command sets, the repository
 * it runs in, and the links to its workflow run.
 */
import type { CommentSection, MarkdownLink } from '../report/view.js';
import type { Repo } from './github-api.js';
import type { GitHubEvent } from './github-event.js';

export interface GitHubOptions {
  /** Token for the comment and the check run; without one, neither is attempted. */
  token?: string;
  comment: boolean;
  check: boolean;
  /** Names the check run and keys the sticky comment; defaults to the suites in the result. */
  suite?: string;
  /** Overrides the event's pull request (the fork-safe reporter reads it from the artifact). */
  pullRequest?: number;
  /** Overrides the commit the check run is attached to (the reporter uses workflow_run.head_sha). */
  checkSha?: string;
  /**
   * Comment only when the pull request's head is this commit: the reporter reads the pull
   * request number from an artifact the untrusted job wrote, so it must point at that job's PR.
   */
  requirePullRequestHead?: string;
  /** The repository-relative directory benchmark commands run in; names that are paths start there. */
  workingDirectory?: string;
  /** FILE or FILE:LINE from the config: where annotations point when a benchmark's name names no file. */
  source?: string;
  /**
   * The sticky comment's section this run writes, and the check run it names: `deep` for a
   * `/benchmark` run, whose check ("benchgate /benchmark (suite)") never stands in for the gate's.
   */
  section?: CommentSection;
  /** The deep run's heading in the comment: who asked, with which options (escaped markdown). */
  requestedBy?: string;
  /** main's trend site (trusted input `history-url`, checked): the comment links flagged benchmarks to their trends. */
  historyUrl?: string;
  /** The pull request label (trusted input `override-label`) that lets a failed gate pass. */
  overrideLabel?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * The workflow run that measured and its artifacts section, where the upload step puts
 * results.json and report.html: in a `workflow_run` relay that is the triggering run (GitHub
 * sets its id, not the fork). None outside Actions or when the variables are not a plain http(s) URL.
 */
export function runLinks(env: NodeJS.ProcessEnv, event?: GitHubEvent): MarkdownLink[] {
  const repo = parseRepository(env.GITHUB_REPOSITORY);
  const triggering = event?.name === 'workflow_run' ? (event.payload.workflow_run as { id?: unknown } | undefined)?.id : undefined;
  // The payload's id is a number; any other value is no run's id.
  const runId =
    triggering === undefined || triggering === null
      ? (env.GITHUB_RUN_ID ?? '')
      : typeof triggering === 'number' || typeof triggering === 'string'
        ? String(triggering)
        : '';
  if (!repo || !/^\d+$/.test(runId)) return [];
  let run: URL;
  try {
    run = new URL(
      `${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}/actions/runs/${runId}`,
      `${env.GITHUB_SERVER_URL ?? 'https://github.com'}/`,
    );
  } catch {
    return [];
  }
  if (run.protocol !== 'https:' && run.protocol !== 'http:') return [];
  return [
    // The run's page shows its jobs' summaries: the full report.
    { text: 'job summary', url: run.href },
    { text: 'results.json and report.html (artifacts)', url: `${run.href}#artifacts` },
  ];
}

export function parseRepository(value: string | undefined): Repo | undefined {
  const m = /^([^/\s]+)\/([^/\s]+)$/.exec(value ?? '');
  return m ? { owner: m[1]!, repo: m[2]! } : undefined;
}
