/**
 * The fourteen-benchmark Go module the real shards run measures (the shards-go bench section):
 * twelve top-level benchmarks and one with two sub-benchmarks, each running one work function at
 * its own loop bound; `slower` names the benchmarks whose bound is doubled (2× the work), the
 * head's planted regressions. The stable hash of their units (the top-level
 * benchmark) splits them 2, 4, 2 and 6 over 4 shards, both planted rows in shard 4.
 */
export const SHARD_SUITE_MODULE = 'example.com/shards';

/** Top-level benchmark -> loop bound on base. */
const BOUNDS: Record<string, number> = {
  Parse: 300,
  Encode: 600,
  Decode: 900,
  Hash: 1200,
  Sort: 1500,
  Search: 1800,
  Compress: 2100,
  Inflate: 2400,
  Tokenize: 2700,
  Render: 3000,
  Match: 1000,
  Route: 2000,
};

/** Every benchmark as benchgate names it, sub-benchmarks included. */
export const SHARD_SUITE_NAMES = [...Object.keys(BOUNDS), 'Sizes/n=10', 'Sizes/n=1000'].map((n) => `${SHARD_SUITE_MODULE}.Benchmark${n}`);

export function shardSuite(slower: readonly string[] = []): Record<string, string> {
  const benchmarks = Object.entries(BOUNDS).map(
    ([name, bound]) => `func Benchmark${name}(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += Work(${slower.includes(name) ? 2 * bound : bound})
	}
}
`,
  );
  return {
    'go.mod': `module ${SHARD_SUITE_MODULE}\n\ngo 1.21\n`,
    'work.go': `package shards

func Work(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i*i ^ (s >> 3)
	}
	return s
}
`,
    'work_test.go': `package shards

import "testing"

var sink int

${benchmarks.join('\n')}
func BenchmarkSizes(b *testing.B) {
	for _, n := range []int{10, 1000} {
		b.Run(map[int]string{10: "n=10", 1000: "n=1000"}[n], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sink += Work(n)
			}
		})
	}
}
`,
  };
}
