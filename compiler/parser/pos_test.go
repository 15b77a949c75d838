package parser

import (
	"strings"
	"testing"

	"panto/compiler/ast"
)

// TestPositions checks the offsets documented in package ast.
func TestPositions(t *testing.T) {
	src := `local x <const> = a.b(1) + c:m"s"
function t.u:v(p, ...) return ... end
if x then y() elseif z then else w = -{k = (v)} end
for i = 1, 2 do end
local f = function (q) end
local function g () end
`
	at := func(s string, nth int) ast.Pos {
		i := -1
		for ; nth > 0; nth-- {
			j := strings.Index(src[i+1:], s)
			if j < 0 {
				t.Fatalf("%q not found", s)
			}
			i += 1 + j
		}
		return ast.Pos(i)
	}
	eq := func(what string, got, want ast.Pos) {
		t.Helper()
		if got != want {
			t.Errorf("%s: got %d, want %d", what, got, want)
		}
	}
	c, err := Parse("=x", src)
	if err != nil {
		t.Fatal(err)
	}
	if c.File == nil || c.File.Name != "=x" || c.File.LineCount() != 7 {
		t.Fatalf("file %+v", c.File)
	}
	st := c.Block.Stmts
	eq("chunk block start", c.Block.Pos, 0)
	eq("chunk block end", c.Block.End, ast.Pos(len(src)))

	loc := st[0].(*ast.LocalStmt)
	eq("local", loc.Pos, 0)
	eq("local name", loc.Names[0].Pos, at("x", 1))
	if loc.Names[0].Attrib != "const" {
		t.Error("attrib")
	}
	bin := loc.Exprs[0].(*ast.BinaryExpr)
	eq("binary", bin.Pos, at("+", 1))
	eq("binary start", bin.Start(), at("a.b", 1))
	call := bin.L.(*ast.CallExpr)
	eq("call", call.Pos, at("a.b", 1))
	eq("call open", call.Open, at("(1)", 1))
	idx := call.Fn.(*ast.IndexExpr)
	eq("index", idx.Pos, at(".b", 1))
	eq("index key", idx.Key.(*ast.StringExpr).Pos, at("b(", 1))
	m := bin.R.(*ast.MethodCallExpr)
	eq("method call", m.Pos, at("c:", 1))
	eq("method name", m.NamePos, at(`m"`, 1))
	eq("method open", m.Open, at(`"s"`, 1))
	if m.Name != "m" || m.Args[0].(*ast.StringExpr).Value != "s" {
		t.Error("method call")
	}

	fs := st[1].(*ast.FunctionStmt)
	eq("function stmt", fs.Pos, at("function", 1))
	eq("method function", fs.Func.Pos, at("function", 1))
	eq("method function end", fs.Func.End, at("end", 1))
	eq("method body end", fs.Func.Body.End, at("end", 1))
	eq("method body start", fs.Func.Body.Pos, at("return", 1))
	if !fs.IsMethod || len(fs.Func.Params) != 2 || fs.Func.Params[0].Name != "self" || fs.Func.Params[0].Pos != ast.NoPos || !fs.Func.IsVararg {
		t.Errorf("method params %+v", fs.Func.Params)
	}
	eq("param", fs.Func.Params[1].Pos, at("p,", 1))
	tv := fs.Target.(*ast.IndexExpr)
	eq("method target", tv.Pos, at(":v", 1))
	eq("method target obj", tv.Obj.(*ast.IndexExpr).Pos, at(".u", 1))
	ret := fs.Func.Body.Stmts[0].(*ast.ReturnStmt)
	eq("return", ret.Pos, at("return", 1))
	eq("vararg", ret.Exprs[0].(*ast.VarargExpr).Pos, at("...", 2))

	ifs := st[2].(*ast.IfStmt)
	eq("if", ifs.Pos, at("if", 1))
	eq("if clause", ifs.Clauses[0].Pos, at("if", 1))
	eq("then block", ifs.Clauses[0].Body.Pos, at("y()", 1))
	eq("then block end", ifs.Clauses[0].Body.End, at("elseif", 1))
	eq("elseif clause", ifs.Clauses[1].Pos, at("elseif", 1))
	eq("elseif block end", ifs.Clauses[1].Body.End, at("else ", 1))
	eq("else block end", ifs.Else.End, at("end", 2))
	as := ifs.Else.Stmts[0].(*ast.AssignStmt)
	eq("assign", as.Pos, at("= -", 1))
	eq("assign start", as.Start(), at("w =", 1))
	un := as.Exprs[0].(*ast.UnaryExpr)
	eq("unary", un.Pos, at("-{", 1))
	tbl := un.X.(*ast.TableExpr)
	eq("table", tbl.Pos, at("{k", 1))
	eq("table end", tbl.End, at("} end", 1))
	eq("field key", tbl.Fields[0].Key.(*ast.StringExpr).Pos, at("k =", 1))
	eq("paren", tbl.Fields[0].Value.(*ast.ParenExpr).Pos, at("(v)", 1))

	nf := st[3].(*ast.NumericForStmt)
	eq("for", nf.Pos, at("for", 1))
	eq("for var", nf.Var.Pos, at("i =", 1))
	eq("for do", nf.DoPos, at("do", 1))
	eq("for body end", nf.Body.End, at("end", 3))
	if nf.Step != nil {
		t.Error("step")
	}

	// The reference takes linedefined of function expressions and local
	// functions from the token after 'function' or after the name.
	fe := st[4].(*ast.LocalStmt).Exprs[0].(*ast.FunctionExpr)
	eq("function expr", fe.Pos, at("(q)", 1))
	eq("function expr end", fe.End, at("end", 4))
	lf := st[5].(*ast.LocalFunctionStmt)
	eq("local function", lf.Pos, at("local function", 1))
	eq("local function name", lf.Name.Pos, at("g ", 1))
	eq("local function func", lf.Func.Pos, at("() end", 1))
}

