/**
 * bench-from: head with a real git repository: a pull request adds BenchmarkNew (in a file base
 * lacks) with the change that makes the code it measures 3x slower. Copied into base, the
 * benchmark is compared (a regression) and its row is marked in every report; base's own
 * benchmark is not. A benchmark that needs head's API makes base's build fail with the hint, exit 3.
 *
 * The CLI runs in process (tests/helpers/in-process-cli.ts) over a scripted Go toolchain that
 * reads the side's worktree as go would: the build fails on a call lib.go does not define, and
 * the binary runs the *_bench_test.go benchmarks there, each costing its function's spin units.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'shell-quote';
import { fakeExecutor, type FakeCall, type FakeRun, type FakeScript } from '../helpers/fake-executor.js';
import { runLastCommitInProcess } from '../helpers/in-process-cli.js';
import { makeRepo, readResults, tempDir } from './helpers.js';

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

/** The benchmarks of the worktree's test files: name, the function each calls, and its file. */
function benchmarksIn(dir: string): { name: string; calls: string; file: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('_test.go'))
    .flatMap((file) =>
      [...readFileSync(path.join(dir, file), 'utf8').matchAll(/func (Benchmark\w+)\(b \*testing\.B\) \{[^}]*?\n\t\t(\w+)\(\)/g)].map(
        (m) => ({
          name: m[1]!,
          calls: m[2]!,
          file,
        }),
      ),
    );
}

/** How many spin units a function of lib.go costs; undefined when lib.go does not define it. */
function unitsOf(dir: string, fn: string): number | undefined {
  const m = new RegExp(`func ${fn}\\(\\)\\s*\\{ spin\\((\\d+)\\) \\}`).exec(readFileSync(path.join(dir, 'lib.go'), 'utf8'));
  return m ? Number(m[1]) : undefined;
}

/** `go test -c`: fails, as go does, on a benchmark calling a function lib.go lacks. */
function goBuild(call: FakeCall): FakeRun {
  const missing = benchmarksIn(call.cwd).filter((b) => unitsOf(call.cwd, b.calls) === undefined);
  if (missing.length === 0) return {};
  return {
    exitCode: 1,
    stderr: `# example.com/bg [example.com/bg.test]\n${missing.map((b) => `./${b.file}:7:3: undefined: ${b.calls}`).join('\n')}\n`,
  };
}

/** The test binary: each benchmark -test.bench matches, at 200 ns/op per spin unit (a spread of 0.1% by round). */
function testBinary(call: FakeCall): FakeRun {
  const words = parse(call.command).filter((w): w is string => typeof w === 'string');
  const pattern = new RegExp(words[words.indexOf('-test.bench') + 1]!);
  const rows = benchmarksIn(call.cwd)
    .filter((b) => pattern.test(b.name))
    .map((b) => `${b.name}-2 \t     200\t ${(200 * unitsOf(call.cwd, b.calls)! * (1 + (call.round % 3) / 1000)).toFixed(1)} ns/op`);
  return { stdout: ['goos: linux', 'goarch: amd64', 'pkg: example.com/bg', ...rows, 'PASS', ''].join('\n') };
}

const goToolchain: FakeScript = (call) =>
  call.command === BUILD
    ? goBuild(call)
    : call.command.startsWith('./bg.test')
      ? testBinary(call)
      : { exitCode: 127, stderr: 'not found\n' };

/** The last commit against its parent with `bench-from: head`, copying the files `benchFiles` matches, over the scripted toolchain. */
const runFromHead = (repo: string, out: string, benchFiles: string) =>
  runLastCommitInProcess(repo, BENCH, out, [...FLAGS, '--bench-from', 'head', '--bench-files', benchFiles], fakeExecutor(goToolchain));

describe('bench-from: head', () => {
  it("compares a benchmark added with the change on base's code, and marks its row in every report", async () => {
    const repo = makeRepo([
      { 'go.mod': GO_MOD, 'lib.go': lib(1), 'old_bench_test.go': benchmark('Old', 'Cold()') },
      { 'lib.go': lib(3), 'bench/readme.txt': 'not a benchmark', 'new_bench_test.go': benchmark('New', 'Hot()') },
    ]);
    const out = tempDir();
    const r = await runFromHead(repo, out, '*_bench_test.go');
    expect(r.stderr).toContain('bench-from: head: copied 1 file(s) of head into base: new_bench_test.go');
    expect(r.code).toBe(1);
    const result = readResults(out);
    const rows = Object.fromEntries(
      result.comparisons
        .filter((c) => c.benchmark !== '(process)' && c.metric === 'time')
        .map((c) => [c.benchmark.replace(/^.*\.|-\d+$/g, ''), [c.verdict, c.warnings.some((w) => w.code === 'benchmark-from-head')]]),
    );
    // Old measures code the change did not touch: compared, not marked.
    expect(rows).toEqual({
      BenchmarkNew: ['regression', true],
      BenchmarkOld: ['unchanged', false],
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

  it("says that head's benchmark may need head's API when base's build fails, exit 3", async () => {
    const repo = makeRepo([
      { 'go.mod': GO_MOD, 'lib.go': lib(1), 'old_bench_test.go': benchmark('Old', 'Cold()') },
      { 'lib.go': lib(1, 'func Fresh() { spin(1) }\n'), 'new_bench_test.go': benchmark('New', 'Fresh()') },
    ]);
    const out = tempDir();
    const r = await runFromHead(repo, out, '**/*_bench_test.go');
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/build failed on base: [\s\S]*undefined: Fresh/);
    expect(r.stderr).toContain(
      "base had 1 benchmark file(s) copied from head (bench-from: head): new_bench_test.go. Head's benchmark may need head's API",
    );
  });
});
