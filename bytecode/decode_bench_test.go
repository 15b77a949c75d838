package bytecode_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	bc "panto/bytecode"
	"panto/compiler"
)

// benchChunks compiles the benchmark programs (about 30 KB of real Lua)
// and encodes each with debug information, as panto build does by
// default, or stripped.
func benchChunks(b *testing.B, strip bool) (chunks [][]byte, size int) {
	files, _ := filepath.Glob("../bench/programs/*.lua")
	if len(files) == 0 {
		b.Skip("bench/programs not found")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		p, err := compiler.Compile("@"+f, string(src))
		if err != nil {
			b.Fatal(err)
		}
		c := bc.Encode(p, strip)
		chunks = append(chunks, c)
		size += len(c)
	}
	return chunks, size
}

// BenchmarkDecode decodes and verifies every benchmark chunk per
// iteration, from a byte slice (copied) and from a string (aliased);
// allocs/chunk is what a bundle load pays per file.
func BenchmarkDecode(b *testing.B) {
	for _, strip := range []bool{false, true} {
		name := "debug"
		if strip {
			name = "stripped"
		}
		b.Run(name, func(b *testing.B) {
			chunks, size := benchChunks(b, strip)
			strs := make([]string, len(chunks))
			for i, c := range chunks {
				strs[i] = string(c)
			}
			b.Run("bytes", func(b *testing.B) {
				perChunk(b, size, len(chunks), func() {
					for _, c := range chunks {
						if _, err := bc.Decode(c); err != nil {
							b.Fatal(err)
						}
					}
				})
			})
			b.Run("string", func(b *testing.B) {
				perChunk(b, size, len(chunks), func() {
					for _, s := range strs {
						if _, err := bc.DecodeString(s); err != nil {
							b.Fatal(err)
						}
					}
				})
			})
		})
	}
}

// BenchmarkVerify runs the verifier alone over the decoded chunks.
func BenchmarkVerify(b *testing.B) {
	chunks, size := benchChunks(b, false)
	protos := make([]*bc.Proto, len(chunks))
	for i, c := range chunks {
		p, err := bc.Decode(c)
		if err != nil {
			b.Fatal(err)
		}
		protos[i] = p
	}
	perChunk(b, size, len(chunks), func() {
		for _, p := range protos {
			if err := bc.Verify(p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// perChunk runs f, which handles n chunks of size bytes in all, as the
// benchmark body, and reports the allocations per chunk.
func perChunk(b *testing.B, size, n int, f func()) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	iters := 0
	for b.Loop() {
		f()
		iters++
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(iters*n), "allocs/chunk")
}
