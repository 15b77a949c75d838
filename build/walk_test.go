package build

import (
	"runtime/debug"
	"strings"
	"testing"

	"panto/compiler/ast"
	"panto/compiler/parser"
)

// The build walks every file's tree for its checks; a left-deep chain as
// long as the file must not overflow the Go stack (capped here so that a
// recursive walk fails at a size a test can afford).
func TestWalkDeepChains(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	const n = 200000
	src := "local x = " + strings.Repeat("1+", n) + "1\nreturn a" + strings.Repeat(".b", n) + "(f" + strings.Repeat("(1)", n) + ")"
	chunk, err := parser.Parse("=deep", src)
	if err != nil {
		t.Fatal(err)
	}
	binary, index, calls := 0, 0, 0
	walk(chunk.Block, func(n ast.Node) {
		switch n.(type) {
		case *ast.BinaryExpr:
			binary++
		case *ast.IndexExpr:
			index++
		case *ast.CallExpr:
			calls++
		}
	})
	if binary != n || index != n || calls != n+1 {
		t.Errorf("visited %d binary, %d index and %d call expressions, want %d, %d and %d", binary, index, calls, n, n, n+1)
	}
}

// walk visits parents before children, in source order.
func TestWalkOrder(t *testing.T) {
	chunk, err := parser.Parse("=order", "local a = f(x, y.z) + -w")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	walk(chunk.Block, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.NameExpr:
			got = append(got, n.Name)
		case *ast.StringExpr:
			got = append(got, n.Value)
		}
	})
	if want := "f x y z w"; strings.Join(got, " ") != want {
		t.Errorf("names in visit order: %q, want %q", strings.Join(got, " "), want)
	}
}
