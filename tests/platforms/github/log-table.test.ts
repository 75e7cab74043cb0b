/** The results table in the GitHub log, folded in a group (issue 16: the log showed no table). */
import { describe, expect, it, jest } from '@jest/globals';
import { publishResult } from '../../../src/conclude.js';
import { githubPlatform } from '../../../src/platforms/github.js';
import { compared, result } from '../../builders.js';

async function stdoutOf(fn: () => Promise<unknown>): Promise<string> {
  let out = '';
  const saved = { GITHUB_OUTPUT: process.env.GITHUB_OUTPUT, GITHUB_STEP_SUMMARY: process.env.GITHUB_STEP_SUMMARY };
  delete process.env.GITHUB_OUTPUT;
  delete process.env.GITHUB_STEP_SUMMARY;
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
    for (const [key, value] of Object.entries(saved)) if (value !== undefined) process.env[key] = value;
  }
  return out;
}

describe('GitHub log', () => {
  it('prints the terminal table inside a "results" group, names inert', async () => {
    const r = result(
      [compared('example.com/pkg.BenchmarkEncode-2', 'regression', 25, 'go'), compared('::error::owned', 'unchanged', 0, 'go')],
      { gateFailed: false },
    );
    const out = await stdoutOf(() =>
      publishResult({ result: r, comment: {} }, {}, githubPlatform({ comment: false, check: false, env: {} }).publisher),
    );
    const group = /::group::results\n([^]*?)::endgroup::/.exec(out);
    expect(group).not.toBeNull();
    const lines = group![1]!.split('\n');
    expect(lines[0]).toMatch(/^benchgate: regression found \(gate off\)/);
    expect(lines).toContain('suite go · pkg: example.com/pkg');
    expect(lines.some((l) => /^Encode-2 +.*regression$/.test(l))).toBe(true);
    // A benchmark name cannot issue a workflow command from the table.
    expect(lines.filter((l) => l.startsWith('::'))).toEqual([]);
  });
});
