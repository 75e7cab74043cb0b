/** What a GitHub workflow run's event asks: the commits to compare, and whether a label lets a failed gate pass. */
import type { GateOverride } from '../model.js';
import type { CompareSpec } from '../refs.js';
import { findOverrideLabel } from './github-api.js';
import { eventComparison, eventPullRequest, readEvent, type GitHubEvent } from './github-event.js';
import type { GitHubOptions } from './github-options.js';
import type { GitHubSession } from './github-session.js';
import type { EventSource, Logger } from './types.js';

export class GitHubEventSource implements EventSource {
  private eventRead: GitHubEvent | undefined;

  constructor(
    private readonly options: Pick<GitHubOptions, 'pullRequest' | 'overrideLabel'>,
    private readonly env: NodeJS.ProcessEnv,
    private readonly session: GitHubSession,
    private readonly logger: Logger,
  ) {}

  /** The workflow run's event, read when first needed: `--version` and `--help` never read it. */
  get event(): GitHubEvent {
    this.eventRead ??= readEvent(this.env);
    return this.eventRead;
  }

  /** The pull request the options name, else the event's. */
  get pullRequest(): number | undefined {
    return this.options.pullRequest ?? eventPullRequest(this.event);
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
    const pullRequest = this.pullRequest;
    const api = await this.session.api();
    if (label === undefined || pullRequest === undefined || !api) return null;
    let found: GateOverride | null = null;
    await this.session.attempt(`read the labels of pull request #${pullRequest}`, 'pull-requests: read', async () => {
      found = await findOverrideLabel(api.octokit, api.repo, pullRequest, label);
    });
    if (found) this.logger.info(`pull request #${pullRequest} has the label "${label}": a failed gate passes (the report stays)`);
    return found;
  }
}
