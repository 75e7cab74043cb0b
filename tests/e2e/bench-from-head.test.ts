/**
 * bench-from: head with a real git repository and a real Go toolchain: a pull request adds
 * BenchmarkNew (in a file base lacks) with the change that makes the code it measures 3x slower.
 * Copied into base, the benchmark is compared (a regression) and its row is marked in every
 * report; base's own benchmark is not. A benchmark that needs head's API makes base's build fail
 * with the hint, exit 3.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeRepo, readResults, runLastCommit, tempDir } from './helpers.js';

const hasGo = spawnSync('go', ['version']).status === 0;
// A missing go skips on a laptop; in CI (BENCHGATE_REQUIRE_TOOLCHAINS) the test fails instead.
const itWithGo = hasGo || process.env.BENCHGATE_REQUIRE_TOOLCHAINS ? it : it.skip;
const GO_ENV = { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };

/** The code under test: Hot does `units` times the work Cold does. */
const lib = (units: number, extra = '') => `package bg

var sink uint64

func spin(n int) {
	x := uint64(1)
	for i := 0; i < n*20000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink += x
}

func Hot()  { spin(${units}) }
func Cold() { spin(1) }
${extra}`;

const benchmark = (name: string, call: string) => `package bg

import "testing"

func Benchmark${name}(b *testing.B) {
	for i := 0; i < b.N; i++ {
		${call}
	}
}
`;

const GO_MOD = 'module example.com/bg\n\ngo 1.21\n';
// Built once per side, so that a run is the benchmark, not go's build.
const BUILD = 'go test -c -o bg.test .';
const BENCH = "./bg.test -test.run '^$' -test.bench . -test.benchtime 200x";
const FLAGS = ['--build', BUILD, '--format', 'go', '--rounds', '6', '--warmup', '1', '--seed', '5', '--threshold', '50'];

describe('bench-from: head', () => {
  itWithGo("compares a benchmark added with the change on base's code, and marks its row in every report", async () => {
    const repo = makeRepo([
      { 'go.mod': GO_MOD, 'lib.go': lib(1), 'old_bench_test.go': benchmark('Old', 'Cold()') },
      { 'lib.go': lib(3), 'bench/readme.txt': 'not a benchmark', 'new_bench_test.go': benchmark('New', 'Hot()') },
    ]);
    const out = tempDir();
    const r = await runLastCommit(repo, BENCH, out, [...FLAGS, '--bench-from', 'head', '--bench-files', '*_bench_test.go'], {
      env: GO_ENV,
    });
    expect(r.stderr).toContain('bench-from: head: copied 1 file(s) of head into base: new_bench_test.go');
    expect(r.code).toBe(1);
    const result = readResults(out);
    const rows = Object.fromEntries(
      result.comparisons
        .filter((c) => c.benchmark !== '(process)' && c.metric === 'time')
        .map((c) => [c.benchmark.replace(/^.*\.|-\d+$/g, ''), [c.verdict, c.warnings.some((w) => w.code === 'benchmark-from-head')]]),
    );
    // Old measures code the change did not touch: compared, not marked. Its verdict is the
    // machine's noise on an A/A pair (under load 15 it came out an "improvement" beyond 50%);
    // how often noise flags an A/A is `npm run bench`'s to measure, not this test's.
    expect(rows).toEqual({
      BenchmarkNew: ['regression', true],
      BenchmarkOld: [expect.any(String), false],
    });
    expect(result.warnings.map((w) => w.code)).toContain('bench-files-copied');
    // The row's mark reaches the terminal, the summary, the comment, JUnit and the HTML report; what was copied, all but JUnit.
    const mark = 'from head: base ran head';
    const copied = 'copied from head';
    expect(r.stdout + r.stderr).toContain(mark);
    expect(r.stdout + r.stderr).toContain(copied);
    for (const file of ['summary.md', 'comment.md', 'junit.xml', 'report.html']) {
      const text = readFileSync(path.join(out, file), 'utf8');
      expect([file, text.includes(mark), text.includes(copied)]).toEqual([file, true, file !== 'junit.xml']);
    }
  });

  itWithGo("says that head's benchmark may need head's API when base's build fails, exit 3", async () => {
    const repo = makeRepo([
      { 'go.mod': GO_MOD, 'lib.go': lib(1), 'old_bench_test.go': benchmark('Old', 'Cold()') },
      { 'lib.go': lib(1, 'func Fresh() { spin(1) }\n'), 'new_bench_test.go': benchmark('New', 'Fresh()') },
    ]);
    const out = tempDir();
    const r = await runLastCommit(repo, BENCH, out, [...FLAGS, '--bench-from', 'head', '--bench-files', '**/*_bench_test.go'], {
      env: GO_ENV,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/build failed on base: [\s\S]*undefined: Fresh/);
    expect(r.stderr).toContain(
      "base had 1 benchmark file(s) copied from head (bench-from: head): new_bench_test.go. Head's benchmark may need head's API",
    );
  });
});
