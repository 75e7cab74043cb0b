/**
 * Where a counted change came from (issue 32, decision 8), end to end: a Go module and a C program
 * (benchgate's JSON harness), each with a helper made twice as costly inside one benchmark on head.
 * results.json's attribution names that helper first with at least 90% of the change; the
 * unchanged benchmark has none; `benchgate analyze` on the log gives the same attribution.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { ComparisonResult } from '../../src/model.js';
import { readLog } from '../../src/runner/log.js';
import { makeRepo, readResults, runCli, runLastCommit, tempDir } from './helpers.js';

const GO_BIN = '/usr/local/go/bin';
const PATH = `${process.env.PATH}:${GO_BIN}`;
const has = (cmd: string, ...args: string[]) => spawnSync(cmd, args, { env: { ...process.env, PATH } }).status === 0;
// Missing tools skip these tests on a laptop; in CI (BENCHGATE_REQUIRE_TOOLCHAINS) they fail them.
const required = process.env.BENCHGATE_REQUIRE_TOOLCHAINS;
const itWithGo = required || (has('go', 'version') && has('valgrind', '--version')) ? it : it.skip;
const itWithCc = required || (has('cc', '--version') && has('valgrind', '--version')) ? it : it.skip;

/** A Go module: BenchmarkChanged calls helper, whose loop runs `rounds` times; BenchmarkSame calls other. */
const goModule = (rounds: number) => ({
  'go.mod': 'module example.com/attr\n\ngo 1.21\n',
  'work.go': `package attr

//go:noinline
func helper(x uint64) uint64 {
	for i := 0; i < ${rounds}; i++ {
		x = x*31 + uint64(i)
	}
	return x
}

//go:noinline
func other(x uint64) uint64 {
	for i := 0; i < 40; i++ {
		x = x*17 + uint64(i)
	}
	return x
}
`,
  'work_test.go': `package attr

import "testing"

var sink uint64

func BenchmarkChanged(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += helper(uint64(i))
	}
}

func BenchmarkSame(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += other(uint64(i))
	}
}
`,
});

/** A C program speaking benchgate's JSON: "changed" calls helper (`rounds` loop turns), "same" calls other. */
const cProgram = (rounds: number) => ({
  'bench.c': `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

__attribute__((noinline)) unsigned helper(unsigned x) { for (int i = 0; i < ${rounds}; i++) x = x * 31u + (unsigned)i; return x; }
__attribute__((noinline)) unsigned other(unsigned x) { for (int i = 0; i < 40; i++) x = x * 17u + (unsigned)i; return x; }
volatile unsigned sink;

static void run(const char *name, unsigned (*fn)(unsigned), long n, const char *filter, int *first) {
  char quoted[64];
  snprintf(quoted, sizeof quoted, "\\"%s\\"", name);
  if (filter && *filter && !strstr(filter, quoted)) return;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (long i = 0; i < n; i++) sink += fn((unsigned)i);
  clock_gettime(CLOCK_MONOTONIC, &b);
  double ns = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / (double)n;
  printf("%s{\\"name\\":\\"%s\\",\\"unit\\":\\"ns\\",\\"values\\":[%.3f]}", *first ? "" : ",", name, ns);
  *first = 0;
}

int main(void) {
  const char *iterations = getenv("BENCHGATE_ITERATIONS");
  long n = iterations ? atol(iterations) : 1000;
  int first = 1;
  printf("{\\"benchgate\\":1,\\"benchmarks\\":[");
  run("changed", helper, n, getenv("BENCHGATE_FILTER"), &first);
  run("same", other, n, getenv("BENCHGATE_FILTER"), &first);
  printf("]}\\n");
  return 0;
}
`,
});

/** The attribution of each benchmark (undefined: none), by benchmark. */
const attributions = (result: ComparisonResult) => Object.fromEntries(result.comparisons.map((c) => [c.benchmark, c.attribution]));

