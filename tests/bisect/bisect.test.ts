/**
 * `benchgate bisect` end to end: a 64-commit line with one planted change is searched in at most
 * 7 steps (6 halvings), on a seeded stand-in harness (2×), on instruction counts of a small C
 * program (+3%), and on a real Go module (4×, timed). A range with no change stops undecided.
 * The stand-in's tests run the CLI in process (tests/helpers/in-process-cli.ts) over it as a
 * fake script (tests/helpers/seeded-suite.ts); valgrind's and Go's run the real CLI.
 */
import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { lcgProgram } from '../../bench/real/c/program.js';
import { git, makeRepo, runCli, tempDir } from '../e2e/helpers.js';
import { commands, fakeExecutor } from '../helpers/fake-executor.js';
import { redact, runInProcess } from '../helpers/in-process-cli.js';
import { seededSuite } from '../helpers/seeded-suite.js';
import { GO_PATH as PATH, hasTool, itWhen } from '../helpers/toolchains.js';

const itWithValgrind = itWhen(() => hasTool('valgrind', '--version') && hasTool('cc', '--version'));
const itWithGo = itWhen(() => hasTool('go', 'version'));

/** The stand-in's one benchmark, `loop`: ~10 ms times its factor, a 2% spread seeded by round and side. */
const suite = (factor: number) => ({ 'suite.json': JSON.stringify({ names: ['loop'], factors: { loop: factor }, cv: 0.02 }) });

/** good, then `links` commits; commit number `planted` (1-based) applies `change`. */
function line(links: number, planted: number | null, first: Record<string, string>, change: Record<string, string>): string {
  const commits = [first];
  for (let i = 1; i <= links; i++) commits.push({ [`step.txt`]: `${i}\n`, ...(i === planted ? change : {}) });
  return makeRepo(commits);
}

/** The transcript, for a closing note: BENCHGATE_BISECT_TRANSCRIPTS=DIR keeps each test's in DIR. */
function keepTranscript(test: string, stdout: string): void {
  const dir = process.env.BENCHGATE_BISECT_TRANSCRIPTS;
  if (dir) writeFileSync(path.join(dir, `${test.replace(/[^\w.-]+/g, '-')}.txt`), stdout);
}

const shaOf = (repo: string, n: number) => git(repo, 'rev-parse', `HEAD~${n}`).trim();

/** No warm-up, one seed: every comparison of a bisect runs the same rounds. */
const COLD = ['--warmup', '0', '--seed', '3'];
/** The 64 commits of `repo`, good to bad, writing into `out`. */
const range = (repo: string, out: string) => ['--repo', repo, '--good', 'HEAD~64', '--bad', 'HEAD', '--out', out, ...COLD];

/** The run with its steps counted, its transcript kept. */
function transcript<R extends { stdout: string }>(r: R): R & { steps: number } {
  keepTranscript(`${expect.getState().currentTestName}`, r.stdout);
  return { ...r, steps: (r.stdout.match(/^step \d+:/gm) ?? []).length };
}

/** bisect over the 64 commits with the real CLI. */
const bisect = async (repo: string, flags: string[]) => transcript(await runCli(['bisect', ...range(repo, tempDir()), ...flags]));

/** `benchgate bisect ARGS` in process, the stand-in answering `node bench.mjs`. */
const inProcess = (args: string[]) => runInProcess(['bisect', ...args], fakeExecutor(commands({ 'node bench.mjs': seededSuite().script })));

/** bisect of the stand-in over the 64 commits, in process. */
const bisectStandIn = async (repo: string, flags: string[]) => transcript(await inProcess([...range(repo, tempDir()), ...flags]));

/** The stand-in's run flags: 4 rounds, a 10% threshold. */
const STAND_IN_FLAGS = ['--bench', 'node bench.mjs', '--format', 'benchgate', '--rounds', '4', '--threshold', '10'];

