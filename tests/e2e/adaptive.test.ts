/**
 * `benchgate run --rounds auto` end to end (issue 14): a suite with one clear regression stops
 * early; extension rounds run only the open benchmarks, by the harness's own filter, with hostile
 * names that never reach the command; max-time stops a slow suite; a run that dies mid-round leaves
 * a log that `benchgate analyze` reads. The first three run the CLI in process over a seeded
 * stand-in (tests/helpers/seeded-suite.ts); the last times a real Go suite with a 3x effect.
 * That the quoted `{filter}` reaches a real harness intact through sh is tests/runner/bench-call.test.ts's.
 */
import { describe, expect, it } from '@jest/globals';
import { appendFileSync, copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FILTER_PLACEHOLDER } from '../../src/harness/index.js';
import { readLog } from '../../src/runner/log.js';
import { commands, fakeExecutor, type FakeRun, type FakeScript } from '../helpers/fake-executor.js';
import { runInProcess, runLastCommitInProcess } from '../helpers/in-process-cli.js';
import { seededSuite } from '../helpers/seeded-suite.js';
import { makeRepo, readResults, runLastCommit, tempDir } from './helpers.js';
import { hasTool, itWhen } from '../helpers/toolchains.js';

interface Suite {
  names: string[];
  /** head/base factor per benchmark; absent: 1. */
  factors?: Record<string, number>;
  cv: number;
  sleepMs?: number;
}

/** A repository whose parent commit runs `base` and last commit `head` through the stand-in. */
function standInRepo(base: Suite, head: Suite): string {
  return makeRepo([{ 'bench.mjs': '', 'suite.json': JSON.stringify(base) }, { 'suite.json': JSON.stringify(head) }]);
}

const verdicts = (out: string) =>
  Object.fromEntries(
    readResults(out)
      .comparisons.filter((c) => c.benchmark !== '(process)')
      .map((c) => [c.benchmark, c.verdict]),
  );

const AUTO = ['--rounds', 'auto', '--format', 'benchgate', '--warmup', '0', '--seed', '7'];
const BENCH = 'node bench.mjs';

describe('rounds auto, extension rounds', () => {
  it('rounds 1..min-rounds run everything, later rounds only the open benchmarks; hostile names reach the harness intact, never in the command', async () => {
    // The slow two are the ones left open after the first look, so the filter must carry them.
    const slow = [`(x|y) "q" 'r' sp ace`, '$(touch dollar) `touch tick`'];
    const quiet = ['a.b*', '[z]+?', 'back\\slash', 'q"uote', '; touch x #', 'plain'];
    const names = [...quiet, ...slow];
    const repo = standInRepo({ names, cv: 0.003 }, { names, cv: 0.003, factors: Object.fromEntries(slow.map((n) => [n, 2])) });
    const out = tempDir();
    const stand = seededSuite();
    const bench = `${BENCH} ${FILTER_PLACEHOLDER}`;
    // {filter} reaches the command as the quoted variable, whatever the names.
    const command = `${BENCH} "$BENCHGATE_FILTER"`;
    const fake = fakeExecutor(commands({ [command]: stand.script }));
    const r = await runLastCommitInProcess(repo, bench, out, AUTO, fake);
    expect(r.code).toBe(1);

    const result = readResults(out);
    expect(result.adaptive?.stoppedBy).toBe('decided');
    expect(verdicts(out)).toEqual({
      ...Object.fromEntries(quiet.map((n) => [n, 'unchanged'])),
      ...Object.fromEntries(slow.map((n) => [n, 'regression'])),
    });
    const rounds = result.rounds.completed;
    expect(rounds).toBeGreaterThan(10);
    expect(rounds).toBeLessThan(30);

    const made = stand.calls;
    expect(made).toHaveLength(2 * rounds);
    expect(fake.calls.every((c) => c.command === command)).toBe(true);
    for (const call of made) {
      if (call.round <= 10) {
        expect(call.filter).toBe('');
        expect(call.ran).toEqual(names);
      } else {
        expect(JSON.parse(call.filter)).toEqual(slow);
        expect(call.ran).toEqual(slow);
      }
    }
    // results.json says per round how many benchmarks it asked for, as the harness saw.
    const asked = (round: number) => made.find((c) => c.round === round && c.side === 'head')!;
    expect(result.adaptive?.open).toEqual(
      Array.from({ length: rounds }, (_, i) => (asked(i + 1).filter === '' ? null : (JSON.parse(asked(i + 1).filter) as string[]).length)),
    );
    expect(result.adaptive?.looks).toEqual([10, 15, 20, 25].filter((l) => l <= rounds));
    // The log records what each filtered run was asked for.
    for (const run of readLog(path.join(out, 'results.jsonl')).runs) expect(run.open).toEqual(run.round <= 10 ? undefined : slow);
  });
});

