/**
 * GitHub Actions: log groups and annotations through @actions/core; base and head from the
 * event; results in the job summary, annotations, step outputs, a sticky pull request comment
 * and a check run.
 */
import * as core from '@actions/core';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { ComparisonResult, GateOverride } from '../model.js';
import type { CompareSpec } from '../refs.js';
import { inertForLog } from '../log-text.js';
import { plainText } from '../report/escape.js';
import { COMMENT_FILE, type CommentOptions, type CommentSection } from '../report/comment.js';
import { type MarkdownLink } from '../report/links.js';
import { renderMarkdown } from '../report/markdown.js';
import { headline } from '../report/rows.js';
import { renderTerminal } from '../report/terminal.js';
import {
  checkConclusion,
  commentMarker,
  createCheckRun,
  findOverrideLabel,
  httpStatus,
  octokitFor,
  upsertComment,
  type Octokit,
  type Repo,
} from './github-api.js';
import { ANNOTATIONS_PER_KIND, configuredLocation, omittedNotes, planAnnotations } from './github-annotations.js';
import { eventComparison, eventPullRequest, readEvent, type GitHubEvent } from './github-event.js';
import type { Platform, WrittenReports } from './types.js';

/** GitHub's size limits: job summary per step (bytes) and check summary (characters). The comment is comment.md (≤ 5 KB). */
export const LIMITS = { summary: 1024 * 1024, checkSummary: 65_535 } as const;

/** All API calls of one publish share this time limit, so an unreachable API cannot hang the job. */
const API_TIME_LIMIT_MS = 60_000;

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

export class GitHubPlatform implements Platform {
  readonly name = 'github';
  private readonly env: NodeJS.ProcessEnv;
  /** Permission problems already reported, so each is said once. */
  private readonly said = new Set<string>();
  /** Warnings printed so far: each takes one of the step's warning annotations. */
  private warnings = 0;

  constructor(private options: GitHubOptions = { comment: true, check: true }) {
    this.env = options.env ?? process.env;
  }

  private eventRead: GitHubEvent | undefined;
  /** The workflow run's event, read when first needed: `--version` and `--help` never read it. */
  get event(): GitHubEvent {
    this.eventRead ??= readEvent(this.env);
    return this.eventRead;
  }

  info(message: string): void {
    core.info(inertForLog(message));
  }

  warn(message: string): void {
    this.warnings++;
    core.warning(inertForLog(message));
  }

  group<T>(title: string, fn: () => T | Promise<T>): Promise<T> {
    return core.group(inertForLog(title), async () => await fn());
  }

  configure(config: Config): void {
    this.options = { ...this.options, suite: config.suite, workingDirectory: config.workingDirectory, source: config.source };
  }

  defaultComparison(): CompareSpec {
    return eventComparison(this.event);
  }

  /**
   * The override label, when configured and on the pull request now (asked of the API at run
   * time). Without a token, a pull request or an answer, there is no override: the gate stands.
   */
  async gateOverride(): Promise<GateOverride | null> {
    const label = this.options.overrideLabel;
    const pullRequest = this.options.pullRequest ?? eventPullRequest(this.event);
    const api = await this.api();
    if (label === undefined || pullRequest === undefined || !api) return null;
    let found: GateOverride | null = null;
    await this.attempt(`read the labels of pull request #${pullRequest}`, 'pull-requests: read', async () => {
      found = await findOverrideLabel(api.octokit, api.repo, pullRequest, label);
    });
    if (found) this.info(`pull request #${pullRequest} has the label "${label}": a failed gate passes (the report stays)`);
    return found;
  }

  private async api(): Promise<{ octokit: Octokit; repo: Repo } | null> {
    const repo = parseRepository(this.env.GITHUB_REPOSITORY);
    const token = this.options.token;
    if (!repo || !token) return null;
    const octokit = await octokitFor(token, this.env.GITHUB_API_URL ?? 'https://api.github.com', API_TIME_LIMIT_MS);
    return { octokit, repo };
  }

  commentOptions(): CommentOptions {
    return {
      links: runLinks(this.env, this.event),
      fullReport: 'the job summary',
      ...(this.options.section && { section: this.options.section }),
      ...(this.options.requestedBy && { requestedBy: this.options.requestedBy }),
      ...(this.options.historyUrl !== undefined && { historyUrl: this.options.historyUrl }),
    };
  }

