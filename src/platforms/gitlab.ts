/**
 * GitLab CI: collapsible log sections, refs from the merge request pipeline's variables, and
 * publishing as one sticky merge request note plus a dotenv report for later jobs. The JUnit,
 * Code Quality and metrics reports are plain files (report/index.ts) the job uploads as
 * `artifacts:reports`; GitLab shows them without any API call.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult, ShardOf } from '../model.js';
import { ConfigError, parseShard } from '../config.js';
import type { CompareSpec } from '../refs.js';
import { inertForLog } from '../log-text.js';
import { COMMENT_FILE, type CommentOptions } from '../report/comment.js';
import { renderTerminal } from '../report/terminal.js';
import { writeAtomic } from '../report/write.js';
import { GitLabApi, GitLabApiError, type MergeRequestNotes } from './gitlab-api.js';
import type { Platform, WrittenReports } from './types.js';

export const TOKEN_VARIABLE = 'BENCHGATE_GITLAB_TOKEN';
export const DOTENV_FILE = 'benchgate.env';
/** The merge request a manual pipeline measures and publishes to (docs/gitlab.md, "A manual pipeline for a merge request"). */
export const MERGE_REQUEST_VARIABLE = 'BENCHGATE_MERGE_REQUEST';
/** The note a publish job writes (its marker), when not its own job name: the manual pipeline's deep run writes the MR's deep-run note. */
export const NOTE_VARIABLE = 'BENCHGATE_NOTE';
/** Pipelines someone started by hand, through the API or with a trigger token: never a merge request's own. */
export const MANUAL_SOURCES = ['web', 'api', 'trigger'];
const IID = /^[1-9]\d{0,9}$/;

/** A merge request's IID as a variable or flag gives it: a positive whole number and nothing else. */
export function checkMergeRequestIid(value: string, where: string): string {
  if (!IID.test(value))
    throw new ConfigError(`${where}: expected a merge request IID (a positive whole number), got ${JSON.stringify(value.slice(0, 40))}`);
  return value;
}

/** Section names may hold only letters, digits, `_`, `.` and `-`. */
function sectionName(title: string, n: number): string {
  return `benchgate_${n}_${title.toLowerCase().replace(/[^a-z0-9_.-]+/g, '_')}`.slice(0, 60);
}

/** A note's destination: the merge request !iid's notes, and the comment.md posted there. */
interface NoteTarget {
  api: GitLabApi;
  iid: string;
  notes: MergeRequestNotes;
  commentFile: string;
}

