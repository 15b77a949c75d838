package mutate

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// Generate lists every mutant of the package's non-test files, in source
// order. Mutants the harness can show to be equivalent are included with
// status Equivalent and the reason in Detail; the rest are Pending.
func (p *Package) Generate() []*Mutant {
	var all []*Mutant
	seen := map[string]bool{}
	for _, f := range p.Files {
		g := &generator{pkg: p, file: f, tf: p.Fset.File(f.AST.Pos())}
		for _, d := range f.AST.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			g.fn = funcName(fd)
			g.earlyReturn(fd)
			g.walk(fd.Body)
		}
		for _, m := range g.out {
			key := fmt.Sprintf("%d:%d:%s", m.start, m.end, m.repl)
			if seen[f.Path+key] {
				continue
			}
			seen[f.Path+key] = true
			g.classify(m)
			all = append(all, m)
		}
	}
	return all
}

// generator walks one file.
type generator struct {
	pkg  *Package
	file *File
	tf   *token.File
	fn   string
	out  []*Mutant
	// byte ranges whose mutants are equivalent, with the reason
	equiv []equivRange
}

type equivRange struct {
	start, end int
	why        string
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

func (g *generator) off(p token.Pos) int { return g.tf.Offset(p) }

func (g *generator) text(n ast.Node) string {
	return string(g.file.Src[g.off(n.Pos()):g.off(n.End())])
}

// add records a mutant replacing [from, to) with repl; at is the node
// whose line the report names and whose coverage decides if it ran.
func (g *generator) add(op string, at ast.Node, from, to token.Pos, repl, change string) *Mutant {
	pos := g.pkg.Fset.Position(at.Pos())
	m := &Mutant{
		Package: g.pkg.ImportPath, File: g.file.Path, Line: pos.Line, Col: pos.Column,
		Func: g.fn, Op: op, Change: change, Status: Pending,
		file: g.file, start: g.off(from), end: g.off(to), repl: repl, at: at.Pos(),
	}
	g.out = append(g.out, m)
	return m
}

func (g *generator) markEquiv(n ast.Node, why string) {
	g.equiv = append(g.equiv, equivRange{g.off(n.Pos()), g.off(n.End()), why})
}

// classify marks a mutant equivalent when it lies in a range the walk
// showed to be equivalent (unreachable code, capacity hints).
func (g *generator) classify(m *Mutant) {
	if m.Status != Pending {
		return
	}
	for _, r := range g.equiv {
		if m.start >= r.start && m.end <= r.end {
			m.Status, m.Detail = Equivalent, r.why
			return
		}
	}
}

func (g *generator) walk(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BlockStmt:
			g.stmts(x.List)
		case *ast.CaseClause:
			g.stmts(x.Body)
		case *ast.CommClause:
			g.stmts(x.Body)
		case *ast.BinaryExpr:
			g.binary(x)
		case *ast.IfStmt:
			g.negate(x.Cond)
			g.errCheck(x)
		case *ast.ForStmt:
			if x.Cond != nil {
				g.negate(x.Cond)
			}
		case *ast.BasicLit:
			g.intConst(x)
		case *ast.Ident:
			g.boolConst(x)
		case *ast.CallExpr:
			g.call(x)
		case *ast.ArrayType:
			if x.Len != nil {
				g.markEquiv(x.Len, "array length in a type")
			}
		}
		return true
	})
}

var flips = map[token.Token]struct {
	to token.Token
	op string
}{
	token.LSS:  {token.LEQ, OpBoundary},
	token.LEQ:  {token.LSS, OpBoundary},
	token.GTR:  {token.GEQ, OpBoundary},
	token.GEQ:  {token.GTR, OpBoundary},
	token.EQL:  {token.NEQ, OpNegateCmp},
	token.NEQ:  {token.EQL, OpNegateCmp},
	token.LAND: {token.LOR, OpLogic},
	token.LOR:  {token.LAND, OpLogic},
}

func (g *generator) binary(x *ast.BinaryExpr) {
	f, ok := flips[x.Op]
	if !ok {
		return
	}
	end := x.OpPos + token.Pos(len(x.Op.String()))
	m := g.add(f.op, x, x.OpPos, end, f.to.String(), fmt.Sprintf("%s → %s", x.Op, f.to))
	if why := g.sameOnNonNegative(x, f.to); why != "" {
		m.Status, m.Detail = Equivalent, why
	}
}

// sameOnNonNegative shows a comparison flip equivalent when one operand
// can never be negative (len, cap, an unsigned integer) and the other is
// a constant, and the two operators agree on every value that operand
// can take. Above c+1 every comparison with c answers as at c+1, so
// checking 0…c+1 is exhaustive.
func (g *generator) sameOnNonNegative(x *ast.BinaryExpr, to token.Token) string {
	op := x.Op
	v, c := x.X, x.Y
	if g.constInt(v) != nil {
		v, c = c, v
		op, to = mirror(op), mirror(to)
	}
	cv := g.constInt(c)
	if cv == nil || !g.nonNegative(v) {
		return ""
	}
	k, exact := constant.Int64Val(*cv)
	if !exact || k > 1<<20 {
		return ""
	}
	for i := int64(0); i <= max(k, 0)+1; i++ {
		if compare(op, i, k) != compare(to, i, k) {
			return ""
		}
	}
	return fmt.Sprintf("%s is never negative: %s and %s agree on every value it can take", short(g.text(v), 30), op, to)
}

