package codegen

import (
	bc "panto/bytecode"
	"panto/compiler/ast"
	"panto/compiler/lexer"
)

// expr compiles an expression into v.
//
// Left-deep chains (a + b + c ..., a.b.c ..., f()() ..., o:m():n() ...)
// are as deep as the source is long: the parser builds them in a loop, as
// the reference's does, and "return 1+1+...+1" of 3 MB is a valid chunk.
// So expr does not recurse down their left side: it follows the chain to
// its first operand, compiles that, then applies each link on the way back
// up, which is the order the reference's parser emits them in. Only right
// operands, keys and arguments recurse, and the parser bounds how deep
// those nest (200 levels).
func (fs *funcState) expr(e ast.Expr, v *expDesc) {
	g := fs.g
	mark := len(g.spine)
	for {
		next := leftOperand(e)
		if next == nil {
			break
		}
		g.spine = append(g.spine, e)
		e = next
	}
	fs.leafExpr(e, v)
	for i := len(g.spine) - 1; i >= mark; i-- {
		switch e := g.spine[i].(type) {
		case *ast.BinaryExpr:
			fs.took(e.Pos, ast.NoPos)
			fs.pos = e.Pos
			fs.infix(e.Op, v)
			var v2 expDesc
			fs.expr(e.R, &v2)
			fs.pos = e.Pos
			fs.posfix(e.Op, v, &v2, fs.lineOf(e.Pos))
		case *ast.IndexExpr:
			// The prefix is put in a register before the '.' or '['
			// is read.
			fs.exp2anyregup(v)
			var k expDesc
			bracket := g.srcAt(e.Pos) == '['
			if bracket {
				fs.took(e.Pos, e.Pos+1)
			}
			fs.keyExpr(e.Key, &k)
			if bracket {
				fs.took(e.Close, e.Close+1)
			}
			fs.pos = e.Pos
			fs.indexed(v, &k)
		case *ast.CallExpr:
			// So is a called function, before its '(' is read.
			fs.pos = e.Open
			fs.exp2nextreg(v)
			fs.funcArgs(v, e.Args, e.Open, e.Close, fs.callLine(e.Pos))
		case *ast.MethodCallExpr:
			fs.setLine(e.NamePos)
			fs.took(e.NamePos, e.NamePos+ast.Pos(len(e.Name)))
			key := newExp(eKStr, 0)
			key.strval = e.Name
			fs.self(v, &key)
			fs.funcArgs(v, e.Args, e.Open, e.Close, fs.callLine(e.Pos))
		}
	}
	g.spine = g.spine[:mark]
}

// leafExpr compiles an expression that does not start a left-deep chain.
func (fs *funcState) leafExpr(e ast.Expr, v *expDesc) {
	switch e := e.(type) {
	case *ast.NilExpr:
		fs.took(e.Pos, e.Pos+3)
		v.init(eNil, 0)
	case *ast.TrueExpr:
		fs.took(e.Pos, e.Pos+4)
		v.init(eTrue, 0)
	case *ast.FalseExpr:
		fs.took(e.Pos, e.Pos+5)
		v.init(eFalse, 0)
	case *ast.NumberExpr:
		fs.took(e.Pos, ast.NoPos)
		if e.IsFloat {
			v.init(eKFlt, 0)
			v.nval = e.Float
		} else {
			v.init(eKInt, 0)
			v.ival = e.Int
		}
	case *ast.StringExpr:
		fs.took(e.Pos, e.End)
		v.init(eKStr, 0)
		v.strval = e.Value
	case *ast.VarargExpr:
		// VARARG is emitted before the '...' is read.
		fs.pos = e.Pos
		if e.Prev > 0 {
			fs.linePos = e.Prev - 1
		}
		v.init(eVararg, fs.codeABC(bc.OpVararg, 0, 0, 1))
		fs.took(e.Pos, e.Pos+3)
	case *ast.NameExpr:
		fs.pos = e.Pos
		end := e.Pos + ast.Pos(len(e.Name))
		fs.took(e.Pos, end)
		if e == fs.g.lookName {
			fs.linePos = fs.g.lookLinePos
		}
		fs.g.afterName = end
		fs.singleVar(e.Name, v)
	case *ast.FunctionExpr:
		fs.body(e, v)
	case *ast.UnaryExpr:
		fs.took(e.Pos, ast.NoPos)
		fs.expr(e.X, v)
		fs.pos = e.Pos
		fs.prefix(e.Op, v, fs.lineOf(e.Pos))
	case *ast.ParenExpr:
		fs.took(e.Pos, e.Pos+1)
		fs.expr(e.X, v)
		fs.took(e.Close, e.Close+1)
		fs.dischargeVars(v)
	case *ast.TableExpr:
		fs.constructor(e, v)
	default:
		panic("codegen: unknown expression")
	}
}