describe('benchgate bisect', () => {
  it('finds the commit that made a seeded stand-in 2× slower among 64, in at most 7 steps', async () => {
    const repo = line(64, 41, suite(1), suite(2));
    const r = await bisectStandIn(repo, [...STAND_IN_FLAGS, '--benchmark', 'lo*']);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(0);
    expect(r.steps).toBeLessThanOrEqual(7);
    expect(r.stdout).toContain(`found: ${shaOf(repo, 64 - 41)} "commit 42" carries the change`);
    expect(r.stdout).toMatch(/loop \(time, 4 per side\): regression \+\d+(\.\d)?% \[\+\d+/);
    // The seeded stand-in makes the whole transcript certain: every step, each half's comparison.
    expect(redact(r.stdout, repo)).toMatchSnapshot();
  });

  it('stops with the range and what would settle it when no half changes, never a guess', async () => {
    const repo = line(64, null, suite(1), {});
    const r = await bisectStandIn(repo, [...STAND_IN_FLAGS, '--benchmark', 'loop']);
    expect(r.code).toBe(1);
    expect(r.steps).toBe(1);
    expect(r.stdout).toContain(`undecided: the change is between ${shaOf(repo, 64).slice(0, 12)}`);
    expect(r.stdout).toMatch(/to settle it: more rounds/);
    expect(r.stdout).not.toMatch(/^found/m);
    expect(redact(r.stdout, repo)).toMatchSnapshot();
  });

  it('refuses a glob that names no benchmark, and a good that is not an ancestor of bad (exit 2)', async () => {
    const repo = line(2, null, suite(1), {});
    /** bisect of the stand-in between two refs of this repository. */
    const between = (good: string, bad: string, ...flags: string[]) =>
      inProcess(['--repo', repo, '--good', good, '--bad', bad, '--bench', 'node bench.mjs', ...flags]);
    // Refused once the warm-up has printed the names, before any measured round.
    const none = await between('HEAD~2', 'HEAD', '--rounds', '4', '--benchmark', 'nope*', '--out', tempDir());
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--benchmark nope* matches no benchmark the warm-up printed (loop)');
    expect(`${none.stdout}${none.stderr}`).not.toMatch(/round 1\/4/);
    // With no warm-up, after round 1 of 4.
    const cold = await between('HEAD~2', 'HEAD', '--rounds', '4', '--warmup', '0', '--benchmark', 'nope*', '--out', tempDir());
    expect(cold.code).toBe(2);
    expect(cold.stderr).toContain('--benchmark nope* matches no benchmark round 1 printed (loop)');
    expect(`${cold.stdout}${cold.stderr}`).not.toMatch(/round 2\/4/);
    const backwards = await between('HEAD', 'HEAD~2', '--benchmark', '*');
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain('--good HEAD is not an ancestor of --bad HEAD~2');
    // A good merged in from a side branch is an ancestor, but not on bad's first-parent line.
    git(repo, 'checkout', '-q', '-b', 'side', 'HEAD~1');
    git(repo, 'commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', 'side');
    git(repo, 'checkout', '-q', 'main');
    git(repo, 'merge', '-q', '--no-ff', '--no-gpg-sign', '-m', 'merge side', 'side');
    const side = await between('side', 'main', '--benchmark', '*');
    expect(side.code).toBe(2);
    expect(side.stderr).toContain('--good side is not on the first-parent line of --bad main');
  }, 60_000);

  itWithValgrind(
    'finds a +3% instruction-count commit among 64 with --measure instructions, in at most 7 steps',
    async () => {
      // The loop is ~97% of the process: 4% more iterations is about +3% instructions in all.
      const ITERATIONS = 300_000;
      const repo = line(64, 17, { 'prog.c': lcgProgram(ITERATIONS) }, { 'prog.c': lcgProgram(ITERATIONS * 1.04) });
      const r = await bisect(repo, [
        '--build',
        'cc -O1 -o prog prog.c',
        '--bench-command',
        './prog',
        '--measure',
        'instructions',
        '--rounds',
        '2',
        '--benchmark',
        '*',
      ]);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.code).toBe(0);
      expect(r.steps).toBeLessThanOrEqual(7);
      expect(r.stdout).toContain(`found: ${shaOf(repo, 64 - 17)} "commit 18" carries the change`);
      expect(r.stdout).toMatch(/\(instructions, 2 per side\): regression \+(2|3)\.\d+%/);
    },
    // 30 s idle, over 60 s at load average 15 (48 runs under valgrind, 24 builds).
    240_000,
  );
});

describe('benchgate bisect on a real Go module', () => {
  const goSuite = (n: number): Record<string, string> => ({
    'go.mod': 'module example.com/planted\n\ngo 1.21\n',
    'work_test.go': `package planted

import "testing"

var sink int

func BenchmarkWork(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for j := 0; j < ${n}; j++ {
			sink += j ^ (sink >> 3)
		}
	}
}
`,
  });

  itWithGo(
    'finds the commit that made a Go benchmark’s work 4×',
    async () => {
      const repo = makeRepo([goSuite(20_000), { 'a.txt': '1' }, goSuite(80_000), { 'a.txt': '2' }, { 'a.txt': '3' }]);
      const out = tempDir();
      const r = await runCli(
        [
          'bisect',
          '--repo',
          repo,
          '--good',
          'HEAD~4',
          '--bad',
          'HEAD',
          '--out',
          out,
          '--warmup',
          '0',
          '--rounds',
          '10',
          // Timed on a shared machine (bursts of 1.5–2×): only a change well beyond the noise
          // counts, and each of the two A/A halves may raise a false alarm at most 1% of the time.
          // The planted change is 4×, so a 2× burst on the base's runs still leaves the head
          // slower by more than the threshold (a 2× change failed one CI run in the project's log).
          '--threshold',
          '30',
          '--alpha',
          '0.01',
          '--format',
          'go',
          '--build',
          'go test -c -o bench.test .',
          '--bench',
          './bench.test -test.run ^$ -test.bench . -test.benchtime 2000x',
          // The name the reports show (`Work-2`): matched as ignore and thresholds match it.
          '--benchmark',
          'Work*',
        ],
        { env: { PATH, GOFLAGS: '-mod=mod' } },
      );
      keepTranscript(`${expect.getState().currentTestName}`, r.stdout);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`found: ${shaOf(repo, 2)} "commit 3" carries the change`);
      expect(r.stdout).toMatch(/BenchmarkWork-\d+ \(time, 10 per side\): regression \+\d+/);
    },
    // 19 s idle, 33 s at load average 15 (8 Go builds).
    180_000,
  );

  itWithGo(
    'refuses a glob that matches nothing the count listing printed, before calibrating (exit 2)',
    async () => {
      const repo = makeRepo([goSuite(20_000), { 'a.txt': '1' }]);
      const r = await runCli(
        ['bisect', '--repo', repo, '--good', 'HEAD~1', '--bad', 'HEAD', '--out', tempDir(), '--measure', 'instructions'].concat([
          '--format',
          'go',
          '--bench',
          "go test -run '^$' -bench .",
          '--benchmark',
          'Nope*',
        ]),
        { env: { PATH, GOFLAGS: '-mod=mod' } },
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--benchmark Nope* matches no benchmark the listing printed (example.com/planted.BenchmarkWork)');
      expect(`${r.stdout}${r.stderr}`).not.toMatch(/calibrate/);
    },
    // Two Go test builds and their listing: 3 s idle.
    120_000,
  );
});