export class GitLabPlatform implements Platform {
  readonly name = 'gitlab';
  private sections = 0;
  private readonly token: string | undefined;
  /** The merge request the note goes to when it is not the pipeline's (report --merge-request, checked there). */
  private mergeRequestIid: string | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly out: NodeJS.WritableStream = process.stdout,
    private readonly err: NodeJS.WritableStream = process.stderr,
  ) {
    // Build and bench commands inherit the environment and run the merge request's code: they
    // must not see the API token.
    this.token = env[TOKEN_VARIABLE];
    delete env[TOKEN_VARIABLE];
  }

  info(message: string): void {
    this.err.write(`${inertForLog(message)}\n`);
  }

  warn(message: string): void {
    this.err.write(`\x1b[33mwarning: ${inertForLog(message)}\x1b[0m\n`);
  }

  async group<T>(title: string, fn: () => T | Promise<T>): Promise<T> {
    const name = sectionName(title, ++this.sections);
    const now = () => Math.floor(Date.now() / 1000);
    this.err.write(`\x1b[0Ksection_start:${now()}:${name}[collapsed=true]\r\x1b[0K${inertForLog(title)}\n`);
    try {
      return await fn();
    } finally {
      this.err.write(`\x1b[0Ksection_end:${now()}:${name}\r\x1b[0K\n`);
    }
  }

  /**
   * The pipeline's commit against what it changes. In a merge request pipeline that is the MR's
   * head against the merge base GitLab diffs against; in a merged results pipeline the commit
   * is a merge onto the target branch's tip (CI_MERGE_REQUEST_TARGET_BRANCH_SHA, set only
   * there), and against the older merge base it would be blamed for the target's own changes.
   * GitLab sets that variable to the merge commit's first parent, which in a merge train is
   * the train's commit ahead of this MR.
   */
  defaultShard(): ShardOf | null {
    const { CI_NODE_INDEX: index, CI_NODE_TOTAL: total } = this.env;
    // GitLab sets both in a `parallel:` job (CI_NODE_TOTAL is 1 elsewhere): one job is no shard.
    if (!index || !total || total === '1') return null;
    return parseShard(`${index}/${total}`, 'CI_NODE_INDEX/CI_NODE_TOTAL');
  }

  defaultComparison(): CompareSpec {
    const head = this.env.CI_COMMIT_SHA || undefined;
    const tip = this.env.CI_MERGE_REQUEST_TARGET_BRANCH_SHA || undefined;
    const mergeBase = this.env.CI_MERGE_REQUEST_DIFF_BASE_SHA || undefined;
    const mr = `!${this.env.CI_MERGE_REQUEST_IID ?? '?'}`;
    if (tip)
      return {
        kind: 'refs',
        base: tip,
        head,
        why: `the merged result of MR ${mr} vs the target commit it was merged onto: what merging would land`,
      };
    if (mergeBase)
      return {
        kind: 'refs',
        base: mergeBase,
        head,
        why: `the head of MR ${mr} vs its merge base with the target branch: what the branch changed`,
      };
    return this.manualComparison() ?? { kind: 'refs', head };
  }

  /**
   * A pipeline started by hand on a branch (the merge request's target) with BENCHGATE_MERGE_REQUEST
   * set: the merge request's head, fetched as refs/merge-requests/IID/head, against its merge base
   * with the pipeline's commit. Nothing here is trusted: the publish job checks both commits
   * against the merge request as the API says it is (report --merge-request).
   */
  private manualComparison(): CompareSpec | null {
    const iid = this.env[MERGE_REQUEST_VARIABLE];
    const commit = this.env.CI_COMMIT_SHA;
    if (!iid || !commit || !MANUAL_SOURCES.includes(this.env.CI_PIPELINE_SOURCE ?? '')) return null;
    checkMergeRequestIid(iid, MERGE_REQUEST_VARIABLE);
    const branch = this.env.CI_COMMIT_REF_NAME || commit;
    return {
      kind: 'merge-base',
      base: commit,
      head: `refs/merge-requests/${iid}/head`,
      why: `the head of MR !${iid} vs its merge base with ${branch}, in a pipeline started by hand: what the branch changed`,
    };
  }

  /** The API with this job's note token, or null when the job holds none (the measure job). */
  api(): GitLabApi | null {
    const { CI_API_V4_URL: apiUrl, CI_PROJECT_ID: projectId } = this.env;
    return apiUrl && projectId && this.token ? new GitLabApi(apiUrl, projectId, this.token) : null;
  }

  /** Sends the note to this merge request instead of the pipeline's (whose pipeline started by hand has none). */
  publishTo(iid: string): void {
    this.mergeRequestIid = iid;
  }

  /** The job's page links its log and its artifacts (summary.md, report.html). */
  commentOptions(): CommentOptions {
    const jobUrl = this.env.CI_JOB_URL;
    const links = jobUrl && /^https?:\/\/[^\s()<>]+$/.test(jobUrl) ? [{ text: 'job log and reports', url: jobUrl }] : [];
    return { links, fullReport: 'summary.md in the job artifacts' };
  }

  async publish(result: ComparisonResult, reports: WrittenReports): Promise<void> {
    this.out.write(renderTerminal(result));
    this.writeDotenv(result, reports);
    await this.publishNote(reports[COMMENT_FILE]);
  }

  /** `artifacts:reports:dotenv`: later jobs in the pipeline read these as variables. */
  private writeDotenv(result: ComparisonResult, reports: WrittenReports): void {
    const anyReport = reports['results.json'] ?? Object.values(reports)[0];
    if (!anyReport) return;
    const values: Record<string, string | number | boolean> = {
      BENCHGATE_VERDICT: result.verdict,
      BENCHGATE_GATE_FAILED: result.gateFailed,
      BENCHGATE_COMPARISONS: result.comparisons.length,
      BENCHGATE_ROUNDS_COMPLETED: result.rounds.completed,
      BENCHGATE_BASE_SHA: result.base.sha,
      BENCHGATE_HEAD_SHA: result.head.sha,
    };
    for (const [verdict, n] of Object.entries(result.counts)) values[`BENCHGATE_${verdict.toUpperCase()}`] = n;
    const file = path.join(path.dirname(anyReport), DOTENV_FILE);
    writeAtomic(
      file,
      Object.entries(values)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
  }

  /** One hidden marker per job name, so a quick run and a deep run keep a note each. */
  private marker(): string {
    const job = (this.env[NOTE_VARIABLE] || this.env.CI_JOB_NAME || 'benchgate').replace(/[^A-Za-z0-9_.:-]/g, '_');
    return `<!-- benchgate-note:${job} -->`;
  }

  /** comment.md as written, under the marker: the text reviewed in --out is the text posted. */
  private noteBody(commentFile: string): string {
    return `${this.marker()}\n${readFileSync(commentFile, 'utf8')}`;
  }

  /** Where a note goes: the API, the merge request and its notes; null (saying why) when this job posts none. */
  private noteTarget(commentFile: string | undefined): NoteTarget | null {
    const { CI_API_V4_URL: apiUrl, CI_PROJECT_ID: projectId } = this.env;
    const iid = this.mergeRequestIid ?? this.env.CI_MERGE_REQUEST_IID;
    if (!apiUrl || !projectId || !iid) {
      this.info('no merge request in this pipeline (CI_MERGE_REQUEST_IID unset): no MR note');
      return null;
    }
    if (commentFile === undefined) {
      this.info('no comment.md written: no MR note');
      return null;
    }
    const token = this.token;
    if (!token) {
      this.info(
        `MR note skipped: to get one sticky benchmark note on the merge request, add a masked CI/CD variable ${TOKEN_VARIABLE}, scoped to the benchgate-publish environment only the publish job declares, ` +
          'holding a project access token with the api scope and the Reporter role (CI_JOB_TOKEN cannot write notes)',
      );
      return null;
    }
    const api = new GitLabApi(apiUrl, projectId, token);
    return { api, iid, notes: api.notes(iid), commentFile };
  }

  /** Updates this job's note (found by its marker) on merge request !iid, or posts it. */
  private async upsertNote({ api, iid, notes, commentFile }: NoteTarget): Promise<void> {
    const body = this.noteBody(commentFile);
    const existing = await notes.find(this.marker(), await api.userId());
    if (existing) {
      await notes.update(existing.id, body);
      this.info(`updated the benchgate note on merge request !${iid}`);
    } else {
      await notes.create(body);
      this.info(`posted a benchgate note on merge request !${iid}`);
    }
  }

  private async publishNote(commentFile: string | undefined): Promise<void> {
    const target = this.noteTarget(commentFile);
    if (!target) return;
    try {
      await this.upsertNote(target);
    } catch (err) {
      // The note is a courtesy: the verdict is in the job's exit code and reports whatever happens here.
      if (err instanceof GitLabApiError && (err.status === 401 || err.status === 403)) {
        this.warn(
          `GitLab refused the MR note (${err.status}): ${TOKEN_VARIABLE} must be a valid, unexpired access token ` +
            'with the api scope and at least the Reporter role in this project; the verdict and reports are unaffected',
        );
      } else {
        this.warn(`could not post the MR note: ${(err as Error).message}; the verdict and reports are unaffected`);
      }
    }
  }
}
