/**
 * Publishing on GitHub: annotations, the results table folded in the log, the job summary, step
 * outputs, a sticky pull request comment and a check run.
 */
import * as core from '@actions/core';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { ComparisonResult } from '../model.js';
import { plainText } from '../report/escape.js';
import { COMMENT_FILE, type CommentOptions } from '../report/comment.js';
import { renderMarkdown } from '../report/markdown.js';
import { headline } from '../report/rows.js';
import { renderTerminal } from '../report/terminal.js';
import { checkConclusion, commentMarker, createCheckRun, upsertComment, type Octokit, type Repo } from './github-api.js';
import { ANNOTATIONS_PER_KIND, configuredLocation, omittedNotes, planAnnotations } from './github-annotations.js';
import type { GitHubEventSource } from './github-event-source.js';
import type { GitHubLogger } from './github-logger.js';
import { runLinks, type GitHubOptions } from './github-options.js';
import type { GitHubSession } from './github-session.js';
import type { Publisher, WrittenReports } from './types.js';

/** GitHub's size limits: job summary per step (bytes) and check summary (characters). The comment is comment.md (≤ 5 KB). */
export const LIMITS = { summary: 1024 * 1024, checkSummary: 65_535 } as const;

export class GitHubPublisher implements Publisher {
  constructor(
    private options: GitHubOptions,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logger: GitHubLogger,
    private readonly events: GitHubEventSource,
    private readonly session: GitHubSession,
  ) {}

  configure(config: Config): void {
    this.options = { ...this.options, suite: config.suite, workingDirectory: config.workingDirectory, source: config.source };
  }

  commentOptions(): CommentOptions {
    return {
      links: runLinks(this.env, this.events.event),
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
      this.logger.warn(`source: ${source} is not a file in ${dir}; annotations point at no file`);
    const plan = planAnnotations(result, {
      locate,
      fallback,
      room: {
        // Regressions are errors only when the gate fails, and then the action ends the step
        // with an error of its own (core.setFailed) that must fit too.
        error: ANNOTATIONS_PER_KIND - 1,
        warning: ANNOTATIONS_PER_KIND - this.logger.warnings,
      },
    });
    for (const a of plan.annotations) {
      const props = { title: a.title, file: a.file, startLine: a.line };
      core[a.kind](a.message, props);
    }
    const notes = omittedNotes(plan.omitted);
    // The table in the log too, folded: the summary is a click away from where people read the log.
    await this.logger.group('results', () => {
      for (const line of renderTerminal(result).trimEnd().split('\n')) this.logger.info(line);
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
      this.logger.info('no GITHUB_STEP_SUMMARY: job summary skipped');
      return;
    }
    const markdown = renderMarkdown(result, {
      maxBytes: LIMITS.summary - 1024,
      notes,
      links: runLinks(this.env, this.events.event),
      fullResultsHint: 'results.json in the results artifact',
    });
    await core.summary.addRaw(markdown, true).write();
  }

  private suiteLabel(result: ComparisonResult): string {
    return this.options.suite ?? ([...new Set(result.comparisons.map((c) => c.suite))].sort().join(', ') || 'benchmarks');
  }

  private async writeThroughApi(result: ComparisonResult, notes: string[], commentFile: string | undefined): Promise<void> {
    const api = await this.session.api();
    if (!api) {
      if (this.options.comment || this.options.check)
        this.logger.info('no token or GITHUB_REPOSITORY: no comment or check run (the exit code gates the merge)');
      return;
    }
    const { octokit, repo } = api;
    const suite = this.suiteLabel(result);
    const pullRequest = this.events.pullRequest;
    if (this.options.comment && pullRequest !== undefined && commentFile === undefined)
      this.logger.info('no comment.md written: no comment');
    if (this.options.comment && pullRequest !== undefined && commentFile !== undefined) {
      await this.session.attempt('comment on the pull request', 'pull-requests: write', async () => {
        if (!(await this.pullRequestMatches(octokit, repo, pullRequest))) return;
        // comment.md as written: the text reviewed in --out is the text posted.
        const body = readFileSync(commentFile, 'utf8');
        const how = await upsertComment(octokit, repo, pullRequest, commentMarker(suite), body, this.options.section);
        this.logger.info(`pull request #${pullRequest}: benchgate comment ${how}`);
      });
    }
    if (this.options.check) {
      await this.session.attempt('create a check run', 'checks: write', () => this.check(octokit, repo, result, suite, notes));
    }
  }

  private async check(octokit: Octokit, repo: Repo, result: ComparisonResult, suite: string, notes: string[]): Promise<void> {
    const conclusion = checkConclusion(result);
    await createCheckRun(octokit, repo, {
      name: this.checkName(suite),
      headSha: this.options.checkSha ?? result.head.chosen?.pullRequestHead ?? result.head.sha,
      conclusion,
      title: plainText(headline(result), 200),
      summary: renderMarkdown(result, { maxBytes: LIMITS.checkSummary, notes, links: runLinks(this.env, this.events.event) }),
    });
    this.logger.info(`check run "${this.checkName(suite)}": ${conclusion}`);
  }

  private checkName(suite: string): string {
    return plainText(this.options.section === 'deep' ? `benchgate /benchmark (${suite})` : `benchgate (${suite})`, 100);
  }

  private async pullRequestMatches(octokit: Octokit, repo: Repo, pullRequest: number): Promise<boolean> {
    const expected = this.options.requirePullRequestHead;
    if (expected === undefined) return true;
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pullRequest });
    if (data.head.sha === expected) return true;
    this.logger.warn(`pull request #${pullRequest} is at ${data.head.sha}, not at the measured commit ${expected}: no comment`);
    return false;
  }
}
