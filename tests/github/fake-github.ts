/**
 * A stand-in for the GitHub REST API on 127.0.0.1: every request is matched to an operation of
 * GitHub's published OpenAPI description (@octokit/openapi) and its JSON body validated with
 * ajv against that operation's schema; requests that match nothing or fail validation are
 * recorded as invalid. It keeps issue comments and check runs in memory so a second run sees
 * the first run's comment, and can refuse chosen operations with 403 like a fork's token.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

interface Operation {
  operationId: string;
  method: string;
  pattern: RegExp;
  params: string[];
  bodySchema: object | null;
}

export interface RecordedRequest {
  operationId: string;
  method: string;
  path: string;
  params: Record<string, string>;
  body: Record<string, unknown> | null;
  authorization: string | undefined;
}

type Spec = {
  paths: Record<string, Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: object }> } }>>;
};

let operations: Operation[] | null = null;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
/** Compiled on first use: only the handful of operations benchgate calls are ever needed. */
const validators = new Map<Operation, ValidateFunction>();

function validatorFor(op: Operation): ValidateFunction | null {
  if (!op.bodySchema) return null;
  let v = validators.get(op);
  if (!v) validators.set(op, (v = ajv.compile(op.bodySchema)));
  return v;
}

function loadOperations(): Operation[] {
  if (operations) return operations;
  const require = createRequire(import.meta.url);
  const file = require.resolve('@octokit/openapi/generated/api.github.com.deref.json');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Spec;
  operations = [];
  for (const [template, methods] of Object.entries(spec.paths)) {
    const params: string[] = [];
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, name: string) => {
      params.push(name);
      return '([^/]+)';
    });
    for (const [method, op] of Object.entries(methods)) {
      if (!op.operationId) continue;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}$`),
        params,
        bodySchema: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** The operation for a method and path; literal segments win over parameters, as in GitHub's router. */
function match(method: string, path: string): { op: Operation; params: Record<string, string> } | null {
  const candidates = loadOperations()
    .filter((op) => op.method === method && op.pattern.test(path))
    .sort((a, b) => a.params.length - b.params.length);
  const op = candidates[0];
  if (!op) return null;
  const values = op.pattern.exec(path)!.slice(1);
  return { op, params: Object.fromEntries(op.params.map((p, i) => [p, decodeURIComponent(values[i]!)])) };
}

interface Comment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly invalid: string[] = [];
  readonly comments = new Map<number, Comment[]>();
  readonly checkRuns: Record<string, unknown>[] = [];
  /** operationIds answered with 403, as GitHub does for a token without the permission. */
  readonly forbidden = new Set<string>();
  /** Head commit returned for pulls/get. */
  pullRequestHead = '';
  /** Base commit returned for pulls/get. */
  pullRequestBase = '';
  /**
   * The token's user for GET /user (a personal access token); null answers 403 there, as GitHub
   * does for installation tokens such as the workflow's, whose comments are github-actions[bot]'s.
   */
  login: string | null = null;
  /** pulls/get: the pull request's state, GitHub's test merge commit and whether it merges. */
  pullRequestState = 'open';
  mergeCommit: string | null = null;
  mergeable: boolean | null = true;
  /** repos/get-commit: each commit's parents. */
  readonly parents = new Map<string, string[]>();
  /** repos/get-collaborator-permission-level: each user's role (absent: not a collaborator, 404). */
  readonly roles = new Map<string, { permission: string; role_name: string }>();
  /** actions/list-workflow-runs-for-repo: the workflow runs, filtered by the head_sha and event asked for. */
  readonly workflowRuns: { head_sha: string; event: string; created_at: string }[] = [];
  /** reactions/create-for-issue-comment, in order. */
  readonly reactions: { commentId: number; content: string }[] = [];
  /** Labels on each issue or pull request, and who applied each (issues/list-events' `labeled`). */
  readonly labels = new Map<number, { name: string; by: string }[]>();
  private server: http.Server | null = null;
  private nextId = 1000;

  async start(): Promise<string> {
    loadOperations();
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** A comment someone else wrote on an issue or pull request. */
  plantComment(issue: number, body: string, login: string): void {
    this.comments.set(issue, [...(this.comments.get(issue) ?? []), { id: this.nextId++, body, user: { login, type: 'User' } }]);
  }

  calls(operationId: string): RecordedRequest[] {
    return this.requests.filter((r) => r.operationId === operationId);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    const found = match(method, url.pathname);
    if (!found) {
      this.invalid.push(`${method} ${url.pathname}: no such operation`);
      return send(404, { message: 'Not Found' });
    }
    let body: Record<string, unknown> | null = null;
    if (chunks.length > 0) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        this.invalid.push(`${found.op.operationId}: body is not JSON`);
        return send(400, { message: 'Problems parsing JSON' });
      }
    }
    const validate = validatorFor(found.op);
    if (validate && !validate(body)) {
      this.invalid.push(`${found.op.operationId}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
      return send(422, { message: 'Validation Failed' });
    }
    if (!validate && body !== null) this.invalid.push(`${found.op.operationId}: takes no body`);
    this.requests.push({
      operationId: found.op.operationId,
      method,
      path: url.pathname,
      params: found.params,
      body,
      authorization: req.headers.authorization,
    });
    if (this.forbidden.has(found.op.operationId)) return send(403, { message: 'Resource not accessible by integration' });
    this.respond(found.op.operationId, found.params, body, send, url.searchParams);
  }

  private respond(
    operationId: string,
    params: Record<string, string>,
    body: Record<string, unknown> | null,
    send: (status: number, data: unknown) => void,
    query: URLSearchParams,
  ): void {
    const issue = Number(params.issue_number);
    switch (operationId) {
      case 'issues/list-comments':
        return send(200, this.comments.get(issue) ?? []);
      case 'users/get-authenticated':
        if (this.login === null) return send(403, { message: 'Resource not accessible by integration' });
        return send(200, { login: this.login, id: 7, type: 'User' });
      case 'issues/create-comment': {
        const user = this.login === null ? { login: 'github-actions[bot]', type: 'Bot' } : { login: this.login, type: 'User' };
        const comment = { id: this.nextId++, body: String(body!.body), user };
        this.comments.set(issue, [...(this.comments.get(issue) ?? []), comment]);
        return send(201, comment);
      }
      case 'issues/update-comment': {
        const comment = [...this.comments.values()].flat().find((c) => c.id === Number(params.comment_id));
        if (!comment) return send(404, { message: 'Not Found' });
        if (comment.user.login !== (this.login ?? 'github-actions[bot]'))
          return send(403, { message: 'Resource not accessible by integration' });
        comment.body = String(body!.body);
        return send(200, comment);
      }
      case 'checks/create':
        this.checkRuns.push(body!);
        return send(201, { id: this.nextId++, ...body });
      case 'issues/list-labels-on-issue':
        return send(
          200,
          (this.labels.get(issue) ?? []).map((l, i) => ({ id: i + 1, name: l.name, color: 'ededed', default: false })),
        );
      case 'issues/list-events':
        return send(
          200,
          (this.labels.get(issue) ?? []).map((l, i) => ({
            id: i + 1,
            event: 'labeled',
            actor: { login: l.by },
            label: { name: l.name, color: 'ededed' },
          })),
        );
      case 'pulls/get':
        return send(200, {
          number: Number(params.pull_number),
          state: this.pullRequestState,
          head: { sha: this.pullRequestHead },
          base: { sha: this.pullRequestBase },
          merge_commit_sha: this.mergeCommit,
          mergeable: this.mergeable,
        });
      case 'repos/get-commit': {
        const parents = this.parents.get(params.ref!);
        if (!parents) return send(422, { message: 'No commit found for SHA' });
        return send(200, { sha: params.ref, parents: parents.map((sha) => ({ sha })) });
      }
      case 'repos/get-collaborator-permission-level': {
        const role = this.roles.get(params.username!);
        if (!role) return send(404, { message: 'Not Found' });
        return send(200, { ...role, user: { login: params.username } });
      }
      case 'actions/list-workflow-runs-for-repo': {
        const runs = this.workflowRuns.filter(
          (r) =>
            (!query.has('head_sha') || r.head_sha === query.get('head_sha')) && (!query.has('event') || r.event === query.get('event')),
        );
        return send(200, { total_count: runs.length, workflow_runs: runs.map((r, i) => ({ id: i + 1, ...r })) });
      }
      case 'reactions/create-for-issue-comment':
        this.reactions.push({ commentId: Number(params.comment_id), content: String(body!.content) });
        return send(201, { id: this.nextId++, content: body!.content });
      default:
        this.invalid.push(`${operationId}: not expected from benchgate`);
        return send(501, { message: 'not implemented in the fake' });
    }
  }
}
