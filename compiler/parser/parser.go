// Package parser builds the syntax tree of a Lua 5.4 chunk (manual §3.2-3.4,
// §9).
//
// It is a recursive-descent parser with one token of look-ahead (two in
// table constructors), and it reads tokens in exactly the order the
// reference parser does, so that when a source has several errors the one
// reported is the one the reference reports, with the same line, message
// and "near" text. Errors abort the parse through a panic that Parse
// recovers; the hot path never checks an error value.
//
// Checks that need scopes (goto and labels, assignment to <const>
// variables, 'break' outside a loop, limits on upvalues and registers)
// belong to the code generator; when a chunk also has a syntax error,
// Recover gives it the tree of what precedes that error, so that the
// error reported is the one the reference reaches first.
package parser

import (
	"math"
	"strconv"
	"sync"

	"panto/compiler/ast"
	"panto/compiler/lexer"
	"panto/diag"
)

// maxCCalls is the reference's LUAI_MAXCCALLS: the limit on nested C calls
// and parser levels together.
const maxCCalls = 200

// DefaultCCalls is the number of C levels the reference has already used
// when a script run by the standalone interpreter calls load: with it the
// parser accepts exactly the nesting the reference accepts there (196
// nested parentheses in "x = (((...)))", 197 nested 'do' blocks).
const DefaultCCalls = 2

// MaxSource is the largest source Parse accepts: positions are int32.
const MaxSource = math.MaxInt32

// Parse parses one chunk. name is the chunk name as given to load
// ("@file.lua", "=stdin", or the source text itself); src is the source
// (a leading "#..." line is not skipped here: loaders do that). The error,
// when not nil, is a *diag.Diagnostic with the reference's message; its
// LuaMessage(name) is what load reports.
func Parse(name, src string) (*ast.Chunk, error) {
	return ParseDepth(name, src, DefaultCCalls)
}

// ParseDepth is Parse for a caller that has already used cCalls of the
// reference's 200 C levels (nested calls count as the reference counts them:
// 1 for luac, 2 for load from a main chunk, one more inside each pcall).
// Every syntactic nesting level (statement, subexpression, assignment
// target) uses one more, and reaching 200 fails with "C stack overflow".
// That bound is also what keeps the recursion off the Go stack's limits.
func ParseDepth(name, src string, cCalls int) (chunk *ast.Chunk, err error) {
	if len(src) > MaxSource {
		return nil, &diag.Diagnostic{File: diag.FileName(name), Message: "chunk too large"}
	}
	p := parserPool.Get().(*parser)
	p.name, p.src, p.limit = name, src, maxCCalls-cCalls
	if p.limit < 1 {
		p.limit = 1
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			chunk, err = nil, p.err
		}
		p.release()
	}()
	p.lx.Init(name, src)
	p.t = &p.lx.Tok
	p.next()
	p.vararg = true // the main function is always a vararg function
	b := p.block()
	p.check(lexer.EOF)
	return &ast.Chunk{File: p.lx.File(), Block: b, Last: ast.Pos(max(p.lastEnd-1, 0)), Close: b.End}, nil
}

// parserPool keeps parsers between calls for their intern table and
// scratch stacks; nothing that ends up in a tree comes from pooled memory.
var parserPool = sync.Pool{New: func() any { return new(parser) }}

// release drops every reference into the finished tree and source and
// returns p to the pool.
func (p *parser) release() {
	clear(p.stmts[:cap(p.stmts)])
	clear(p.exprs[:cap(p.exprs)])
	*p = parser{lx: p.lx, stmts: p.stmts[:0], exprs: p.exprs[:0]}
	p.lx.Init("", "")
	parserPool.Put(p)
}

// bailout is the panic value that carries a syntax error out of the
// recursion; p.err holds the error itself.
type bailout struct{}

