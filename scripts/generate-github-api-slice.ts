/**
 * Writes tests/fixtures/github/openapi-slice.json, the part of GitHub's published REST API
 * description that tests/platforms/github/fake-github.ts serves from: every operation's method, path and
 * id (so a request is matched as GitHub's router would, and one to an operation benchgate should
 * not call is told apart from a path that does not exist), and the JSON request-body schema of the
 * operations listed in BODIES. The whole description (@octokit/openapi, 385 MB installed) is
 * then no dependency of the project.
 *
 * Usage: node --import tsx scripts/generate-github-api-slice.ts [api.github.com.deref.json]
 * Without a file, `npm pack` fetches @octokit/openapi at VERSION into a temporary directory and
 * the description is read from there. To let the fake accept a body of another operation, add its
 * operationId to BODIES and run this again.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'tests', 'fixtures', 'github', 'openapi-slice.json');
const VERSION = '23.0.2';
const FILE = 'generated/api.github.com.deref.json';

/** Operations whose JSON body the fake validates: what benchgate writes to GitHub. */
const BODIES = [
  'issues/create-comment',
  'issues/update-comment',
  'checks/create',
  'reactions/create-for-issue',
  'reactions/create-for-issue-comment',
];

type Spec = {
  paths: Record<string, Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: object }> } }>>;
};

export interface ApiSlice {
  source: string;
  operations: { operationId: string; method: string; path: string; hasJsonBody: boolean }[];
  bodies: Record<string, object>;
}

export function slice(spec: Spec, source: string): ApiSlice {
  const operations: ApiSlice['operations'] = [];
  const bodies: Record<string, object> = {};
  for (const [template, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.operationId) continue;
      const body = op.requestBody?.content?.['application/json']?.schema;
      operations.push({ operationId: op.operationId, method: method.toUpperCase(), path: template, hasJsonBody: body !== undefined });
      if (body && BODIES.includes(op.operationId)) bodies[op.operationId] = body;
    }
  }
  const missing = BODIES.filter((id) => !(id in bodies));
  if (missing.length > 0) throw new Error(`${source}: no JSON request body for ${missing.join(', ')}`);
  return { source, operations, bodies };
}

function readPublished(): { text: string; source: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-openapi-'));
  try {
    const tarball = execFileSync('npm', ['pack', '--silent', `@octokit/openapi@${VERSION}`], { cwd: dir, encoding: 'utf8' }).trim();
    execFileSync('tar', ['-xzf', tarball, `package/${FILE}`], { cwd: dir });
    return { text: readFileSync(path.join(dir, 'package', FILE), 'utf8'), source: `@octokit/openapi@${VERSION} ${FILE}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const given = process.argv[2];
  const { text, source } = given ? { text: readFileSync(given, 'utf8'), source: `@octokit/openapi@${VERSION} ${FILE}` } : readPublished();
  writeFileSync(OUT, `${JSON.stringify(slice(JSON.parse(text) as Spec, source))}\n`);
  console.log(`wrote ${path.relative(ROOT, OUT)}`);
}