// TestLinedefined checks that the line a function starts on is the one the
// reference records (debug.getinfo(f).linedefined).
func TestLinedefined(t *testing.T) {
	src := "local f = function\n()\nend\nlocal function g\n()\nend\nfunction h\n()\nend\n"
	c, err := Parse("=x", src)
	if err != nil {
		t.Fatal(err)
	}
	lines := []int{
		c.File.Line(c.Block.Stmts[0].(*ast.LocalStmt).Exprs[0].(*ast.FunctionExpr).Pos),
		c.File.Line(c.Block.Stmts[1].(*ast.LocalFunctionStmt).Func.Pos),
		c.File.Line(c.Block.Stmts[2].(*ast.FunctionStmt).Func.Pos),
	}
	want := []int{2, 5, 7} // from lua5.4
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("function %d: line %d, want %d", i, lines[i], want[i])
		}
	}
}

// TestTree spot-checks node shapes the printer does not show.
func TestTree(t *testing.T) {
	c, err := Parse("=x", "local a <close>, b = 1; x, y.z = ...; f() ; ::l:: goto l; break; return")
	if err != nil {
		t.Fatal(err)
	}
	st := c.Block.Stmts
	if len(st) != 7 {
		t.Fatalf("%d statements", len(st))
	}
	loc := st[0].(*ast.LocalStmt)
	if loc.Names[0].Attrib != "close" || loc.Names[1].Attrib != "" || len(loc.Exprs) != 1 {
		t.Error("local")
	}
	as := st[1].(*ast.AssignStmt)
	if len(as.Targets) != 2 || len(as.Exprs) != 1 {
		t.Error("assign")
	}
	if _, ok := st[2].(*ast.CallStmt).Call.(*ast.CallExpr); !ok {
		t.Error("call")
	}
	if st[3].(*ast.LabelStmt).Name != "l" || st[4].(*ast.GotoStmt).Label != "l" {
		t.Error("label/goto")
	}
	if _, ok := st[5].(*ast.BreakStmt); !ok {
		t.Error("break")
	}
	if r := st[6].(*ast.ReturnStmt); r.Exprs != nil {
		t.Error("return")
	}
	// Names are interned: equal names share storage.
	c, _ = Parse("=x", "abc = abc")
	as = c.Block.Stmts[0].(*ast.AssignStmt)
	n1, n2 := as.Targets[0].(*ast.NameExpr).Name, as.Exprs[0].(*ast.NameExpr).Name
	if n1 != "abc" || unsafeData(n1) != unsafeData(n2) {
		t.Error("names not interned")
	}
	// Lists are capped: appending to one does not overwrite another.
	c, _ = Parse("=x", "f(1) g(2)")
	a1 := c.Block.Stmts[0].(*ast.CallStmt).Call.(*ast.CallExpr).Args
	a2 := c.Block.Stmts[1].(*ast.CallStmt).Call.(*ast.CallExpr).Args
	_ = append(a1, &ast.NilExpr{})
	if a2[0].(*ast.NumberExpr).Int != 2 {
		t.Error("argument lists share backing store")
	}
}
