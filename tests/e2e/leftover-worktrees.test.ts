/** Checkouts a SIGKILLed run left behind are removed by the next run (issue 22, item 13). */
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createWorktrees } from '../../src/git.js';
import { git, makeRepo, ROOT } from './helpers.js';

const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** Makes worktrees in a child process, which is then killed with SIGKILL; returns their directories. */
async function killedRunWorktrees(repo: string, sha: string): Promise<string[]> {
  const script = `const { createWorktrees } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'src', 'git.ts')).href)});
const w = await createWorktrees(${JSON.stringify(repo)}, ${JSON.stringify(sha)}, ${JSON.stringify(sha)}, () => {});
console.log(JSON.stringify([w.base, w.head]));
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const dirs = await new Promise<string[]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(JSON.parse(out) as string[]);
    });
    child.on('close', (code) => reject(new Error(`the child ended (${code}) before making its worktrees`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.on('close', resolve));
  return dirs;
}

describe('checkouts of a run killed outright', () => {
  it('are removed by the next run, which keeps those of a live one', async () => {
    const repo = makeRepo([{ 'a.txt': '1' }]);
    const sha = git(repo, 'rev-parse', 'HEAD').trim();
    const left = await killedRunWorktrees(repo, sha);
    expect(left.every((dir) => existsSync(dir))).toBe(true);
    const warnings: string[] = [];
    const live = await createWorktrees(repo, sha, sha, (m) => warnings.push(m));
    expect(left.some((dir) => existsSync(path.dirname(dir)))).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/^removed the checkouts of 1 killed benchgate run\(s\)/)]);
    const next = await createWorktrees(repo, sha, sha, (m) => warnings.push(m));
    try {
      expect(warnings).toHaveLength(1);
      // This process's other run is alive: its checkouts stay.
      expect([live.base, live.head, next.base, next.head].every((dir) => existsSync(dir))).toBe(true);
    } finally {
      await next.remove();
      await live.remove();
    }
    expect([live.base, next.base].some((dir) => existsSync(dir))).toBe(false);
  }, 30_000);
});