// keyExpr compiles the key of an index expression (yindex).
func (fs *funcState) keyExpr(e ast.Expr, k *expDesc) {
	fs.expr(e, k)
	fs.exp2val(k)
}

// singleVar resolves a name: a local, an upvalue, or a global (a field of
// _ENV).
func (fs *funcState) singleVar(name string, v *expDesc) {
	fs.singleVarAux(name, v, true)
	if v.k == eVoid {
		fs.singleVarAux("_ENV", v, true)
		if v.k == eVoid {
			panic("codegen: _ENV not found")
		}
		fs.exp2anyregup(v)
		k := newExp(eKStr, 0)
		k.strval = name
		fs.indexed(v, &k)
	}
}

// singleVarAux looks name up in fs and its enclosing functions; base tells
// whether fs is the function where the name is used (only then is a local
// not an upvalue).
func (fs *funcState) singleVarAux(name string, v *expDesc, base bool) {
	if fs == nil {
		v.init(eVoid, 0)
		return
	}
	if k := fs.searchVar(name, v); k >= 0 {
		if expKind(k) == eLocal && !base {
			fs.markUpval(v.vidx)
		}
		return
	}
	idx := fs.searchUpvalue(name)
	if idx < 0 {
		fs.prev.singleVarAux(name, v, false)
		if v.k != eLocal && v.k != eUpval {
			return // a global or a compile-time constant
		}
		idx = fs.newUpvalue(name, v)
	}
	v.init(eUpval, idx)
}

// searchVar finds an active local of fs by name.
func (fs *funcState) searchVar(name string, v *expDesc) int {
	for i := fs.nactvar - 1; i >= 0; i-- {
		vd := fs.localVar(i)
		if vd.name == name {
			if vd.kind == varCTC {
				v.init(eConst, fs.firstLocal+i)
			} else {
				v.init(eLocal, 0)
				v.ridx = vd.ridx
				v.vidx = i
			}
			return int(v.k)
		}
	}
	return -1
}

func (fs *funcState) searchUpvalue(name string) int {
	for i, u := range fs.f.Upvalues {
		if u.Name == name {
			return i
		}
	}
	return -1
}

// newUpvalue adds an upvalue for variable v of the enclosing function.
func (fs *funcState) newUpvalue(name string, v *expDesc) int {
	// The reference notices the limit with the token after the name.
	fs.pos = fs.g.afterName
	fs.checkLimit(len(fs.f.Upvalues)+1, maxUpvals, "upvalues")
	prev := fs.prev
	var d bc.UpvalDesc
	d.Name = name
	if v.k == eLocal {
		d.InStack = true
		d.Index = uint8(v.ridx)
		d.Kind = kindOf(prev.localVar(v.vidx).kind)
	} else {
		d.InStack = false
		d.Index = uint8(v.info)
		d.Kind = prev.f.Upvalues[v.info].Kind
	}
	fs.f.Upvalues = append(fs.f.Upvalues, d)
	return len(fs.f.Upvalues) - 1
}

func kindOf(k varKind) bc.UpvalKind {
	switch k {
	case varConst, varCTC:
		return bc.VarConst
	case varClose:
		return bc.VarClose
	}
	return bc.VarRegular
}

// callLine is the line the reference gives a call starting at pos: the
// line its line counter stands on when it starts reading the call, which
// is that of its first token, or of the token after it when that token is
// a name the reference has looked past (lookName).
func (fs *funcState) callLine(pos ast.Pos) int {
	if n := fs.g.lookName; n != nil && n.Pos == pos {
		return fs.lineOf(fs.g.lookLinePos)
	}
	return fs.lineOf(pos)
}

