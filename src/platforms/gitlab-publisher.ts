/**
 * Publishing on GitLab: the table on stdout, a dotenv report for later jobs and one sticky merge
 * request note, each a view the report registry rendered (report/index.ts). The JUnit, Code
 * Quality and metrics reports are plain files the job uploads as `artifacts:reports`; GitLab
 * shows them without any API call.
 */
import path from 'node:path';
import { COMMENT_FILE, writeAtomic, type ViewName } from '../report/index.js';
import type { CommentOptions } from '../report/view.js';
import { GitLabApi, GitLabApiError, type MergeRequestNotes } from './gitlab-api.js';
import { NOTE_VARIABLE, TOKEN_VARIABLE } from './gitlab-variables.js';
import type { Logger, Publisher, Shown, WrittenReports } from './types.js';

export const DOTENV_FILE = 'benchgate.env';

/** A note's destination: the merge request !iid's notes, and comment.md's text posted there. */
interface NoteTarget {
  api: GitLabApi;
  iid: string;
  notes: MergeRequestNotes;
  comment: string;
}

export class GitLabPublisher implements Publisher {
  readonly views: readonly ViewName[] = ['terminal', 'gitlab-dotenv', COMMENT_FILE];
  /** The merge request the note goes to when it is not the pipeline's (report --merge-request, checked there). */
  private mergeRequestIid: string | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    /** The note token, taken out of the environment the benchmark commands inherit (gitlab.ts). */
    private readonly token: string | undefined,
    private readonly out: NodeJS.WritableStream,
    private readonly logger: Logger,
  ) {}

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

  async publish({ reports, views }: Shown): Promise<void> {
    this.out.write(views.terminal!);
    this.writeDotenv(views['gitlab-dotenv']!, reports);
    await this.publishNote(views[COMMENT_FILE]);
  }

  /** `artifacts:reports:dotenv`, beside the reports: later jobs in the pipeline read these as variables. */
  private writeDotenv(dotenv: string, reports: WrittenReports): void {
    const anyReport = reports['results.json'] ?? Object.values(reports)[0];
    if (!anyReport) return;
    writeAtomic(path.join(path.dirname(anyReport), DOTENV_FILE), dotenv);
  }

  /** One hidden marker per job name, so a quick run and a deep run keep a note each. */
  private marker(): string {
    const job = (this.env[NOTE_VARIABLE] || this.env.CI_JOB_NAME || 'benchgate').replace(/[^A-Za-z0-9_.:-]/g, '_');
    return `<!-- benchgate-note:${job} -->`;
  }

  /** Where a note goes: the API, the merge request and its notes; null (saying why) when this job posts none. */
  private noteTarget(comment: string | undefined): NoteTarget | null {
    const { CI_API_V4_URL: apiUrl, CI_PROJECT_ID: projectId } = this.env;
    const iid = this.mergeRequestIid ?? this.env.CI_MERGE_REQUEST_IID;
    if (!apiUrl || !projectId || !iid) {
      this.logger.info('no merge request in this pipeline (CI_MERGE_REQUEST_IID unset): no MR note');
      return null;
    }
    if (comment === undefined) {
      this.logger.info('no comment.md written: no MR note');
      return null;
    }
    const api = this.api();
    if (!api) {
      this.logger.info(
        `MR note skipped: to get one sticky benchmark note on the merge request, add a masked CI/CD variable ${TOKEN_VARIABLE}, scoped to the benchgate-publish environment only the publish job declares, ` +
          'holding a project access token with the api scope and the Reporter role (CI_JOB_TOKEN cannot write notes)',
      );
      return null;
    }
    return { api, iid, notes: api.notes(iid), comment };
  }

  /** Updates this job's note (found by its marker) on merge request !iid, or posts it. */
  private async upsertNote({ api, iid, notes, comment }: NoteTarget): Promise<void> {
    // comment.md as written, under the marker: the text reviewed in --out is the text posted.
    const body = `${this.marker()}\n${comment}`;
    const existing = await notes.find(this.marker(), await api.userId());
    if (existing) {
      await notes.update(existing.id, body);
      this.logger.info(`updated the benchgate note on merge request !${iid}`);
    } else {
      await notes.create(body);
      this.logger.info(`posted a benchgate note on merge request !${iid}`);
    }
  }

  private async publishNote(comment: string | undefined): Promise<void> {
    const target = this.noteTarget(comment);
    if (!target) return;
    try {
      await this.upsertNote(target);
    } catch (err) {
      // The note is a courtesy: the verdict is in the job's exit code and reports whatever happens here.
      if (err instanceof GitLabApiError && (err.status === 401 || err.status === 403)) {
        this.logger.warn(
          `GitLab refused the MR note (${err.status}): ${TOKEN_VARIABLE} must be a valid, unexpired access token ` +
            'with the api scope and at least the Reporter role in this project; the verdict and reports are unaffected',
        );
      } else {
        this.logger.warn(`could not post the MR note: ${(err as Error).message}; the verdict and reports are unaffected`);
      }
    }
  }
}
