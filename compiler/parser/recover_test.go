package parser

import (
	"testing"

	"panto/compiler/ast"
)

// TestRecover checks where a recovering parse stops (the token the
// reference stands on when it reports the error Parse reports) and that
// the tree it returns ends past the source.
func TestRecover(t *testing.T) {
	for _, tt := range []struct{ name, src, stopAt string }{
		{"missing expression", "x = 1\ny = ", ""},
		{"unexpected symbol", "x = 1\n) y", ") y"},
		{"missing end", "do x = 1", ""},
		{"extra end", "x = 1 end", "end"},
		{"lexical error", "x = 'abc", "= 'abc"},
		{"look-ahead lexical error", "t = {a 'b", "a 'b"},
		{"missing then", "if x y = 1 end", "y = 1 end"},
		{"bad attribute", "local a <foo> = 1", "= 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Parse("=t", tt.src); err == nil {
				t.Fatal("Parse accepts the source")
			}
			c, stop, ok := Recover("=t", tt.src, DefaultCCalls)
			if !ok {
				t.Fatal("Recover finds no error")
			}
			want := ast.Pos(len(tt.src) - len(tt.stopAt))
			if stop != want {
				t.Errorf("stops at %d (%q), want %d (%q)", stop, tt.src[min(int(stop), len(tt.src)):], want, tt.stopAt)
			}
			if c.Close <= ast.Pos(len(tt.src)) {
				t.Errorf("the main function closes at %d, inside the source", c.Close)
			}
		})
	}
	if _, _, ok := Recover("=t", "local x = 1 return x", DefaultCCalls); ok {
		t.Error("Recover reports an error in a valid chunk")
	}
}