// funcArgs compiles the arguments of a call to the function in register
// f.info, and the CALL itself. open is the position of the arguments,
// close that of the ')' closing them when they are parenthesized.
func (fs *funcState) funcArgs(f *expDesc, args []ast.Expr, open, close ast.Pos, line int) {
	var a expDesc
	paren := fs.g.srcAt(open) == '('
	if paren {
		fs.took(open, open+1)
	}
	n := fs.exprList(args, &a)
	if n > 0 && a.hasMultRet() {
		fs.setMultRet(&a)
	}
	if paren {
		// The last argument goes to its register after the ')'.
		fs.took(close, close+1)
	}
	base := f.info
	var nparams int
	if n > 0 && a.hasMultRet() {
		nparams = multRet
	} else {
		if a.k != eVoid {
			fs.exp2nextreg(&a)
		}
		nparams = fs.freeReg - (base + 1)
	}
	f.init(eCall, fs.codeABC(bc.OpCall, base, nparams+1, 2))
	fs.fixLine(line)
	fs.freeReg = base + 1
}

// exprList compiles a list of expressions, putting all but the last in
// consecutive registers; the last stays in e. It returns the count.
func (fs *funcState) exprList(list []ast.Expr, e *expDesc) int {
	if len(list) == 0 {
		e.init(eVoid, 0)
		return 0
	}
	for i, x := range list {
		if i > 0 {
			// After the ',' is read.
			fs.sep()
			fs.exp2nextreg(e)
		}
		fs.expr(x, e)
	}
	return len(list)
}

// constructor compiles a table constructor.
func (fs *funcState) constructor(t *ast.TableExpr, v *expDesc) {
	// NEWTABLE is emitted before the '{' is read.
	fs.pos = t.Pos
	if n := fs.g.lookName; n != nil && t.Prev == n.Pos+ast.Pos(len(n.Name)) {
		fs.linePos = fs.g.lookLinePos // in f{...} starting a field
	} else if t.Prev > 0 {
		fs.linePos = t.Prev - 1
	}
	pc := fs.codeABC(bc.OpNewTable, 0, 0, 0)
	fs.codeExtraArg(0)
	fs.took(t.Pos, t.Pos+1)
	na, nh, tostore := 0, 0, 0
	v.init(eNonReloc, fs.freeReg)
	fs.reserveRegs(1)
	pending := newExp(eVoid, 0)
	closeListField := func() {
		if pending.k == eVoid {
			return
		}
		fs.exp2nextreg(&pending)
		pending.k = eVoid
		if tostore == fieldsPerFlush {
			fs.setList(v.info, na, tostore)
			na += tostore
			tostore = 0
		}
	}
	for i, field := range t.Fields {
		if i > 0 {
			fs.sep() // the ',' or ';' before this field
		}
		closeListField()
		if field.Key == nil {
			fs.listItem(field.Value, &pending)
			tostore++
			continue
		}
		// Record field: t[k] = v.
		reg := fs.freeReg
		var key expDesc
		if s, ok := field.Key.(*ast.StringExpr); ok && lexer.IsNameStart(fs.g.srcAt(s.Pos)) {
			// name = value
			fs.took(s.Pos, s.End)
			key = newExp(eKStr, 0)
			key.strval = s.Value
		} else {
			// [key] = value
			fs.keyExpr(field.Key, &key)
			fs.sep() // the ']'
		}
		fs.sep() // the '='
		nh++
		tab := *v
		fs.indexed(&tab, &key)
		var val expDesc
		fs.expr(field.Value, &val)
		fs.storeVar(&tab, &val)
		fs.freeReg = reg
	}
	fs.setLine(t.End)
	fs.took(t.End, t.End+1)
	// Last list field.
	if tostore > 0 {
		if pending.hasMultRet() {
			fs.setMultRet(&pending)
			fs.setList(v.info, na, multRet)
			na--
		} else {
			if pending.k != eVoid {
				fs.exp2nextreg(&pending)
			}
			fs.setList(v.info, na, tostore)
		}
		na += tostore
	}
	fs.setTableSize(pc, v.info, na, nh)
}