type parser struct {
	// lastEnd is the end of the last token consumed: the reference
	// attributes a chunk's final return to that token's line.
	lastEnd int
	// recovering is set for Recover's parse, which does not stop at the
	// first error: stopped is set there and the parse finishes the tree
	// with what it has, reading no more tokens; stopAt is the token the
	// reference stands on when it reports that error.
	recovering, stopped bool
	stopAt              int
	lx                  lexer.Lexer
	t                   *lexer.Token // &lx.Tok, the current token
	name                string
	src                 string
	level               int  // current nesting level
	limit               int  // level at which the reference overflows
	vararg              bool // the function being parsed is a vararg function
	err                 *diag.Diagnostic
	// nlocals counts the local variables declared in the open blocks of
	// the function being parsed (for loops' hidden ones included), and
	// fnPos is where its first line is taken from (0 for the main chunk,
	// else 1 + the offset): the reference checks the limit on locals while
	// it parses, at each declaration, so that error comes before any later
	// syntax error.
	nlocals, fnPos int
	n              nodes

	// Scratch stacks: lists are gathered here and copied out at their exact
	// length, so a list costs one allocation however it grows.
	stmts []ast.Stmt
	exprs []ast.Expr
}

// line returns the line of offset pos as the reference counts it.
func (p *parser) line(pos int) int { return p.lx.File().Line(ast.Pos(pos)) }

// fail aborts the parse with an error on the line of offset linePos; the
// column is that of offset colPos.
func (p *parser) fail(linePos, colPos int, msg, near string) {
	if p.recovering {
		p.stop(p.t.Pos)
		return
	}
	p.err = p.lx.Diagnostic(linePos, colPos, msg, near)
	panic(bailout{})
}

// lexError aborts the parse with the lexer's error, found while reading
// the token after the one at offset at.
func (p *parser) lexError(at int) {
	if p.recovering {
		p.stop(at)
		return
	}
	p.err = p.lx.Err
	panic(bailout{})
}

// syntaxError reports msg near the current token. The reference's line is
// that of the end of the current token: it has read the token and nothing
// more.
func (p *parser) syntaxError(msg string) {
	p.fail(p.t.End, p.t.Pos, msg, p.lx.TokenText(p.t))
}

// semError reports msg without "near" (the reference's luaK_semerror).
func (p *parser) semError(msg string) {
	p.fail(p.t.End, p.t.Pos, msg, "")
}

func (p *parser) errorExpected(k lexer.Kind) {
	p.syntaxError(k.String() + " expected")
}

func (p *parser) next() {
	if p.stopped {
		return
	}
	p.lastEnd = p.t.End
	at := p.t.Pos
	p.lx.Next()
	if p.t.Kind == lexer.Illegal {
		p.lexError(at)
	}
}

func (p *parser) check(k lexer.Kind) {
	if p.t.Kind != k {
		p.errorExpected(k)
	}
}

func (p *parser) checkNext(k lexer.Kind) {
	if p.t.Kind != k {
		p.errorExpected(k)
	}
	p.next()
}

func (p *parser) testNext(k lexer.Kind) bool {
	if p.t.Kind == k {
		p.next()
		return true
	}
	return false
}

// checkMatch expects the token closing a construct opened by who at offset
// openPos; when they are on different lines the message says which opener
// it is missing for.
func (p *parser) checkMatch(what, who lexer.Kind, openPos int) {
	if p.t.Kind == what {
		p.next()
		return
	}
	line := p.line(openPos)
	if line == p.line(p.t.End) {
		p.errorExpected(what)
	}
	p.syntaxError(what.String() + " expected (to close " + who.String() + " at line " + strconv.Itoa(line) + ")")
}

// checkName expects a name and returns it with its position.
func (p *parser) checkName() (string, ast.Pos) {
	if p.t.Kind != lexer.Name {
		p.errorExpected(lexer.Name)
	}
	s, pos := p.t.Str, ast.Pos(p.t.Pos)
	p.next()
	return s, pos
}

// enter counts one nesting level where the reference counts one C level.
func (p *parser) enter() {
	p.level++
	if p.level >= p.limit && !p.stopped {
		if p.recovering {
			p.stop(p.t.Pos)
			return
		}
		p.err = &diag.Diagnostic{File: diag.FileName(p.name), Message: "C stack overflow"}
		panic(bailout{})
	}
}

func (p *parser) leave() { p.level-- }

func (p *parser) pos() ast.Pos { return ast.Pos(p.t.Pos) }