func mirror(t token.Token) token.Token {
	switch t {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return t
}

func compare(op token.Token, a, b int64) bool {
	switch op {
	case token.LSS:
		return a < b
	case token.LEQ:
		return a <= b
	case token.GTR:
		return a > b
	case token.GEQ:
		return a >= b
	case token.EQL:
		return a == b
	case token.NEQ:
		return a != b
	}
	return false
}

func (g *generator) constInt(e ast.Expr) *constant.Value {
	tv, ok := g.pkg.Info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return nil
	}
	return &tv.Value
}

func (g *generator) nonNegative(e ast.Expr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := g.pkg.Info.Uses[id].(*types.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
				return true
			}
		}
	}
	if tv, ok := g.pkg.Info.Types[e]; ok {
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsUnsigned != 0 {
			return true
		}
	}
	return false
}

// negate turns a condition into its negation. Equality tests are left to
// negate-cmp (the same change), and `!c` becomes `c`.
func (g *generator) negate(cond ast.Expr) {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if c.Op == token.EQL || c.Op == token.NEQ {
			return
		}
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			g.add(OpNegateCond, cond, cond.Pos(), cond.End(), g.text(c.X), "remove ! from "+short(g.text(cond), 40))
			return
		}
	}
	g.add(OpNegateCond, cond, cond.Pos(), cond.End(), "!("+g.text(cond)+")", "negate "+short(g.text(cond), 40))
}

// errCheck makes `if err != nil { … }` (no else) never taken: the
// change a forgotten error check is.
func (g *generator) errCheck(s *ast.IfStmt) {
	if s.Else != nil {
		return
	}
	b, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ || !g.isNil(b.Y) || !g.isError(b.X) {
		return
	}
	g.add(OpDropErr, s, s.Cond.Pos(), s.Cond.End(), "false", "drop check "+short(g.text(s.Cond), 40))
}

func (g *generator) isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && g.pkg.Info.Uses[id] == types.Universe.Lookup("nil")
}

var errorType = types.Universe.Lookup("error").Type()

func (g *generator) isError(e ast.Expr) bool {
	tv, ok := g.pkg.Info.Types[e]
	return ok && tv.Type != nil && types.IsInterface(tv.Type) && types.Implements(tv.Type, errorType.Underlying().(*types.Interface))
}

func (g *generator) intConst(lit *ast.BasicLit) {
	if lit.Kind != token.INT {
		return
	}
	v := g.constInt(lit)
	if v == nil {
		return
	}
	next := constant.BinaryOp(*v, token.ADD, constant.MakeInt64(1))
	g.add(OpConst, lit, lit.Pos(), lit.End(), next.ExactString(), fmt.Sprintf("%s → %s", lit.Value, next.ExactString()))
}

func (g *generator) boolConst(id *ast.Ident) {
	obj := g.pkg.Info.Uses[id]
	switch obj {
	case types.Universe.Lookup("true"):
		g.add(OpConst, id, id.Pos(), id.End(), "false", "true → false")
	case types.Universe.Lookup("false"):
		g.add(OpConst, id, id.Pos(), id.End(), "true", "false → true")
	}
}

// call swaps adjacent arguments of identical type, and marks capacity
// hints (make's capacity, Grow) equivalent.
func (g *generator) call(call *ast.CallExpr) {
	if tv, ok := g.pkg.Info.Types[call.Fun]; ok && tv.IsType() {
		return // a conversion
	}
	switch name := g.callee(call); name {
	case "make":
		if t, ok := g.pkg.Info.Types[call]; ok {
			switch t.Type.Underlying().(type) {
			case *types.Slice:
				if len(call.Args) == 3 {
					g.markEquiv(call.Args[2], "capacity hint of make")
				}
			case *types.Map:
				if len(call.Args) == 2 {
					g.markEquiv(call.Args[1], "size hint of make")
				}
			}
		}
	case "(*strings.Builder).Grow", "(*bytes.Buffer).Grow", "slices.Grow":
		for _, a := range call.Args[len(call.Args)-1:] {
			g.markEquiv(a, "capacity hint of "+name)
		}
	case "min", "max":
		return // commutative
	}
	for i := 0; i+1 < len(call.Args); i++ {
		a, b := call.Args[i], call.Args[i+1]
		ta, tb := g.pkg.Info.Types[a], g.pkg.Info.Types[b]
		if ta.Type == nil || tb.Type == nil || !types.Identical(ta.Type, tb.Type) {
			continue
		}
		at, bt := g.text(a), g.text(b)
		if at == bt || (ta.Value != nil && tb.Value != nil && constant.Compare(ta.Value, token.EQL, tb.Value)) {
			continue
		}
		if g.isFormat(call, ta) || g.isFormat(call, tb) {
			continue // go vet (run by go test and CI) rejects a format string moved off its place
		}
		between := string(g.file.Src[g.off(a.End()):g.off(b.Pos())])
		g.add(OpSwapArgs, a, a.Pos(), b.End(), bt+between+at, fmt.Sprintf("swap %s, %s", short(at, 25), short(bt, 25)))
	}
}

