/**
 * Issue 22 item 1d: benchgate's initial environment block (/proc/<pid>/environ) loses the
 * values it withholds, while process.env keeps them for benchgate's own use.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../helpers.js';

const linux = process.platform === 'linux';
const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** Runs forgetInitialValues in a fresh process; returns its own environ block and what process.env still says. */
function inFreshProcess(names: string[], env: Record<string, string>): { environ: string; kept: Record<string, string | undefined> } {
  const module = pathToFileURL(path.join(ROOT, 'src', 'runner', 'own-environ.ts')).href;
  const script = `
    const { forgetInitialValues } = await import(${JSON.stringify(module)});
    const names = ${JSON.stringify(names)};
    const done = forgetInitialValues(names);
    const { readFileSync } = await import('node:fs');
    const kept = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    process.stdout.write(JSON.stringify({ done, environ: readFileSync('/proc/self/environ', 'latin1'), kept }));`;
  const out = execFileSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '/usr/bin', ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { environ: string; kept: Record<string, string | undefined> };
}

describe('forgetInitialValues', () => {
  (linux ? it : it.skip)('overwrites the values in /proc/self/environ and keeps them in process.env', () => {
    const secrets = { GITHUB_TOKEN: 'ghs_SECRET_1', GH_PAT: 'ghp_SECRET_2', 'INPUT_GITHUB-TOKEN': 'ghs_SECRET_3' };
    const r = inFreshProcess(Object.keys(secrets), { ...secrets, KEEP_ME: 'visible' });
    expect(r.environ).not.toContain('SECRET');
    expect(r.environ).toContain('GITHUB_TOKEN=************\0');
    expect(r.environ).toContain('KEEP_ME=visible\0');
    expect(r.kept).toEqual(secrets);
  });
});
