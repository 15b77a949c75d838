package parser

import (
	"os"
	"testing"
)

// BenchmarkParse parses testdata/bench.lua, about 500 lines of ordinary
// Lua (classes, a JSON codec, a heap, string and bit utilities).
func BenchmarkParse(b *testing.B) {
	src, err := os.ReadFile("testdata/bench.lua")
	if err != nil {
		b.Fatal(err)
	}
	s := string(src)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("@bench.lua", s); err != nil {
			b.Fatal(err)
		}
	}
}
