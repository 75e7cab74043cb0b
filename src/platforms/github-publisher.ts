/**
 * Publishing on GitHub: annotations, the results table folded in the log, the job summary, step
 * outputs, a sticky pull request comment and a check run. The texts are views the report
 * registry rendered (report/index.ts); this module sends them.
 */
import * as core from '@actions/core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { ComparisonResult } from '../model.js';
import { COMMENT_FILE, type ViewName } from '../report/index.js';
import type { CheckText, CommentOptions, Locate, PlatformFacts, SourcePlace } from '../report/view.js';
import { checkConclusion, commentMarker, createCheckRun, upsertComment, type Octokit, type Repo } from './github-api.js';
import type { GitHubEventSource } from './github-event-source.js';
import type { GitHubLogger } from './github-logger.js';
import { runLinks, type GitHubOptions } from './github-options.js';
import type { GitHubSession } from './github-session.js';
import type { Publisher, Shown } from './types.js';

/** The config's `source` (FILE or FILE:LINE) as a location; undefined when no such file exists. */
export function configuredLocation(source: string, locate: Locate): SourcePlace | undefined {
  const m = /^(.+?)(?::(\d+))?$/.exec(source.trim());
  const file = m ? locate(m[1]!) : undefined;
  if (file === undefined) return undefined;
  return m![2] ? { file, line: Number(m![2]) } : { file };
}

export class GitHubPublisher implements Publisher {
  readonly views: readonly ViewName[] = ['github-annotations', 'terminal', 'github-summary', 'github-check', COMMENT_FILE];

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

  /** The run's links, the check run's suite, and where annotations point: files of the workspace, as they are now. */
  viewFacts(result: ComparisonResult): PlatformFacts {
    const workspace = this.env.GITHUB_WORKSPACE ?? process.cwd();
    const dir = this.options.workingDirectory ?? '.';
    const locate = (file: string) => (existsSync(path.join(workspace, dir, file)) ? path.posix.join(dir, file) : undefined);
    const source = this.options.source;
    const fallback = source === undefined ? undefined : configuredLocation(source, locate);
    if (source !== undefined && fallback === undefined)
      this.logger.warn(`source: ${source} is not a file in ${dir}; annotations point at no file`);
    return {
      links: runLinks(this.env, this.events.event),
      suite: this.suiteLabel(result),
      // After the warning above: each warning the step printed takes an annotation's room.
      annotations: { locate, fallback, warningsPrinted: this.logger.warnings },
    };
  }

  async publish({ result, reports, views }: Shown): Promise<void> {
    for (const a of views['github-annotations']!) {
      const props = { title: a.title, file: a.file, startLine: a.line };
      core[a.kind](a.message, props);
    }
    // The table in the log too, folded: the summary is a click away from where people read the log.
    await this.logger.group('results', () => {
      for (const line of views.terminal!.trimEnd().split('\n')) this.logger.info(line);
    });
    await this.writeSummary(views['github-summary']!);
    core.setOutput('verdict', result.verdict);
    core.setOutput('regressions', result.counts.regression);
    core.setOutput('improvements', result.counts.improvement);
    if (reports['results.json']) core.setOutput('results-path', reports['results.json']);
    if (reports['summary.md']) core.setOutput('summary-path', reports['summary.md']);
    if (reports['report.html']) core.setOutput('html-report', reports['report.html']);
    await this.writeThroughApi(result, views['github-check']!, views[COMMENT_FILE]);
  }

  private async writeSummary(markdown: string): Promise<void> {
    if (!this.env.GITHUB_STEP_SUMMARY) {
      this.logger.info('no GITHUB_STEP_SUMMARY: job summary skipped');
      return;
    }
    await core.summary.addRaw(markdown, true).write();
  }

  private suiteLabel(result: ComparisonResult): string {
    return this.options.suite ?? ([...new Set(result.comparisons.map((c) => c.suite))].sort().join(', ') || 'benchmarks');
  }

  private async writeThroughApi(result: ComparisonResult, check: CheckText, comment: string | undefined): Promise<void> {
    const api = await this.session.api();
    if (!api) {
      if (this.options.comment || this.options.check)
        this.logger.info('no token or GITHUB_REPOSITORY: no comment or check run (the exit code gates the merge)');
      return;
    }
    const { octokit, repo } = api;
    const pullRequest = this.events.pullRequest;
    if (this.options.comment && pullRequest !== undefined && comment === undefined) this.logger.info('no comment.md written: no comment');
    if (this.options.comment && pullRequest !== undefined && comment !== undefined) {
      await this.session.attempt('comment on the pull request', 'pull-requests: write', async () => {
        if (!(await this.pullRequestMatches(octokit, repo, pullRequest))) return;
        // comment.md as written: the text reviewed in --out is the text posted.
        const how = await upsertComment(octokit, repo, pullRequest, commentMarker(this.suiteLabel(result)), comment, this.options.section);
        this.logger.info(`pull request #${pullRequest}: benchgate comment ${how}`);
      });
    }
    if (this.options.check) {
      await this.session.attempt('create a check run', 'checks: write', () => this.createCheck(octokit, repo, result, check));
    }
  }

  private async createCheck(octokit: Octokit, repo: Repo, result: ComparisonResult, check: CheckText): Promise<void> {
    const conclusion = checkConclusion(result);
    await createCheckRun(octokit, repo, {
      name: check.name,
      headSha: this.options.checkSha ?? result.head.chosen?.pullRequestHead ?? result.head.sha,
      conclusion,
      title: check.title,
      summary: check.summary,
    });
    this.logger.info(`check run "${check.name}": ${conclusion}`);
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