// blockFollow reports whether the current token ends a block.
func (p *parser) blockFollow(withUntil bool) bool {
	switch p.t.Kind {
	case lexer.Else, lexer.Elseif, lexer.End, lexer.EOF:
		return true
	case lexer.Until:
		return withUntil
	}
	return false
}

func (p *parser) popStmts(mark int) []ast.Stmt {
	n := len(p.stmts) - mark
	if n == 0 {
		return nil
	}
	s := p.n.stmtLists.make(n)
	copy(s, p.stmts[mark:])
	clear(p.stmts[mark:])
	p.stmts = p.stmts[:mark]
	return s
}

func (p *parser) popExprs(mark int) []ast.Expr {
	n := len(p.exprs) - mark
	if n == 0 {
		return nil
	}
	s := p.n.exprLists.make(n)
	copy(s, p.exprs[mark:])
	clear(p.exprs[mark:])
	p.exprs = p.exprs[:mark]
	return s
}

// ---------------------------------------------------------------------------
// Blocks and statements

// block parses statements up to a block-closing token, which it leaves
// unconsumed; the block's End is that token.
func (p *parser) block() *ast.Block {
	b := p.n.blocks.alloc()
	b.Pos = p.pos()
	mark := len(p.stmts)
	nlocals := p.nlocals
	p.statList()
	p.nlocals = nlocals
	b.Stmts = p.popStmts(mark)
	b.Last = ast.Pos(max(p.lastEnd-1, 0))
	b.End = p.pos()
	return b
}

// maxLocals is the reference's MAXVARS: local variables declared at once
// in one function.
const maxLocals = 200

// declare counts n local variables declared now, the name just read, and
// raises the reference's limit error near the current token, as its
// new_localvar does, when they are too many.
func (p *parser) declare(n int) {
	for ; n > 0; n-- {
		p.nlocals++
		if p.nlocals > maxLocals {
			where := "main function"
			if p.fnPos > 0 {
				where = "function at line " + strconv.Itoa(p.line(p.fnPos-1))
			}
			p.syntaxError("too many local variables (limit is " + strconv.Itoa(maxLocals) + ") in " + where)
		}
	}
}

func (p *parser) statList() {
	for !p.blockFollow(true) {
		if p.t.Kind == lexer.Return {
			p.statement()
			return // 'return' must be the last statement
		}
		p.statement()
	}
}

// statement parses one statement and pushes its node(s) on p.stmts.
func (p *parser) statement() {
	p.enter()
	switch p.t.Kind {
	case lexer.Semi:
		p.next()
	case lexer.If:
		p.ifStat()
	case lexer.While:
		pos := p.t.Pos
		p.next()
		cond := p.expr()
		p.checkNext(lexer.Do)
		body := p.block()
		p.checkMatch(lexer.End, lexer.While, pos)
		p.push(&ast.WhileStmt{Pos: ast.Pos(pos), Cond: cond, Body: body})
	case lexer.Do:
		pos := p.t.Pos
		p.next()
		body := p.block()
		p.checkMatch(lexer.End, lexer.Do, pos)
		p.push(&ast.DoStmt{Pos: ast.Pos(pos), Body: body})
	case lexer.For:
		p.forStat()
	case lexer.Repeat:
		pos := p.t.Pos
		p.next()
		body := p.block()
		p.checkMatch(lexer.Until, lexer.Repeat, pos)
		cond := p.expr()
		p.push(&ast.RepeatStmt{Pos: ast.Pos(pos), Body: body, Cond: cond})
	case lexer.Function:
		p.funcStat()
	case lexer.Local:
		pos := p.pos()
		p.next()
		if p.testNext(lexer.Function) {
			p.localFunc(pos)
		} else {
			p.localStat(pos)
		}
	case lexer.DColon:
		pos := p.pos()
		p.next()
		name, _ := p.checkName()
		p.checkNext(lexer.DColon)
		p.push(&ast.LabelStmt{Pos: pos, Name: name})
		// Like the reference, take the no-op statements that follow a
		// label as part of it (each one a nesting level deeper).
		for p.t.Kind == lexer.Semi || p.t.Kind == lexer.DColon {
			p.statement()
		}
	case lexer.Return:
		pos := p.pos()
		p.next()
		var exprs []ast.Expr
		if !p.blockFollow(true) && p.t.Kind != lexer.Semi {
			exprs = p.exprList()
		}
		p.testNext(lexer.Semi)
		r := p.n.rets.alloc()
		r.Pos, r.Exprs = pos, exprs
		p.push(r)
	case lexer.Break:
		p.push(&ast.BreakStmt{Pos: p.pos()})
		p.next()
	case lexer.Goto:
		pos := p.pos()
		p.next()
		name, _ := p.checkName()
		p.push(&ast.GotoStmt{Pos: pos, Label: name})
	default:
		p.exprStat()
	}
	p.leave()
}

