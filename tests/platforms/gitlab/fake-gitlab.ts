/**
 * A stand-in for GitLab's merge request notes API on 127.0.0.1: keeps notes in memory, pages
 * them like GitLab (per_page, x-next-page), checks the PRIVATE-TOKEN header, and can be told
 * to refuse every request with a status (401, 403). It also answers for the merge request itself
 * (its head, target branch and state, which a test may change) and the merge base of two commits.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNote {
  id: number;
  body: string;
  author: { id: number; username: string };
}

/** The token's user (a project access token's bot) and everyone else. */
export const TOKEN_USER = { id: 41, username: 'project_7_bot_benchgate' };
const OTHER_USER = { id: 2, username: 'someone' };

export interface FakeRequest {
  method: string;
  path: string;
  token: string | undefined;
}

export interface FakeGitLab {
  apiUrl: string;
  notes: FakeNote[];
  requests: FakeRequest[];
  /** When set, every request gets this status and no note changes. */
  refuseWith: number | null;
  /** GET merge_requests/:iid answers this (GitLab's field names); null: 404. */
  mergeRequest: { sha: string; target_branch: string; state: string } | null;
  /** GET repository/merge_base answers this commit for any two refs, recording what it was asked. */
  mergeBase: string;
  mergeBaseAsked: string[][];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<{ body?: string }> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as { body?: string }) : {};
}

export async function startFakeGitLab(opts: {
  projectId: string;
  mergeRequestIid: string;
  token: string;
  otherNotes: number;
  /** Bodies of further notes by other people, after the numbered ones. */
  otherBodies?: string[];
}): Promise<FakeGitLab> {
  const notesPath = `/api/v4/projects/${opts.projectId}/merge_requests/${opts.mergeRequestIid}/notes`;
  let nextId = 1;
  const state: Omit<FakeGitLab, 'apiUrl' | 'close'> = {
    notes: [],
    requests: [],
    refuseWith: null,
    mergeRequest: null,
    mergeBase: '',
    mergeBaseAsked: [],
  };
  const mergeRequestPath = `/api/v4/projects/${opts.projectId}/merge_requests/${opts.mergeRequestIid}`;
  // Other people's comments come first, so the benchgate note is not on the first page.
  for (let i = 0; i < opts.otherNotes; i++) state.notes.push({ id: nextId++, body: `comment ${i}`, author: OTHER_USER });
  for (const body of opts.otherBodies ?? []) state.notes.push({ id: nextId++, body, author: OTHER_USER });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const token = req.headers['private-token'] as string | undefined;
    state.requests.push({ method: req.method ?? '', path: url.pathname, token });
    const reply = (status: number, data: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(data));
    };
    if (state.refuseWith) return reply(state.refuseWith, { message: `${state.refuseWith} refused` });
    if (token !== opts.token) return reply(401, { message: '401 Unauthorized' });

    if (req.method === 'GET' && url.pathname === '/api/v4/user') return reply(200, TOKEN_USER);
    if (req.method === 'GET' && url.pathname === mergeRequestPath && state.mergeRequest)
      return reply(200, { iid: Number(opts.mergeRequestIid), ...state.mergeRequest });
    if (req.method === 'GET' && url.pathname === `/api/v4/projects/${opts.projectId}/repository/merge_base`) {
      state.mergeBaseAsked.push(url.searchParams.getAll('refs[]'));
      return reply(200, { id: state.mergeBase });
    }
    if (req.method === 'GET' && url.pathname === notesPath) {
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = state.notes.slice((page - 1) * perPage, page * perPage);
      const more = page * perPage < state.notes.length;
      return reply(200, slice, { 'x-next-page': more ? String(page + 1) : '' });
    }
    if (req.method === 'POST' && url.pathname === notesPath) {
      const { body } = await readBody(req);
      const note = { id: nextId++, body: body ?? '', author: TOKEN_USER };
      state.notes.push(note);
      return reply(201, note);
    }
    const match = url.pathname.startsWith(`${notesPath}/`) ? Number(url.pathname.slice(notesPath.length + 1)) : NaN;
    const note = state.notes.find((n) => n.id === match);
    // GitLab lets only a note's author edit it.
    if (req.method === 'PUT' && note && note.author.id !== TOKEN_USER.id) return reply(403, { message: '403 Forbidden' });
    if (req.method === 'PUT' && note) {
      note.body = (await readBody(req)).body ?? '';
      return reply(200, note);
    }
    return reply(404, { message: '404 Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    apiUrl: `http://127.0.0.1:${port}/api/v4`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