/** What both programs must show: the helper first with ≥ 90% of the change, nothing on the unchanged benchmark, analyze alike. */
async function expectHelperAttributed(out: string, changed: string, same: string, helper: { file: string; name: string }) {
  const result = readResults(out);
  const verdicts = Object.fromEntries(result.comparisons.map((c) => [c.benchmark, c.verdict]));
  expect(verdicts).toEqual({ [changed]: 'regression', [same]: 'unchanged' });
  const attribution = attributions(result)[changed]!;
  expect(attribution).toMatchObject({ level: 'instructions', source: 'counts', callPath: null, callTree: null, notes: [] });
  const top = attribution.functions[0]!;
  expect({ file: top.file, name: top.name }).toEqual(helper);
  expect(top.sharePct).toBeGreaterThanOrEqual(90);
  expect(top.head / top.base).toBeGreaterThan(1.8);
  expect(attribution.explainedPct).toBeGreaterThanOrEqual(90);
  expect(attributions(result)[same]).toBeUndefined();
  // One profile line per benchmark, side and repetition, each within its bound.
  const log = readLog(path.join(out, 'results.jsonl'));
  const repetitions = new Set(log.runs.map((r) => `${r.benchmark}/${r.side}/${r.round}`)).size;
  expect(log.profiles).toHaveLength(repetitions);
  // analyze reads the attribution back from the log, without valgrind.
  const again = tempDir();
  const analysed = await runCli(['analyze', path.join(out, 'results.jsonl'), '--out', again]);
  expect(analysed.code).toBe(1);
  expect(attributions(readResults(again))).toEqual(attributions(result));
}

describe('attribution of counted changes', () => {
  itWithGo(
    'a Go module: the helper made twice as costly is the top function, and analyze agrees',
    async () => {
      const repo = makeRepo([goModule(40), goModule(80)]);
      const out = tempDir();
      const r = await runLastCommit(
        repo,
        "go test -run '^$' -bench . .",
        out,
        ['--format', 'go', '--measure', 'instructions', '--jobs', '2'],
        {
          env: { PATH },
        },
      );
      expect(r.stderr).not.toMatch(/failed/);
      expect(r.code).toBe(1);
      await expectHelperAttributed(out, 'example.com/attr.BenchmarkChanged', 'example.com/attr.BenchmarkSame', {
        file: 'work.go',
        name: 'example.com/attr.helper',
      });
    },
    180_000,
  );

  itWithCc(
    'a C program built with -g: the helper made twice as costly is the top function, and analyze agrees',
    async () => {
      const repo = makeRepo([cProgram(40), cProgram(80)]);
      const out = tempDir();
      const r = await runLastCommit(repo, './bench', out, [
        '--build',
        'cc -g -O1 -o bench bench.c',
        '--format',
        'benchgate',
        '--measure',
        'instructions',
        '--jobs',
        '2',
      ]);
      expect(r.stderr).not.toMatch(/failed/);
      expect(r.code).toBe(1);
      await expectHelperAttributed(out, 'changed', 'same', { file: 'bench.c', name: 'helper' });
    },
    120_000,
  );

  itWithGo(
    'a timed Go regression: the passes say where its instructions changed, for flagged benchmarks only',
    async () => {
      // 20 times the helper's work: a timed regression that a 2x burst of the machine cannot hide.
      const repo = makeRepo([goModule(40), goModule(800)]);
      const out = tempDir();
      const r = await runLastCommit(repo, "go test -run '^$' -bench . -benchtime 20ms .", out, ['--format', 'go', '--rounds', '5'], {
        env: { PATH },
      });
      expect(r.stderr).toMatch(/where the instructions changed: \d+ changed benchmark/);
      const result = readResults(out);
      const changed = result.comparisons.find((c) => c.benchmark.startsWith('example.com/attr.BenchmarkChanged'))!;
      expect(changed.verdict).toBe('regression');
      expect(changed.attribution).toMatchObject({ level: 'instructions', source: 'passes' });
      const top = changed.attribution!.functions[0]!;
      expect({ file: top.file, name: top.name }).toEqual({ file: 'work.go', name: 'example.com/attr.helper' });
      expect(top.head / top.base).toBeGreaterThan(15);
      expect(top.interval).toBeNull();
      // Two round-0 profiles (base, head) per flagged benchmark, none for the others; no count runs in a timed log.
      const log = readLog(path.join(out, 'results.jsonl'));
      const flagged = result.comparisons.filter((c) => c.verdict === 'regression' || c.verdict === 'improvement');
      expect(log.profiles.map((p) => [p.benchmark, p.round]).sort()).toEqual(
        flagged.flatMap((c) => [c.benchmark.replace(/-\d+$/, ''), c.benchmark.replace(/-\d+$/, '')].map((b) => [b, 0])).sort(),
      );
      expect(log.runs.every((run) => run.work === undefined)).toBe(true);
      // analyze reads it back.
      const again = tempDir();
      expect((await runCli(['analyze', path.join(out, 'results.jsonl'), '--out', again])).code).toBe(1);
      expect(attributions(readResults(again))).toEqual(attributions(result));
    },
    180_000,
  );
});