func (p *parser) push(s ast.Stmt) { p.stmts = append(p.stmts, s) }

func (p *parser) ifStat() {
	s := p.n.ifs.alloc()
	s.Pos = p.pos()
	var clauses [4]*ast.IfClause
	cl := clauses[:0]
	cl = append(cl, p.thenBlock())
	for p.t.Kind == lexer.Elseif {
		cl = append(cl, p.thenBlock())
	}
	s.Clauses = append([]*ast.IfClause(nil), cl...)
	if p.testNext(lexer.Else) {
		s.Else = p.block()
	}
	p.checkMatch(lexer.End, lexer.If, int(s.Pos))
	p.push(s)
}

// thenBlock parses [if|elseif] cond 'then' block.
func (p *parser) thenBlock() *ast.IfClause {
	c := p.n.clauses.alloc()
	c.Pos = p.pos()
	p.next()
	c.Cond = p.expr()
	p.checkNext(lexer.Then)
	c.Then = ast.Pos(max(p.lastEnd-1, 0))
	if p.stopped {
		c.Then = p.beyond()
	}
	b := p.n.blocks.alloc()
	b.Pos = p.pos()
	mark := len(p.stmts)
	nlocals := p.nlocals
	if p.t.Kind == lexer.Break {
		// The reference compiles "if c then break" as a conditional jump
		// and reads the 'break' and any ';' after it without entering a
		// statement, which matters only for the nesting count.
		p.push(&ast.BreakStmt{Pos: p.pos()})
		p.next()
		for p.testNext(lexer.Semi) {
		}
		if !p.blockFollow(false) {
			p.statList()
		}
	} else {
		p.statList()
	}
	p.nlocals = nlocals
	b.Stmts = p.popStmts(mark)
	b.Last = ast.Pos(max(p.lastEnd-1, 0))
	b.End = p.pos()
	c.Body = b
	return c
}

func (p *parser) forStat() {
	pos := p.t.Pos
	p.next()
	name, npos := p.checkName()
	nlocals := p.nlocals
	defer func() { p.nlocals = nlocals }()
	switch p.t.Kind {
	case lexer.Assign:
		p.declare(4) // three hidden control variables, and the variable
		s := &ast.NumericForStmt{Pos: ast.Pos(pos), Var: &ast.Param{Pos: npos, Name: name}}
		p.next()
		s.Init = p.expr()
		p.checkNext(lexer.Comma)
		s.Limit = p.expr()
		if p.testNext(lexer.Comma) {
			s.Step = p.expr()
		}
		s.DoPos = p.pos()
		p.checkNext(lexer.Do)
		if p.stopped {
			s.DoPos = p.beyond()
		}
		s.Body = p.block()
		p.checkMatch(lexer.End, lexer.For, pos)
		p.push(s)
	case lexer.Comma, lexer.In:
		p.declare(5) // four hidden control variables, and the first name
		s := &ast.GenericForStmt{Pos: ast.Pos(pos)}
		names := []*ast.Param{{Pos: npos, Name: name}}
		for p.testNext(lexer.Comma) {
			n, np := p.checkName()
			p.declare(1)
			names = append(names, &ast.Param{Pos: np, Name: n})
		}
		s.Names = names
		p.checkNext(lexer.In)
		s.Exprs = p.exprList()
		s.DoPos = p.pos()
		p.checkNext(lexer.Do)
		if p.stopped {
			s.DoPos = p.beyond()
		}
		s.Body = p.block()
		p.checkMatch(lexer.End, lexer.For, pos)
		p.push(s)
	default:
		p.syntaxError("'=' or 'in' expected")
		p.placeholder(ast.Pos(pos), nil)
	}
}

