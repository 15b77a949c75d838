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

// BenchmarkParseSmall measures the fixed cost of a parse, as paid by
// programs that call load on short strings in a loop.
func BenchmarkParseSmall(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("=x", "return x + 1"); err != nil {
			b.Fatal(err)
		}
	}
}
