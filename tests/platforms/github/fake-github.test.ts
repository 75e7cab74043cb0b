/**
 * The fake GitHub API served from the vendored OpenAPI slice: it still tells a path GitHub does
 * not have from an operation benchgate should not call, validates bodies it holds a schema for,
 * and says how to vendor one it lacks.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeGitHub } from './fake-github.js';

describe('the fake GitHub API', () => {
  const fake = new FakeGitHub();
  let api = '';
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${api}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => r.status);

  beforeAll(async () => {
    api = await fake.start();
  });
  afterAll(() => fake.stop());

  it('answers the operations benchgate calls and validates their bodies against GitHub’s schema', async () => {
    expect(await call('POST', '/repos/o/r/issues/7/comments', { body: 'hello' })).toBe(201);
    expect(await call('GET', '/repos/o/r/issues/7/comments')).toBe(200);
    expect(await call('POST', '/repos/o/r/issues/7/comments', { text: 'no body field' })).toBe(422);
    expect(await call('GET', '/repos/o/r/no-such-thing')).toBe(404);
    // A real operation benchgate has no business calling, and one whose body the slice lacks.
    expect(await call('DELETE', '/repos/o/r')).toBe(501);
    expect(await call('POST', '/repos/o/r/issues', { title: 't' })).toBe(501);
    expect(fake.invalid).toEqual([
      expect.stringMatching(/^issues\/create-comment: \[/),
      'GET /repos/o/r/no-such-thing: no such operation',
      'repos/delete: not expected from benchgate',
      'issues/create: its body schema is not in the slice; add it to BODIES in scripts/generate-github-api-slice.ts',
    ]);
  });
});
