/**
 * The six-benchmark Go module that per-benchmark instruction counts are tested and measured on
 * (tests/e2e/counts.test.ts, the count-jobs bench section): one work function, and a head that
 * raises one benchmark's loop bound from 100 to 103 (~3% more work). `BenchmarkChanged` runs
 * the work with bound `bound`, the others with fixed bounds.
 */
export function countSuite(bound: number): Record<string, string> {
  return {
    'go.mod': 'module example.com/counts\n\ngo 1.21\n',
    'work.go': `package counts

func Work(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i*i ^ (s >> 3)
	}
	return s
}
`,
    'work_test.go': `package counts

import "testing"

var sink int

func BenchmarkChanged(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += Work(${bound})
	}
}

func BenchmarkSame(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += Work(100)
	}
}

func BenchmarkSmall(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += Work(3)
	}
}

func BenchmarkLarge(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += Work(5000)
	}
}

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