func (p *parser) funcStat() {
	pos := p.t.Pos
	p.next()
	name, npos := p.checkName()
	var target ast.Expr = p.nameExpr(npos, name)
	for p.t.Kind == lexer.Dot {
		target = p.fieldSel(target)
	}
	isMethod := p.t.Kind == lexer.Colon
	if isMethod {
		target = p.fieldSel(target)
	}
	f := p.body(isMethod, pos)
	p.push(&ast.FunctionStmt{Pos: ast.Pos(pos), Target: target, IsMethod: isMethod, Func: f})
}

// fieldSel parses '.' Name or ':' Name after obj.
func (p *parser) fieldSel(obj ast.Expr) ast.Expr {
	pos := p.pos()
	p.next()
	name, npos := p.checkName()
	x := p.n.index.alloc()
	x.Pos, x.Close, x.Obj, x.Key = pos, npos, obj, p.strExpr(npos, npos+ast.Pos(len(name)), name)
	return x
}

func (p *parser) localFunc(pos ast.Pos) {
	name, npos := p.checkName()
	p.declare(1)
	// The reference takes the function's line (linedefined, and the line in
	// "to close 'function' at line N") from the token after the name.
	f := p.body(false, p.t.Pos)
	p.push(&ast.LocalFunctionStmt{Pos: pos, Name: &ast.Param{Pos: npos, Name: name}, Func: f})
}

func (p *parser) localStat(pos ast.Pos) {
	s := p.n.locals.alloc()
	s.Pos = pos
	hasClose := false
	var names [8]*ast.LocalName
	list := names[:0]
	for {
		name, npos := p.checkName()
		p.declare(1)
		ln := p.n.lnames.alloc()
		ln.Pos, ln.Name = npos, name
		if p.testNext(lexer.Lt) {
			attr, _ := p.checkName()
			p.checkNext(lexer.Gt)
			switch attr {
			case "const":
			case "close":
				if hasClose {
					p.semError("multiple to-be-closed variables in local list")
				}
				hasClose = true
			default:
				p.semError("unknown attribute '" + attr + "'")
			}
			ln.Attrib = attr
		}
		list = append(list, ln)
		if !p.testNext(lexer.Comma) {
			break
		}
	}
	s.Names = p.n.nameLists.make(len(list))
	copy(s.Names, list)
	if p.testNext(lexer.Assign) {
		s.Exprs = p.exprList()
	}
	p.push(s)
}

// exprStat parses an assignment or a call statement.
func (p *parser) exprStat() {
	start := p.pos()
	e := p.suffixedExp()
	if p.t.Kind != lexer.Assign && p.t.Kind != lexer.Comma {
		switch e.(type) {
		case *ast.CallExpr, *ast.MethodCallExpr:
			cs := p.n.callSt.alloc()
			cs.Call = e
			p.push(cs)
			return
		}
		p.syntaxError("syntax error")
		p.placeholder(start, []ast.Expr{e})
		return
	}
	p.checkAssignable(e)
	mark := len(p.exprs)
	p.exprs = append(p.exprs, e)
	extra := 0
	for p.testNext(lexer.Comma) {
		t := p.suffixedExp()
		// The reference recurses once per extra target.
		p.enter()
		extra++
		p.checkAssignable(t)
		p.exprs = append(p.exprs, t)
	}
	pos := p.pos()
	p.checkNext(lexer.Assign)
	targets := p.popExprs(mark)
	if p.stopped && !assignable(targets) {
		// The reference checks each target as it reads the next: keep
		// those before the one the error cut short.
		p.level -= extra
		n := 0
		for n < len(targets) && assignable(targets[n:n+1]) {
			n++
		}
		if n == 0 {
			p.placeholder(start, targets)
			return
		}
		as := p.n.assigns.alloc()
		as.Pos, as.Targets, as.Exprs = p.beyond(), targets[:n], []ast.Expr{p.dummy()}
		p.push(as)
		return
	}
	exprs := p.exprList()
	p.level -= extra
	as := p.n.assigns.alloc()
	as.Pos, as.Targets, as.Exprs = pos, targets, exprs
	p.push(as)
}