describe('rounds auto, max-time', () => {
  it('stops a slow suite on its time budget with the last look’s verdicts, and the log is complete', async () => {
    const names = ['n1', 'n2', 'n3'];
    // 300 ms a run (waited for real: the budget reads the clock) and 40% noise: nothing can be decided within ±2% before the clock runs out.
    const suite = { names, cv: 0.4, sleepMs: 300 };
    const repo = standInRepo(suite, suite);
    const out = tempDir();
    const r = await runLastCommitInProcess(
      repo,
      BENCH,
      out,
      [...AUTO, '--max-time', '3s'],
      fakeExecutor(commands({ [BENCH]: seededSuite().script })),
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/rounds auto stopped after \d+ round\(s\): max-time reached/);
    const log = readLog(path.join(out, 'results.jsonl'));
    expect(log.end?.status).toBe('completed');
    const result = readResults(out);
    expect(result.adaptive?.stoppedBy).toBe('max-time');
    const rounds = result.rounds.completed;
    expect(rounds).toBeGreaterThanOrEqual(1);
    expect(rounds).toBeLessThan(10);
    expect(log.runs).toHaveLength(2 * rounds);
    for (const c of result.comparisons.filter((c) => c.benchmark !== '(process)')) {
      expect(c.verdict).toBe('inconclusive');
      // The last look, unplanned, at the rounds the clock allowed.
      expect(c.sequential).toMatchObject({ stop: 'budget', closedAt: rounds });
    }
  });
});

/**
 * The stand-in until round `round`, where it stops answering: the log is then copied as a killed
 * benchgate leaves it (every run before it appended, no end line), and the run is let go.
 */
function dyingAt(round: number, script: FakeScript, log: string, copy: string) {
  let release: (run: FakeRun) => void = () => {};
  let reached: () => void = () => {};
  const died = new Promise<void>((resolve) => (reached = resolve));
  const dying: FakeScript = (call) => {
    if (call.round !== round) return script(call);
    copyFileSync(log, copy);
    reached();
    return new Promise<FakeRun>((resolve) => (release = resolve));
  };
  return { dying, died, letGo: () => release({ exitCode: 137, signal: 'SIGKILL' }) };
}

describe('rounds auto, a killed run', () => {
  it('leaves a log that benchgate analyze reads but never passes: exit 3, no last look, a 2x regression shown as likely (incomplete run)', async () => {
    const names = ['quiet a', 'quiet b', 'slow'];
    const repo = standInRepo({ names, cv: 0.003 }, { names, cv: 0.003, factors: { slow: 2 } });
    const out = tempDir();
    const log = path.join(tempDir(), 'results.jsonl');
    const killed = dyingAt(12, seededSuite().script, path.join(out, 'results.jsonl'), log);
    const running = runLastCommitInProcess(repo, BENCH, out, AUTO, fakeExecutor(commands({ [BENCH]: killed.dying })));
    await killed.died;
    killed.letGo();
    await running;
    // Killed mid-write as well: half a line at the end.
    appendFileSync(log, '{"type":"run","suite":"bench');

    const analysed = tempDir();
    const r = await runInProcess(['analyze', log, '--out', analysed], fakeExecutor(commands({})));
    expect(r.stderr).toContain('unreadable line skipped');
    expect(r.stderr).toContain('the run did not finish (no end line); analysing the 22 runs it recorded');
    // An incomplete run (exit 3), whatever its rows say.
    expect(r.code).toBe(3);
    const result = readResults(analysed);
    expect(result.adaptive?.stoppedBy).toBe('log-ended');
    expect(result.rounds.completed).toBe(11);
    expect(result.failures.stopped).toMatch(/incomplete run/);
    // No last look spends the alpha left: what the planned look (round 10) left open is not decided.
    const slow = result.comparisons.find((c) => c.benchmark === 'slow')!;
    expect(slow.verdict).toBe('inconclusive');
    expect(slow.sequential).toMatchObject({ stop: 'incomplete', rounds: 11, closedAt: 11 });
    expect(readFileSync(path.join(analysed, 'summary.md'), 'utf8')).toContain('likely regression \\(incomplete run\\)');
    expect(result.gateFailed).toBe(false);
  });
});

