/**
 * The few GitLab REST endpoints benchgate calls, authenticated with a project or personal access
 * token (PRIVATE-TOKEN): a merge request's notes, who the token is, a merge request itself and
 * the merge base of two commits. Only a job that runs no merge request code holds such a token.
 */

const MAX_NOTE_PAGES = 50;
const REQUEST_TIMEOUT_MS = 30_000;

export class GitLabApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GitLabApiError';
  }
}

interface Note {
  id: number;
  body: string;
  author?: { id?: unknown };
}

/** What the publish job needs to know of a merge request, as GitLab says it now. */
export interface MergeRequestState {
  iid: number;
  /** The merge request's current head commit. */
  sha: string;
  targetBranch: string;
  /** opened, closed, locked or merged. */
  state: string;
}

const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

export class GitLabApi {
  private readonly api: string;
  private readonly project: string;

  constructor(
    apiUrl: string,
    projectId: string,
    private readonly token: string,
  ) {
    this.api = apiUrl.replace(/\/+$/, '');
    this.project = `${this.api}/projects/${encodeURIComponent(projectId)}`;
  }

  async request(method: string, url: string, body?: object): Promise<Response> {
    const response = await fetch(url, {
      method,
      headers: { 'PRIVATE-TOKEN': this.token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      // The path without the query, as GitLab names the endpoint.
      const what = url.slice(this.api.length + 1).replace(/\?.*$/, '');
      throw new GitLabApiError(response.status, `${method} ${what}: ${response.status} ${response.statusText}`);
    }
    return response;
  }

  /** The user the token acts as (a project access token has a bot user of its own). */
  async userId(): Promise<number> {
    const user = (await (await this.request('GET', `${this.api}/user`)).json()) as { id?: unknown };
    if (typeof user.id !== 'number') throw new Error('GET /user: no user id in the answer');
    return user.id;
  }

  /** GET /projects/:id/merge_requests/:iid: its head, target branch and state now. */
  async mergeRequest(iid: string): Promise<MergeRequestState> {
    const url = `${this.project}/merge_requests/${encodeURIComponent(iid)}`;
    const data = (await (await this.request('GET', url)).json()) as Record<string, unknown>;
    const { sha, target_branch: targetBranch, state } = data;
    if (typeof sha !== 'string' || !SHA.test(sha) || typeof targetBranch !== 'string' || typeof state !== 'string') {
      throw new Error(`GET merge_requests/${iid}: no head sha, target_branch or state in the answer`);
    }
    return { iid: Number(iid), sha, targetBranch, state };
  }

  /** GET /projects/:id/repository/merge_base: the merge base of two commits, as GitLab computes it. */
  async mergeBase(a: string, b: string): Promise<string> {
    const query = [a, b].map((ref) => `refs[]=${encodeURIComponent(ref)}`).join('&');
    const data = (await (await this.request('GET', `${this.project}/repository/merge_base?${query}`)).json()) as { id?: unknown };
    if (typeof data.id !== 'string' || !SHA.test(data.id)) throw new Error(`GET repository/merge_base: no commit id in the answer`);
    return data.id;
  }

  notes(iid: string): MergeRequestNotes {
    return new MergeRequestNotes(this, `${this.project}/merge_requests/${encodeURIComponent(iid)}/notes`);
  }
}

/** One merge request's notes. */
export class MergeRequestNotes {
  constructor(
    private readonly api: GitLabApi,
    private readonly base: string,
  ) {}

  /** benchgate's note: written by the token's user and starting with the marker (anyone can quote or plant the marker). */
  async find(marker: string, author: number): Promise<Note | null> {
    for (let page = 1; page <= MAX_NOTE_PAGES; page++) {
      const response = await this.api.request('GET', `${this.base}?sort=asc&order_by=created_at&per_page=100&page=${page}`);
      const notes = (await response.json()) as Note[];
      const found = notes.find((n) => n.author?.id === author && typeof n.body === 'string' && n.body.startsWith(marker));
      if (found) return found;
      if (!response.headers.get('x-next-page')) return null;
    }
    return null;
  }

  async create(body: string): Promise<void> {
    await this.api.request('POST', this.base, { body });
  }

  async update(id: number, body: string): Promise<void> {
    await this.api.request('PUT', `${this.base}/${id}`, { body });
  }
}
