package parser

import (
	"errors"
	"testing"

	"panto/compiler/ast"
	"panto/diag"
)

// FuzzParse checks that every input gives either a tree or a
// *diag.Diagnostic, never a panic or a hang, and that a tree survives printing:
// the printed form parses again and prints the same.
func FuzzParse(f *testing.F) {
	for _, s := range validTests {
		f.Add(s)
	}
	for _, tt := range errorTests {
		f.Add(tt.src)
	}
	for _, s := range []string{
		"x = " + "((((((((((1))))))))))",
		"local t = {[1]=1, x=2, 3; f(), ...}",
		"a.b.c:d(e)(f){g}'h'[[i]]",
		"x = 1 .. 2 ^ -3 ^ 4 .. 5",
		"--[==[\n]==] x = [[\r\n]] .. '\\z\n \\x41\\u{10FFFF}\\255'",
		"\x00\x01\xff", "#", "[=", "'\\", "::a:: ::b:: ;;",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		c, err := Parse("=fuzz", src)
		if err != nil {
			var se *diag.Diagnostic
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v", err, err)
			}
			if c != nil {
				t.Fatal("tree and error")
			}
			if se.Line < 0 || (se.Line == 0 && se.Message != "C stack overflow") {
				t.Fatalf("bad line in %+v", se)
			}
			return
		}
		checkPositions(t, src, c)
		p1 := ast.Print(c)
		c2, err := Parse("=printed", p1)
		if err != nil {
			t.Fatalf("printed form does not parse: %v\n%s", err, p1)
		}
		if p2 := ast.Print(c2); p1 != p2 {
			t.Fatalf("printing not stable:\n%s\n---\n%s", p1, p2)
		}
	})
}

// checkPositions verifies that every position in the tree lies inside the
// source and that blocks do not end before they start.
func checkPositions(t *testing.T, src string, c *ast.Chunk) {
	n := ast.Pos(len(src))
	ok := func(p ast.Pos) {
		if p < 0 || p > n {
			t.Fatalf("position %d outside 0..%d", p, n)
		}
	}
	var expr func(e ast.Expr)
	var block func(b *ast.Block)
	exprs := func(es []ast.Expr) {
		for _, e := range es {
			expr(e)
		}
	}
	fn := func(f *ast.FunctionExpr) {
		ok(f.Pos)
		ok(f.End)
		for _, p := range f.Params {
			if p.Pos != ast.NoPos {
				ok(p.Pos)
			}
		}
		block(f.Body)
		if f.Body.End != f.End {
			t.Fatalf("function body ends at %d, function at %d", f.Body.End, f.End)
		}
	}
	expr = func(e ast.Expr) {
		ok(e.Start())
		switch x := e.(type) {
		case *ast.IndexExpr:
			ok(x.Pos)
			expr(x.Obj)
			expr(x.Key)
		case *ast.CallExpr:
			ok(x.Open)
			expr(x.Fn)
			exprs(x.Args)
		case *ast.MethodCallExpr:
			ok(x.Open)
			ok(x.NamePos)
			expr(x.Obj)
			exprs(x.Args)
		case *ast.FunctionExpr:
			fn(x)
		case *ast.BinaryExpr:
			ok(x.Pos)
			expr(x.L)
			expr(x.R)
		case *ast.UnaryExpr:
			expr(x.X)
		case *ast.ParenExpr:
			expr(x.X)
		case *ast.TableExpr:
			ok(x.End)
			for _, f := range x.Fields {
				if f.Key != nil {
					expr(f.Key)
				}
				expr(f.Value)
			}
		}
	}
	block = func(b *ast.Block) {
		ok(b.Pos)
		ok(b.End)
		if b.End < b.Pos {
			t.Fatalf("block %d..%d", b.Pos, b.End)
		}
		for _, st := range b.Stmts {
			ok(st.Start())
			switch s := st.(type) {
			case *ast.LocalStmt:
				exprs(s.Exprs)
			case *ast.AssignStmt:
				ok(s.Pos)
				exprs(s.Targets)
				exprs(s.Exprs)
			case *ast.CallStmt:
				expr(s.Call)
			case *ast.DoStmt:
				block(s.Body)
			case *ast.WhileStmt:
				expr(s.Cond)
				block(s.Body)
			case *ast.RepeatStmt:
				block(s.Body)
				expr(s.Cond)
			case *ast.IfStmt:
				for _, c := range s.Clauses {
					ok(c.Pos)
					expr(c.Cond)
					block(c.Body)
				}
				if s.Else != nil {
					block(s.Else)
				}
			case *ast.NumericForStmt:
				ok(s.DoPos)
				expr(s.Init)
				expr(s.Limit)
				if s.Step != nil {
					expr(s.Step)
				}
				block(s.Body)
			case *ast.GenericForStmt:
				ok(s.DoPos)
				exprs(s.Exprs)
				block(s.Body)
			case *ast.FunctionStmt:
				expr(s.Target)
				fn(s.Func)
			case *ast.LocalFunctionStmt:
				fn(s.Func)
			case *ast.ReturnStmt:
				exprs(s.Exprs)
			}
		}
	}
	block(c.Block)
}