// isFormat reports whether an argument is the format string of a
// printf-like call: a constant string with a verb, passed to a function
// whose name ends in "f" (Errorf, Sprintf, Fatalf, L.Errorf).
func (g *generator) isFormat(call *ast.CallExpr, tv types.TypeAndValue) bool {
	if tv.Value == nil || tv.Value.Kind() != constant.String || !strings.Contains(constant.StringVal(tv.Value), "%") {
		return false
	}
	var name string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	}
	return strings.HasSuffix(name, "f")
}

// callee names a call's function: a builtin's name, or a function's or
// method's full name ("(*strings.Builder).Grow", "slices.Grow").
func (g *generator) callee(call *ast.CallExpr) string {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.IndexExpr:
		if s, ok := f.X.(*ast.SelectorExpr); ok {
			id = s.Sel
		} else if i, ok := f.X.(*ast.Ident); ok {
			id = i
		}
	}
	if id == nil {
		return ""
	}
	switch o := g.pkg.Info.Uses[id].(type) {
	case *types.Builtin:
		return o.Name()
	case *types.Func:
		return o.FullName()
	}
	return ""
}

// stmts drops each droppable statement of a list, and marks what follows
// a terminating statement unreachable.
func (g *generator) stmts(list []ast.Stmt) {
	for i, s := range list {
		if g.terminates(s) {
			for _, rest := range list[i+1:] {
				if _, ok := rest.(*ast.LabeledStmt); ok {
					break // a goto may reach it
				}
				g.markEquiv(rest, "unreachable: follows "+short(g.text(s), 30))
			}
		}
		switch x := s.(type) {
		case *ast.ExprStmt:
			if _, ok := ast.Unparen(x.X).(*ast.CallExpr); !ok {
				if u, ok := ast.Unparen(x.X).(*ast.UnaryExpr); !ok || u.Op != token.ARROW {
					continue
				}
			}
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE {
				continue
			}
		case *ast.IncDecStmt, *ast.DeferStmt, *ast.GoStmt, *ast.SendStmt:
		default:
			continue
		}
		m := g.add(OpDropStmt, s, s.Pos(), s.End(), "", "drop "+short(g.text(s), 50))
		if why := g.pureStmt(s); why != "" {
			m.Status, m.Detail = Equivalent, why
		}
	}
}

// pureStmt shows a statement has no effect worth a test: `_ = x` of a
// plain name, or a capacity hint.
func (g *generator) pureStmt(s ast.Stmt) string {
	switch x := s.(type) {
	case *ast.AssignStmt:
		for _, l := range x.Lhs {
			if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
				return ""
			}
		}
		for _, r := range x.Rhs {
			switch ast.Unparen(r).(type) {
			case *ast.Ident, *ast.BasicLit:
			default:
				return ""
			}
		}
		return "assignment to _ of a plain value"
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(x.X).(*ast.CallExpr); ok {
			switch name := g.callee(call); name {
			case "(*strings.Builder).Grow", "(*bytes.Buffer).Grow":
				return "capacity hint " + name
			}
		}
	}
	return ""
}

func (g *generator) terminates(s ast.Stmt) bool {
	switch x := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return x.Tok != token.FALLTHROUGH
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(x.X).(*ast.CallExpr); ok {
			return g.callee(call) == "panic"
		}
	}
	return false
}

// earlyReturn returns before a function's first statement: zero values
// for unnamed results (`*new(T)` works for any T), the named results as
// they stand otherwise.
func (g *generator) earlyReturn(fd *ast.FuncDecl) {
	body := fd.Body
	if len(body.List) == 0 {
		return
	}
	if _, ok := body.List[0].(*ast.ReturnStmt); ok {
		return
	}
	ret := "return"
	if res := fd.Type.Results; res != nil && len(res.List) > 0 && len(res.List[0].Names) == 0 {
		var zeros []string
		for _, f := range res.List {
			zeros = append(zeros, "*new("+g.text(f.Type)+")")
		}
		ret += " " + strings.Join(zeros, ", ")
	}
	at := body.List[0]
	pos := g.pkg.Fset.Position(fd.Pos())
	m := g.add(OpEarlyReturn, at, body.Lbrace+1, body.Lbrace+1, " "+ret+"; ", "return at the start of "+g.fn)
	m.Line, m.Col = pos.Line, pos.Column
}
