/**
 * The CLI in process (tests/helpers/in-process-cli.ts) over the fake executor: a whole `run` from
 * the scripted runs to the reports, snapshotted with its volatile fields redacted; usage errors
 * and a failed build as the spawned CLI reports them.
 */
import { describe, expect, it } from '@jest/globals';
import os from 'node:os';
import { git, makeRepo, readResults, tempDir } from '../e2e/helpers.js';
import { bySide, commands, fakeExecutor } from './fake-executor.js';
import { filesIn, redact, runInProcess, runLastCommitInProcess } from './in-process-cli.js';

const printed = (ms: number) => `${JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'work', unit: 'ms', values: [ms] }] })}\n`;
/** 10 ms on base and `factor` times that on head, a spread of 0.1% by run. */
const suite = (factor: number) =>
  bySide({
    base: (call) => ({ stdout: printed(10 * (1 + (call.run % 3) / 1000)) }),
    head: (call) => ({ stdout: printed(10 * factor * (1 + (call.run % 3) / 1000)) }),
  });
const FLAGS = ['--rounds', '6', '--warmup', '0', '--seed', '1', '--format', 'benchgate'];

describe('the CLI in process', () => {
  it('a run of scripted outputs: every call the fake got, the exit code, stdout and stderr, and the files written', async () => {
    const repo = makeRepo([{ 'bench.mjs': '' }, { 'bench.mjs': '// head' }]);
    const out = tempDir();
    const fake = fakeExecutor(suite(1.5));
    const args = ['run', '--repo', repo, '--base', 'HEAD~1', '--head', 'HEAD', '--bench', 'node bench.mjs', '--out', out, ...FLAGS];
    const r = await runInProcess(args, fake);
    expect(r.code).toBe(1);
    expect(readResults(out).comparisons.find((c) => c.benchmark === 'work')).toMatchObject({ verdict: 'regression' });
    expect(fake.calls.map((c) => `${c.side} round ${c.round}: ${c.command}`)).toHaveLength(12);
    expect(Object.keys(filesIn(out))).toEqual(expect.arrayContaining(['results.json', 'results.jsonl', 'summary.md', 'comment.md']));
    expect({
      args: redact(args.join(' '), repo),
      code: r.code,
      stdout: redact(r.stdout, repo),
      stderr: redact(r.stderr, repo),
    }).toMatchSnapshot();
  });

  it('a build that fails on head: exit 3 naming the side and the error line, the build output streamed by side', async () => {
    const repo = makeRepo([{ a: '1' }, { a: '2' }]);
    const fake = fakeExecutor((call) =>
      call.command === 'make'
        ? { stderr: call.side === 'head' ? 'error: no rule to make target\n' : '', exitCode: call.side === 'head' ? 2 : 0 }
        : {},
    );
    const r = await runLastCommitInProcess(repo, 'node bench.mjs', tempDir(), [...FLAGS, '--build', 'make'], fake);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('[head] error: no rule to make target');
    expect(r.stderr).toContain('build failed on head: exited with code 2');
    expect(fake.calls.map((c) => `${c.side}: ${c.command}`)).toEqual(['base: make', 'head: make']);
  });

  it('reads the CI event from the environment it is given, never from the test process', async () => {
    // Head's own config asks for a threshold of 80% (head is 50% slower); on a merge request the base's config governs.
    const repo = makeRepo([{ a: '1' }, { '.benchgate.yml': 'threshold: 80\n' }]);
    const base = git(repo, 'rev-parse', 'HEAD~1').trim();
    const mergeRequest = { GITLAB_CI: 'true', CI_MERGE_REQUEST_IID: '7', CI_MERGE_REQUEST_TARGET_BRANCH_SHA: base };
    const args = ['run', '--repo', repo, '--base', 'HEAD~1', '--head', 'HEAD', '--bench', 'node bench.mjs', ...FLAGS];
    const local = await runInProcess([...args, '--out', tempDir()], fakeExecutor(suite(1.5)));
    const governed = await runInProcess([...args, '--out', tempDir()], fakeExecutor(suite(1.5)), mergeRequest);
    expect(`${local.stdout}${local.stderr}`).not.toContain('merge request pipeline');
    expect(`${governed.stdout}${governed.stderr}`).toContain('merge request pipeline');
    expect([local.code, governed.code]).toEqual([0, 1]);
  });

  it('a usage error: exit 2 from commander, nothing run', async () => {
    const fake = fakeExecutor(commands({}));
    const r = await runInProcess(['run', '--no-such-flag'], fake);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--no-such-flag'");
    expect(fake.calls).toEqual([]);
  });
});

describe('redact', () => {
  it('replaces temporary paths, the repository’s commits (whole and short), timestamps, durations and the withheld count', () => {
    const repo = makeRepo([{ a: '1' }]);
    const sha = git(repo, 'rev-parse', 'HEAD').trim();
    const text = `${os.tmpdir()}/benchgate-out-x/results.json ${sha} (${sha.slice(0, 10)}) at 2026-01-02T03:04:05.678Z took 1.5 s, ETA 2m 05s; 31 variables withheld; 10.0 ms`;
    expect(redact(text, repo)).toBe(
      '<tmp>/results.json <sha> (<sha>) at <time> took <duration>, ETA <duration>; <n> variables withheld; 10.0 ms',
    );
  });

  it('drops the lines that say what the machine was doing, whose presence depends on the load', () => {
    const text =
      'verdicts\nwarning: the machine was busy: load average 4.28 (max 4.28) on 2 CPUs during the runs\nwarning: max-rss not compared\n';
    expect(redact(text)).toBe('verdicts\nwarning: max-rss not compared\n');
  });
});
