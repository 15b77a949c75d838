package lexer

import (
	"os"
	"testing"
)

func BenchmarkLex(b *testing.B) {
	src, err := os.ReadFile("../parser/testdata/bench.lua")
	if err != nil {
		b.Fatal(err)
	}
	s := string(src)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	var lx Lexer
	for b.Loop() {
		lx.Init("=bench", s)
		for lx.Next(); lx.Tok.Kind != EOF; lx.Next() {
			if lx.Tok.Kind == Illegal {
				b.Fatal(lx.Err)
			}
		}
	}
}