  async publish(result: ComparisonResult, reports: WrittenReports): Promise<void> {
    const workspace = this.env.GITHUB_WORKSPACE ?? process.cwd();
    const dir = this.options.workingDirectory ?? '.';
    const locate = (file: string) => (existsSync(path.join(workspace, dir, file)) ? path.posix.join(dir, file) : undefined);
    const source = this.options.source;
    const fallback = source === undefined ? undefined : configuredLocation(source, locate);
    if (source !== undefined && fallback === undefined)
      this.warn(`source: ${source} is not a file in ${dir}; annotations point at no file`);
    const plan = planAnnotations(result, {
      locate,
      fallback,
      room: {
        // Regressions are errors only when the gate fails, and then the action ends the step
        // with an error of its own (core.setFailed) that must fit too.
        error: ANNOTATIONS_PER_KIND - 1,
        warning: ANNOTATIONS_PER_KIND - this.warnings,
      },
    });
    for (const a of plan.annotations) {
      const props = { title: a.title, file: a.file, startLine: a.line };
      core[a.kind](a.message, props);
    }
    const notes = omittedNotes(plan.omitted);
    // The table in the log too, folded: the summary is a click away from where people read the log.
    await this.group('results', () => {
      for (const line of renderTerminal(result).trimEnd().split('\n')) this.info(line);
    });
    await this.writeSummary(result, notes);
    core.setOutput('verdict', result.verdict);
    core.setOutput('regressions', result.counts.regression);
    core.setOutput('improvements', result.counts.improvement);
    if (reports['results.json']) core.setOutput('results-path', reports['results.json']);
    if (reports['summary.md']) core.setOutput('summary-path', reports['summary.md']);
    if (reports['report.html']) core.setOutput('html-report', reports['report.html']);
    await this.writeThroughApi(result, notes, reports[COMMENT_FILE]);
  }

  private async writeSummary(result: ComparisonResult, notes: string[]): Promise<void> {
    if (!this.env.GITHUB_STEP_SUMMARY) {
      this.info('no GITHUB_STEP_SUMMARY: job summary skipped');
      return;
    }
    const markdown = renderMarkdown(result, {
      maxBytes: LIMITS.summary - 1024,
      notes,
      links: runLinks(this.env, this.event),
      fullResultsHint: 'results.json in the results artifact',
    });
    await core.summary.addRaw(markdown, true).write();
  }

  private suiteLabel(result: ComparisonResult): string {
    return this.options.suite ?? ([...new Set(result.comparisons.map((c) => c.suite))].sort().join(', ') || 'benchmarks');
  }

  private async writeThroughApi(result: ComparisonResult, notes: string[], commentFile: string | undefined): Promise<void> {
    const api = await this.api();
    if (!api) {
      if (this.options.comment || this.options.check)
        this.info('no token or GITHUB_REPOSITORY: no comment or check run (the exit code gates the merge)');
      return;
    }
    const { octokit, repo } = api;
    const suite = this.suiteLabel(result);
    const pullRequest = this.options.pullRequest ?? eventPullRequest(this.event);
    if (this.options.comment && pullRequest !== undefined && commentFile === undefined) this.info('no comment.md written: no comment');
    if (this.options.comment && pullRequest !== undefined && commentFile !== undefined) {
      await this.attempt('comment on the pull request', 'pull-requests: write', async () => {
        if (!(await this.pullRequestMatches(octokit, repo, pullRequest))) return;
        // comment.md as written: the text reviewed in --out is the text posted.
        const body = readFileSync(commentFile, 'utf8');
        const how = await upsertComment(octokit, repo, pullRequest, commentMarker(suite), body, this.options.section);
        this.info(`pull request #${pullRequest}: benchgate comment ${how}`);
      });
    }
    if (this.options.check) {
      await this.attempt('create a check run', 'checks: write', () => this.check(octokit, repo, result, suite, notes));
    }
  }

  private async check(octokit: Octokit, repo: Repo, result: ComparisonResult, suite: string, notes: string[]): Promise<void> {
    const conclusion = checkConclusion(result);
    await createCheckRun(octokit, repo, {
      name: this.checkName(suite),
      headSha: this.options.checkSha ?? result.head.chosen?.pullRequestHead ?? result.head.sha,
      conclusion,
      title: plainText(headline(result), 200),
      summary: renderMarkdown(result, { maxBytes: LIMITS.checkSummary, notes, links: runLinks(this.env, this.event) }),
    });
    this.info(`check run "${this.checkName(suite)}": ${conclusion}`);
  }

  private checkName(suite: string): string {
    return plainText(this.options.section === 'deep' ? `benchgate /benchmark (${suite})` : `benchgate (${suite})`, 100);
  }

  private async pullRequestMatches(octokit: Octokit, repo: Repo, pullRequest: number): Promise<boolean> {
    const expected = this.options.requirePullRequestHead;
    if (expected === undefined) return true;
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pullRequest });
    if (data.head.sha === expected) return true;
    this.warn(`pull request #${pullRequest} is at ${data.head.sha}, not at the measured commit ${expected}: no comment`);
    return false;
  }

  /**
   * Runs one API call. A refusal or an unreachable API is said once in the log and never
   * fails the step: the measurements are done and the exit code stays the gate.
   */
  private async attempt(what: string, permission: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (this.said.has(what)) return;
      this.said.add(what);
      const status = httpStatus(err);
      const why =
        status === 403
          ? `the token lacks "${permission}" (a fork's token is read-only)`
          : status !== null
            ? `GitHub answered HTTP ${status}`
            : `the API did not answer (${(err as Error).message})`;
      this.warn(`benchgate could not ${what}: ${why}; the step's exit code gates the merge instead`);
    }
  }
}
