/**
 * Planted suites for attribution (issue 32): a Go module and a C program (benchgate's JSON
 * harness), each with one benchmark whose helper runs a loop of `rounds` turns, called through a
 * caller of its own, and one benchmark that calls another function. Base at 40 turns and head at
 * 80 make the helper twice as costly inside one benchmark. Shared by `npm run bench -- --only
 * attribution` and tests/e2e/attribution.test.ts.
 */

/** A Go module: BenchmarkChanged -> parse -> helper (`rounds` turns); BenchmarkSame -> other. */
export const goModule = (rounds: number): Record<string, string> => ({
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
func parse(x uint64) uint64 {
	return helper(x) + 1
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
		sink += parse(uint64(i))
	}
}

func BenchmarkSame(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += other(uint64(i))
	}
}
`,
});

/** A C program speaking benchgate's JSON: "changed" -> caller -> helper (`rounds` turns); "same" -> other. */
export const cProgram = (rounds: number): Record<string, string> => ({
  'bench.c': `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

__attribute__((noinline)) unsigned helper(unsigned x) { for (int i = 0; i < ${rounds}; i++) x = x * 31u + (unsigned)i; return x; }
__attribute__((noinline)) unsigned caller(unsigned x) { return helper(x) + 1u; }
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
  run("changed", caller, n, getenv("BENCHGATE_FILTER"), &first);
  run("same", other, n, getenv("BENCHGATE_FILTER"), &first);
  printf("]}\\n");
  return 0;
}
`,
});

/** How each planted suite is built and run by `benchgate run`, and what its changed and unchanged benchmarks are called. */
export const PLANTED = {
  go: {
    files: goModule,
    bench: "go test -run '^$' -bench . .",
    flags: ['--format', 'go'],
    changed: 'example.com/attr.BenchmarkChanged',
    same: 'example.com/attr.BenchmarkSame',
    helper: { file: 'work.go', name: 'example.com/attr.helper' },
    caller: 'example.com/attr.parse',
  },
  c: {
    files: cProgram,
    bench: './bench',
    flags: ['--build', 'cc -g -O1 -o bench bench.c', '--format', 'benchgate'],
    changed: 'changed',
    same: 'same',
    helper: { file: 'bench.c', name: 'helper' },
    caller: 'caller',
  },
} as const;
