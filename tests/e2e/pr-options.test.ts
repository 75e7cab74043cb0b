/**
 * Every option a pull request's own `.benchgate.yml` may still set (src/options.ts: not
 * trusted-only), at the most it may set it, cannot hide a planted 2x regression (issue 22, item 2).
 * The stand-in prints v.txt's number with no noise (base 1 ms, head 2 ms): every verdict is certain.
 */
import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { OPTIONS } from '../../src/options.js';
import { git, makeRepo, readResults, runCli, tempDir } from './helpers.js';

const BENCH = `printf '{"benchgate":1,"benchmarks":[{"name":"x","unit":"ms","values":[%s]}]}\\n' "$(cat v.txt)"`;
const COMMON = `bench: ${JSON.stringify(BENCH)}\nformat: benchgate\nwarmup: 0\nseed: 1\n`;
const FIXED = `${COMMON}rounds: 5\n`;
const AUTO = `${COMMON}rounds: auto\nmin-rounds: 6\nlook-every: 1\nmax-rounds: 8\nalpha: 0.05\n`;

/** Each settable option: the trusted file it is tried against, the pull request's line, and what must govern. */
const CASES: Record<string, { trusted: string; line: string; governs: string }> = {
  rounds: { trusted: FIXED, line: 'rounds: 100000000', governs: "clamped rounds: 100000000 from the pull request's own file to 50" },
  'min-rounds': {
    trusted: AUTO,
    line: 'min-rounds: 1000000',
    governs: 'to 8 on a pull_request event: min-rounds is at most the trusted max-rounds (8)',
  },
  'max-rounds': { trusted: AUTO, line: 'max-rounds: 1000000', governs: 'to 80 on a pull_request event' },
  threshold: { trusted: FIXED, line: 'threshold: 0', governs: '' },
  alpha: { trusted: FIXED, line: 'alpha: 0.99', governs: 'to 0.5 on a pull_request event' },
  source: { trusted: FIXED, line: 'source: bench.go:1', governs: '' },
};

/** The trusted file with the pull request's line in place of the key's own (YAML keys are unique). */
function withLine(trusted: string, line: string): string {
  const key = line.split(':')[0]!;
  const kept = trusted.split('\n').filter((l) => !l.startsWith(`${key}:`));
  return `${kept.join('\n').trimEnd()}\n${line}\n`;
}

function pullRequestEnv(repo: string): NodeJS.ProcessEnv {
  const [base, head] = ['HEAD~1', 'HEAD'].map((ref) => git(repo, 'rev-parse', ref).trim());
  const event = path.join(tempDir('benchgate-event-'), 'pull_request.json');
  writeFileSync(event, JSON.stringify({ pull_request: { number: 5, base: { sha: base }, head: { sha: head } } }));
  return {
    GITHUB_ACTIONS: 'true',
    GITLAB_CI: '',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_WORKSPACE: repo,
    GITHUB_STEP_SUMMARY: '',
    GITHUB_TOKEN: '',
  };
}

describe('a 2x regression under each option a pull request may set', () => {
  it('covers exactly the options the table lets a pull request set', () => {
    expect(Object.keys(CASES).sort()).toEqual(
      OPTIONS.filter((o) => o.file && o.trust !== 'trusted-only')
        .map((o) => o.name)
        .sort(),
    );
  });

  it.each(Object.entries(CASES))(
    '%s: at the most it may be set to, the gate still fails (exit 1)',
    async (_key, { trusted, line, governs }) => {
      const repo = makeRepo([
        { 'v.txt': '1', '.benchgate.yml': trusted },
        { 'v.txt': '2', '.benchgate.yml': withLine(trusted, line) },
      ]);
      const out = tempDir('benchgate-out-');
      const r = await runCli(['run', '--out', out], { cwd: repo, env: pullRequestEnv(repo) });
      expect([r.code, r.code === 1 ? '' : r.stderr]).toEqual([1, '']);
      const result = readResults(out);
      expect(result.comparisons.find((c) => c.benchmark === 'x')?.verdict).toBe('regression');
      if (governs) expect(result.warnings.map((w) => w.message).join('\n')).toContain(governs);
    },
    30_000,
  );
});
