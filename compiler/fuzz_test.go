package compiler_test

import (
	"errors"
	"testing"

	"panto/compiler"
	"panto/compiler/parser"
	"panto/diag"
)

// FuzzCompile compiles arbitrary text. Whatever it is, the compiler gives
// a tree or a diagnostic, never a panic; and for text the parser rejects,
// the recovering parse that orders a syntax error against the code
// generator's checks (parser.Recover) finds that error too and gives a
// tree the code generator survives.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{
		"goto l local a ::l:: print(a) x =",
		"::a:: ::a:: x x",
		"local x <const> = 1 x = )",
		"local x <const> = 1 function x() end )",
		"local function f() goto nowhere else",
		"local t = {a, b = , [c] = d e}",
		"f(a, g(b, h(c, ",
		"o:m \"x\" :n { ",
		"for i = 1, 2 do local x <close> = nil ::l:: goto l",
		"while a < b do repeat x = x .. y until z",
		"local a <close>, b <const> = f(), ... return a b",
		"if a then elseif b then else end end",
		"x = function(a, ...) return ... ,",
		"local _ENV <const> = {} x = 1 y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := compiler.Compile("=fuzz", src)
		if err != nil {
			var d *diag.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("error %T %v", err, err)
			}
			if p != nil {
				t.Fatal("code and error")
			}
		}
		if _, perr := parser.Parse("=fuzz", src); perr != nil {
			if _, _, ok := parser.Recover("=fuzz", src, parser.DefaultCCalls); !ok {
				t.Fatalf("Parse fails (%v) but Recover finds no error", perr)
			}
		} else if _, _, ok := parser.Recover("=fuzz", src, parser.DefaultCCalls); ok {
			t.Fatal("Recover finds an error Parse does not")
		}
	})
}