const itWithGo = itWhen(() => hasTool('go', 'version'));

/** A Go package whose BenchmarkSlow does `slowWork` units of the work every other benchmark does once... */
const goBench = (slowWork: number) => `package bg

import "testing"

var sink uint64

func work(units int) {
	x := uint64(1)
	for i := 0; i < units*20000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink += x
}

func BenchmarkFastA(b *testing.B) {
	for i := 0; i < b.N; i++ {
		work(1)
	}
}

func BenchmarkFastB(b *testing.B) {
	for i := 0; i < b.N; i++ {
		work(1)
	}
}

func BenchmarkParsed(b *testing.B) {
	for _, size := range []string{"small", "x.y"} {
		b.Run(size, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				work(1)
			}
		})
	}
}

func BenchmarkSlow(b *testing.B) {
	for i := 0; i < b.N; i++ {
		work(${slowWork})
	}
}
`;

describe('rounds auto, a real Go suite', () => {
  itWithGo(
    'one benchmark 3x slower: a regression, the rest unchanged, stopped before max-rounds; go test -bench {filter} ran only the open ones after the first look',
    async () => {
      const repo = makeRepo([{ 'go.mod': 'module example.com/bg\n\ngo 1.21\n', 'bg_test.go': goBench(1) }, { 'bg_test.go': goBench(3) }]);
      const out = tempDir();
      const r = await runLastCommit(
        repo,
        `go test -bench ${FILTER_PLACEHOLDER} -run '^$' -benchtime 500x .`,
        out,
        [
          '--rounds',
          'auto',
          '--format',
          'go',
          '--warmup',
          '1',
          '--seed',
          '3',
          // Real timings on a shared machine: a 3x change (+200%) against a threshold noise cannot reach.
          '--threshold',
          '100',
        ],
        { env: { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' } },
      );
      expect(r.code).toBe(1);
      const result = readResults(out);
      expect(result.adaptive?.stoppedBy).toBe('decided');
      expect(result.rounds.completed).toBeLessThan(30);
      const byName = Object.fromEntries(
        result.comparisons
          .filter((c) => c.metric === 'time' && c.benchmark !== '(process)')
          .map((c) => [c.benchmark.replace(/-\d+$/, ''), c.verdict]),
      );
      expect(byName).toEqual({
        'example.com/bg.BenchmarkFastA': 'unchanged',
        'example.com/bg.BenchmarkFastB': 'unchanged',
        'example.com/bg.BenchmarkParsed/small': 'unchanged',
        'example.com/bg.BenchmarkParsed/x.y': 'unchanged',
        'example.com/bg.BenchmarkSlow': 'regression',
      });
      // After the first look, go ran only what the filter asked for: the benchmarks still open.
      const runs = readLog(path.join(out, 'results.jsonl')).runs;
      const later = runs.filter((run) => run.round > 10);
      expect(later.length).toBeGreaterThan(0);
      const closedAt = new Map(result.comparisons.map((c) => [c.benchmark, c.sequential?.closedAt ?? 0]));
      for (const run of later) {
        // Exactly the benchmarks no look had closed before this round, and go ran exactly those.
        const open = [...closedAt].filter(([name, at]) => name !== '(process)' && at >= run.round).map(([name]) => name);
        expect([...run.open!].sort()).toEqual(open.sort());
        expect(
          run.measurements
            .filter((m) => m.metric === 'time')
            .map((m) => m.benchmark)
            .sort(),
        ).toEqual(open);
      }
      for (const run of runs.filter((run) => run.round <= 10)) expect(run.open).toBeUndefined();
    },
    240_000,
  );
});