// listItem compiles a positional field of a constructor. When it starts
// with a name, the reference has read the token after that name to tell
// the field from name = value, and its line counter stands there while it
// reads the name: the name's line is that of the next token.
func (fs *funcState) listItem(e ast.Expr, v *expDesc) {
	g := fs.g
	first := e
	for {
		next := leftOperand(first)
		if next == nil {
			break
		}
		first = next
	}
	name, ok := first.(*ast.NameExpr)
	if !ok {
		fs.expr(e, v)
		return
	}
	after := lexer.SkipSpace(g.src, name.Pos+ast.Pos(len(name.Name)))
	linePos := after
	if c := g.srcAt(after); c == '"' || c == '\'' || c == '[' {
		// Only a string may end on a later line than it starts.
		linePos = max(lexer.TokenEnd(g.src, after)-1, after)
	}
	saveName, savePos := g.lookName, g.lookLinePos
	g.lookName, g.lookLinePos = name, linePos
	fs.expr(e, v)
	g.lookName, g.lookLinePos = saveName, savePos
}

func (fs *funcState) setTableSize(pc, ra, asize, hsize int) {
	rb := 0
	if hsize != 0 {
		rb = ceilLog2(hsize) + 1
	}
	extra := asize / (bc.MaxC + 1)
	rc := asize % (bc.MaxC + 1)
	fs.f.Code[pc] = bc.ABC(bc.OpNewTable, ra, rb, rc, extra > 0)
	fs.f.Code[pc+1] = bc.AxOp(bc.OpExtraArg, extra)
}

func ceilLog2(x int) int {
	l := 0
	x--
	for x > 0 {
		l++
		x >>= 1
	}
	return l
}

// setList stores pending list items of the table in register base.
func (fs *funcState) setList(base, nelems, tostore int) {
	if tostore == multRet {
		tostore = 0
	}
	if nelems <= bc.MaxC {
		fs.codeABC(bc.OpSetList, base, tostore, nelems)
	} else {
		extra := nelems / (bc.MaxC + 1)
		nelems %= bc.MaxC + 1
		fs.codeABCk(bc.OpSetList, base, tostore, nelems, true)
		fs.codeExtraArg(extra)
	}
	fs.freeReg = base + 1
}

// body compiles a function body and leaves the closure in v.
func (fs *funcState) body(e *ast.FunctionExpr, v *expDesc) {
	g := fs.g
	nfs := g.openFunc(fs, fs.lineOf(e.Pos))
	nfs.setLine(e.Pos)
	for _, p := range e.Params {
		nfs.newLocalVar(p.Name, p.Pos)
	}
	nfs.adjustLocalVars(len(e.Params))
	nfs.f.NumParams = uint8(nfs.nactvar)
	if e.IsVararg {
		nfs.f.IsVararg = true
		nfs.setLine(e.Dots) // emitted once the '...' is read
		nfs.codeABC(bc.OpVarargPrep, int(nfs.f.NumParams), 0, 0)
	}
	nfs.reserveRegs(nfs.nactvar)
	nfs.statList(e.Body.Stmts, e.Body.End, false)
	nfs.f.LastLineDefined = int32(fs.lineOf(e.End))
	nfs.setLine(e.End)
	// The reference closes the function, and reports its undefined
	// labels, after it has read the 'end': on the token after it.
	nfs.pos = e.End + 3
	if int(nfs.pos) < len(g.src) {
		nfs.pos = lexer.SkipSpace(g.src, nfs.pos)
	}
	nfs.closeFunc()
	fs.f.Protos = append(fs.f.Protos, nfs.f)
	fs.setLine(e.End)
	fs.took(e.End, e.End+3)
	v.init(eReloc, fs.codeABx(bc.OpClosure, 0, len(fs.f.Protos)-1))
	fs.exp2nextreg(v)
}

// exp2const reports the compile-time value of e, if it has one.
func (fs *funcState) exp2const(e *expDesc) (expDesc, bool) {
	if e.hasJumps() {
		return expDesc{}, false
	}
	switch e.k {
	case eFalse, eTrue, eNil, eKStr, eKInt, eKFlt:
		c := newExp(e.k, 0)
		c.ival, c.nval, c.strval = e.ival, e.nval, e.strval
		return c, true
	case eConst:
		return fs.g.actvar[e.info].k, true
	}
	return expDesc{}, false
}

// leftOperand is the sub-expression an expression's code starts from
// (what the reference's parser reads first): the left operand of a binary
// operator, the object of an index or method call, the function of a
// call; nil for every other expression.
func leftOperand(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.BinaryExpr:
		return x.L
	case *ast.IndexExpr:
		return x.Obj
	case *ast.CallExpr:
		return x.Fn
	case *ast.MethodCallExpr:
		return x.Obj
	}
	return nil
}