func (p *parser) checkAssignable(e ast.Expr) {
	if !assignable([]ast.Expr{e}) {
		p.syntaxError("syntax error")
	}
}

func assignable(targets []ast.Expr) bool {
	for _, e := range targets {
		switch e.(type) {
		case *ast.NameExpr, *ast.IndexExpr:
		default:
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// Functions

// body parses a function body: '(' params ')' block 'end'. linePos is where
// the reference takes the function's first line from.
func (p *parser) body(isMethod bool, linePos int) *ast.FunctionExpr {
	f := p.n.funcs.alloc()
	f.Pos = ast.Pos(linePos)
	outerLocals, outerPos := p.nlocals, p.fnPos
	p.nlocals, p.fnPos = 0, linePos+1
	defer func() { p.nlocals, p.fnPos = outerLocals, outerPos }()
	p.checkNext(lexer.LParen)
	var buf [8]*ast.Param
	params := buf[:0]
	if isMethod {
		params = append(params, p.param(ast.NoPos, "self"))
		p.declare(1)
	}
	if p.t.Kind != lexer.RParen {
		for {
			switch p.t.Kind {
			case lexer.Name:
				params = append(params, p.param(p.pos(), p.t.Str))
				p.next()
				p.declare(1)
			case lexer.Dots:
				p.next()
				f.IsVararg, f.Dots = true, ast.Pos(p.lastEnd-1)
			default:
				p.syntaxError("<name> or '...' expected")
			}
			if f.IsVararg || !p.testNext(lexer.Comma) {
				break
			}
		}
	}
	if len(params) > 0 {
		f.Params = p.n.paramLists.make(len(params))
		copy(f.Params, params)
	}
	p.checkNext(lexer.RParen)
	saved := p.vararg
	p.vararg = f.IsVararg
	f.Body = p.block()
	p.vararg = saved
	f.End = p.pos()
	p.checkMatch(lexer.End, lexer.Function, linePos)
	if p.stopped {
		// The reference closes the function after its 'end'.
		f.End = p.beyond()
	}
	return f
}

// ---------------------------------------------------------------------------
// Expressions

func (p *parser) exprList() []ast.Expr {
	e := p.expr()
	if p.t.Kind != lexer.Comma {
		l := p.n.exprLists.make(1)
		l[0] = e
		return l
	}
	mark := len(p.exprs)
	p.exprs = append(p.exprs, e)
	for p.testNext(lexer.Comma) {
		p.exprs = append(p.exprs, p.expr())
	}
	return p.popExprs(mark)
}

func (p *parser) expr() ast.Expr { return p.subExpr(0) }

// Operator priorities (manual §3.4.8), as left and right binding powers: a
// right power below the left one makes the operator right-associative
// ('..' and '^'). A composite literal, laid out by the linker, where a
// closure would run in every process's initialisation (docs/benchmarks.md,
// "Start-up and memory, sixth pass").
var binPrio = [256]struct {
	op          ast.BinaryOp
	left, right uint8
}{
	lexer.Or:      {ast.OpOr, 1, 1},
	lexer.And:     {ast.OpAnd, 2, 2},
	lexer.Lt:      {ast.OpLt, 3, 3},
	lexer.Gt:      {ast.OpGt, 3, 3},
	lexer.Le:      {ast.OpLe, 3, 3},
	lexer.Ge:      {ast.OpGe, 3, 3},
	lexer.Ne:      {ast.OpNe, 3, 3},
	lexer.Eq:      {ast.OpEq, 3, 3},
	lexer.Pipe:    {ast.OpBor, 4, 4},
	lexer.Tilde:   {ast.OpBxor, 5, 5},
	lexer.Amp:     {ast.OpBand, 6, 6},
	lexer.Shl:     {ast.OpShl, 7, 7},
	lexer.Shr:     {ast.OpShr, 7, 7},
	lexer.Concat:  {ast.OpConcat, 9, 8},
	lexer.Plus:    {ast.OpAdd, 10, 10},
	lexer.Minus:   {ast.OpSub, 10, 10},
	lexer.Star:    {ast.OpMul, 11, 11},
	lexer.Slash:   {ast.OpDiv, 11, 11},
	lexer.DSlash:  {ast.OpIDiv, 11, 11},
	lexer.Percent: {ast.OpMod, 11, 11},
	lexer.Caret:   {ast.OpPow, 14, 13},
}

// unaryPrio binds unary operators tighter than everything but '^', so
// -x^2 is -(x^2) and 2^-3 is 2^(-3).
const unaryPrio = 12

// subExpr parses an expression whose binary operators all bind tighter than
// limit.
func (p *parser) subExpr(limit uint8) ast.Expr {
	p.enter()
	var e ast.Expr
	var uop ast.UnaryOp
	isUnary := true
	switch p.t.Kind {
	case lexer.Minus:
		uop = ast.OpNeg
	case lexer.Not:
		uop = ast.OpNot
	case lexer.Hash:
		uop = ast.OpLen
	case lexer.Tilde:
		uop = ast.OpBnot
	default:
		isUnary = false
	}
	if isUnary {
		u := p.n.unary.alloc()
		u.Pos, u.Op = p.pos(), uop
		p.next()
		u.X = p.subExpr(unaryPrio)
		e = u
	} else {
		e = p.simpleExp()
	}
	for {
		bp := &binPrio[p.t.Kind]
		if bp.left <= limit {
			break // also when the token is no operator (left == 0)
		}
		b := p.n.binary.alloc()
		b.Pos, b.Op, b.L = p.pos(), bp.op, e
		p.next()
		b.R = p.subExpr(bp.right)
		e = b
	}
	p.leave()
	return e
}

func (p *parser) simpleExp() ast.Expr {
	var e ast.Expr
	switch p.t.Kind {
	case lexer.Int:
		x := p.n.nums.alloc()
		x.Pos, x.Int = p.pos(), p.t.Int
		e = x
	case lexer.Float:
		x := p.n.nums.alloc()
		x.Pos, x.IsFloat, x.Float = p.pos(), true, p.t.Num
		e = x
	case lexer.String:
		e = p.strExpr(p.pos(), ast.Pos(p.t.End), p.t.Str)
	case lexer.Nil:
		x := p.n.nils.alloc()
		x.Pos = p.pos()
		e = x
	case lexer.True:
		x := p.n.trues.alloc()
		x.Pos = p.pos()
		e = x
	case lexer.False:
		x := p.n.falses.alloc()
		x.Pos = p.pos()
		e = x
	case lexer.Dots:
		if !p.vararg {
			p.syntaxError("cannot use '...' outside a vararg function")
		}
		x := p.n.varargs.alloc()
		x.Pos, x.Prev = p.pos(), ast.Pos(p.lastEnd)
		e = x
	case lexer.LBrace:
		return p.constructor()
	case lexer.Function:
		p.next()
		// The reference takes linedefined from the token after 'function'.
		return p.body(false, p.t.Pos)
	default:
		return p.suffixedExp()
	}
	p.next()
	return e
}

func (p *parser) primaryExp() ast.Expr {
	switch p.t.Kind {
	case lexer.Name:
		e := p.nameExpr(p.pos(), p.t.Str)
		p.next()
		return e
	case lexer.LParen:
		pos := p.t.Pos
		p.next()
		x := p.expr()
		closePos := p.pos()
		p.checkMatch(lexer.RParen, lexer.LParen, pos)
		e := p.n.parens.alloc()
		e.Pos, e.Close, e.X = ast.Pos(pos), closePos, x
		return e
	}
	p.syntaxError("unexpected symbol")
	return p.dummy()
}

// suffixedExp parses primaryexp { '.' Name | '[' exp ']' | ':' Name args |
// args }.
func (p *parser) suffixedExp() ast.Expr {
	start := p.pos()
	e := p.primaryExp()
	for {
		switch p.t.Kind {
		case lexer.Dot:
			e = p.fieldSel(e)
		case lexer.LBrack:
			pos := p.pos()
			p.next()
			k := p.expr()
			closePos := p.pos()
			p.checkNext(lexer.RBrack)
			x := p.n.index.alloc()
			x.Pos, x.Close, x.Obj, x.Key = pos, closePos, e, k
			e = x
		case lexer.Colon:
			p.next()
			name, npos := p.checkName()
			m := p.n.methods.alloc()
			m.Pos, m.Obj, m.Name, m.NamePos, m.Open = start, e, name, npos, p.pos()
			m.Args, m.Close = p.callArgs(start)
			e = m
		case lexer.LParen, lexer.String, lexer.LBrace:
			c := p.n.calls.alloc()
			c.Pos, c.Fn, c.Open = start, e, p.pos()
			c.Args, c.Close = p.callArgs(start)
			e = c
		default:
			return e
		}
	}
}

// callArgs parses '(' [explist] ')' | constructor | String, and returns
// the arguments with the position of the closing ')' (NoPos for the other
// forms). start is the start of the whole suffixed expression: the
// reference reports a missing ')' as closing a '(' on that line, not on
// the line of the '(' itself.
func (p *parser) callArgs(start ast.Pos) ([]ast.Expr, ast.Pos) {
	switch p.t.Kind {
	case lexer.LParen:
		pos := int(start)
		p.next()
		var args []ast.Expr
		if p.t.Kind != lexer.RParen {
			args = p.exprList()
		}
		closePos := p.pos()
		p.checkMatch(lexer.RParen, lexer.LParen, pos)
		return args, closePos
	case lexer.LBrace:
		l := p.n.exprLists.make(1)
		l[0] = p.constructor()
		return l, ast.NoPos
	case lexer.String:
		l := p.n.exprLists.make(1)
		l[0] = p.strExpr(p.pos(), ast.Pos(p.t.End), p.t.Str)
		p.next()
		return l, ast.NoPos
	}
	p.syntaxError("function arguments expected")
	return nil, ast.NoPos
}

// constructor parses a table constructor '{' [fields] '}'.
func (p *parser) constructor() *ast.TableExpr {
	pos := p.t.Pos
	t := p.n.tables.alloc()
	t.Pos, t.Prev = ast.Pos(pos), ast.Pos(p.lastEnd)
	p.checkNext(lexer.LBrace)
	var buf [16]*ast.TableField
	fields := buf[:0]
	for p.t.Kind != lexer.RBrace {
		f := p.n.fields.alloc()
		switch p.t.Kind {
		case lexer.Name:
			k := p.lx.Peek()
			if k == lexer.Illegal {
				// The reference reads the look-ahead token at once, so
				// its lexical error comes first.
				p.lexError(p.t.Pos)
			}
			if k != lexer.Assign {
				f.Value = p.expr()
				break
			}
			name, npos := p.checkName()
			f.Key = p.strExpr(npos, npos+ast.Pos(len(name)), name)
			p.checkNext(lexer.Assign)
			f.Value = p.expr()
		case lexer.LBrack:
			p.next()
			f.Key = p.expr()
			p.checkNext(lexer.RBrack)
			p.checkNext(lexer.Assign)
			f.Value = p.expr()
		default:
			f.Value = p.expr()
		}
		fields = append(fields, f)
		if !p.testNext(lexer.Comma) && !p.testNext(lexer.Semi) {
			break
		}
	}
	if len(fields) > 0 {
		t.Fields = p.n.fieldLists.make(len(fields))
		copy(t.Fields, fields)
	}
	t.End = p.pos()
	p.checkMatch(lexer.RBrace, lexer.LBrace, pos)
	return t
}

func (p *parser) nameExpr(pos ast.Pos, name string) *ast.NameExpr {
	e := p.n.names.alloc()
	e.Pos, e.Name = pos, name
	return e
}

func (p *parser) strExpr(pos, end ast.Pos, s string) *ast.StringExpr {
	e := p.n.strs.alloc()
	e.Pos, e.End, e.Value = pos, end, s
	return e
}

func (p *parser) param(pos ast.Pos, name string) *ast.Param {
	e := p.n.params.alloc()
	e.Pos, e.Name = pos, name
	return e
}
