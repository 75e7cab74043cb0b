// A tiny compiled suite for benchgate's A/A runs (bench/sections/real-noise.ts): CPU-bound
// work of three kinds, so the observed noise is the machine's, not the harness's.
package aa

import (
	"hash/fnv"
	"sort"
	"strconv"
	"testing"
)

var sink int

func BenchmarkHash(b *testing.B) {
	data := make([]byte, 64<<10)
	for i := range data {
		data[i] = byte(i * 7)
	}
	for i := 0; i < b.N; i++ {
		h := fnv.New64a()
		h.Write(data)
		sink += int(h.Sum64() & 1)
	}
}

func BenchmarkSort(b *testing.B) {
	src := make([]int, 10000)
	for i := range src {
		src[i] = (i * 7919) % 10007
	}
	work := make([]int, len(src))
	for i := 0; i < b.N; i++ {
		copy(work, src)
		sort.Ints(work)
	}
	sink += work[0]
}

func BenchmarkFormat(b *testing.B) {
	for i := 0; i < b.N; i++ {
		n := 0
		for j := 0; j < 1000; j++ {
			n += len(strconv.Itoa(j * i))
		}
		sink += n
	}
}
