package codegen

import (
	"fmt"

	bc "panto/bytecode"
	"panto/compiler/ast"
)

// statList compiles the statements of a block ending at end. inRepeat
// tells that the block is the body of a repeat, whose 'until' does not end
// the block for the purpose of labels.
func (fs *funcState) statList(stmts []ast.Stmt, end ast.Pos, inRepeat bool) {
	for i := 0; i < len(stmts); i++ {
		if _, ok := stmts[i].(*ast.LabelStmt); !ok {
			fs.statement(stmts[i])
			continue
		}
		// A run of labels: the reference reads each label after the
		// first as part of the one before, so it declares them from the
		// last to the first, all on the token after the run. They are
		// "last" when the run ends the block; errors about them are
		// reported where the reference's parser stands then: at the next
		// statement or at the block's end.
		j := i
		for j < len(stmts) {
			if _, ok := stmts[j].(*ast.LabelStmt); !ok {
				break
			}
			j++
		}
		last := !inRepeat && j == len(stmts)
		next := end
		if j < len(stmts) {
			last = false
			next = stmts[j].Start()
		}
		for k := j - 1; k >= i; k-- {
			fs.labelStat(stmts[k].(*ast.LabelStmt), last, next)
		}
		i = j - 1
	}
}

func (fs *funcState) statement(s ast.Stmt) {
	fs.setLine(s.Start())
	switch s := s.(type) {
	case *ast.LocalStmt:
		fs.localStat(s)
	case *ast.AssignStmt:
		fs.assignStat(s)
	case *ast.CallStmt:
		var v expDesc
		fs.expr(s.Call, &v)
		*fs.instr(&v) = fs.instr(&v).SetC(1) // no results
	case *ast.DoStmt:
		fs.block(s.Body)
	case *ast.WhileStmt:
		fs.whileStat(s)
	case *ast.RepeatStmt:
		fs.repeatStat(s)
	case *ast.IfStmt:
		fs.ifStat(s)
	case *ast.NumericForStmt:
		fs.forNum(s)
	case *ast.GenericForStmt:
		fs.forList(s)
	case *ast.FunctionStmt:
		fs.funcStat(s)
	case *ast.LocalFunctionStmt:
		fs.localFunc(s)
	case *ast.ReturnStmt:
		fs.retStat(s)
	case *ast.BreakStmt:
		fs.g.gotos = append(fs.g.gotos, fs.newLabelEntry("break", fs.lineOf(s.Pos), fs.jump(), s.Pos))
	case *ast.GotoStmt:
		fs.gotoStat(s)
	default:
		panic(fmt.Sprintf("codegen: unknown statement %T", s))
	}
	fs.freeReg = fs.nvarstack()
}

func (fs *funcState) block(b *ast.Block) {
	var bl blockCnt
	fs.enterBlock(&bl, false)
	fs.statList(b.Stmts, b.End, false)
	// The reference leaves the block before it reads the token that
	// closes it.
	fs.setLine(b.Last)
	fs.leaveBlock()
}

// ---------------------------------------------------------------------------
// Locals and assignment

func (fs *funcState) localStat(s *ast.LocalStmt) {
	toclose := -1
	var vidx int
	for i, n := range s.Names {
		vidx = fs.newLocalVar(n.Name, n.Pos)
		vd := fs.localVar(vidx)
		switch n.Attrib {
		case "const":
			vd.kind = varConst
		case "close":
			vd.kind = varClose
			toclose = fs.nactvar + i
		}
	}
	nvars := len(s.Names)
	var e expDesc
	nexps := fs.exprList(s.Exprs, &e)
	vd := fs.localVar(vidx)
	if nvars == nexps && vd.kind == varConst {
		if c, ok := fs.exp2const(&e); ok {
			vd.kind = varCTC
			vd.k = c
			fs.adjustLocalVars(nvars - 1)
			fs.nactvar++
			fs.checkToClose(toclose)
			return
		}
	}
	fs.adjustAssign(nvars, nexps, &e)
	fs.adjustLocalVars(nvars)
	fs.checkToClose(toclose)
}

func (fs *funcState) checkToClose(level int) {
	if level != -1 {
		fs.markToBeClosed()
		fs.codeABC(bc.OpTBC, fs.regLevel(level), 0, 0)
	}
}

// adjustAssign makes nexps values fill nvars registers.
func (fs *funcState) adjustAssign(nvars, nexps int, e *expDesc) {
	needed := nvars - nexps
	if e.hasMultRet() {
		extra := needed + 1
		if extra < 0 {
			extra = 0
		}
		fs.setReturns(e, extra)
	} else {
		if e.k != eVoid {
			fs.exp2nextreg(e)
		}
		if needed > 0 {
			fs.loadNil(fs.freeReg, needed)
		}
	}
	if needed > 0 {
		fs.reserveRegs(needed)
	} else {
		fs.freeReg += needed
	}
}

func (fs *funcState) assignStat(s *ast.AssignStmt) {
	lhs := make([]expDesc, len(s.Targets))
	for i, t := range s.Targets {
		fs.setLine(t.Start())
		fs.expr(t, &lhs[i])
		if !lhs[i].isVar() {
			fs.errorAt(t.Start(), "syntax error")
		}
		// Checked on the ',' or '=' after the target.
		fs.checkReadonly(&lhs[i], fs.nextToken())
		if i > 0 && !lhs[i].isIndexed() {
			fs.checkConflict(lhs[:i], &lhs[i])
		}
	}
	fs.setLine(s.Pos)
	var e expDesc
	nvars := len(lhs)
	nexps := fs.exprList(s.Exprs, &e)
	last := nvars - 1
	if nexps != nvars {
		fs.adjustAssign(nvars, nexps, &e)
		e.init(eNonReloc, fs.freeReg-1)
		fs.storeVar(&lhs[last], &e)
	} else {
		fs.setOneRet(&e)
		fs.storeVar(&lhs[last], &e)
	}
	for i := last - 1; i >= 0; i-- {
		e.init(eNonReloc, fs.freeReg-1)
		fs.storeVar(&lhs[i], &e)
	}
}

// checkConflict protects earlier assignment targets that index a table
// (or with a key) held in the variable v, which this assignment will
// overwrite first: they get a copy of its old value.
func (fs *funcState) checkConflict(prev []expDesc, v *expDesc) {
	extra := fs.freeReg
	conflict := false
	for i := range prev {
		lh := &prev[i]
		if !lh.isIndexed() {
			continue
		}
		if lh.k == eIndexUp {
			if v.k == eUpval && lh.t == v.info {
				conflict = true
				lh.k = eIndexStr
				lh.t = extra
			}
			continue
		}
		if v.k == eLocal && lh.t == v.ridx {
			conflict = true
			lh.t = extra
		}
		if lh.k == eIndexed && v.k == eLocal && lh.idx == v.ridx {
			conflict = true
			lh.idx = extra
		}
	}
	if conflict {
		if v.k == eLocal {
			fs.codeABC(bc.OpMove, extra, v.ridx, 0)
		} else {
			fs.codeABC(bc.OpGetUpval, extra, v.info, 0)
		}
		fs.reserveRegs(1)
	}
}

// checkReadonly rejects assignments to <const> and <close> variables.
func (fs *funcState) checkReadonly(e *expDesc, pos ast.Pos) {
	name := ""
	switch e.k {
	case eConst:
		name = fs.g.actvar[e.info].name
	case eLocal:
		if vd := fs.localVar(e.vidx); vd.kind != varRegular {
			name = vd.name
		}
	case eUpval:
		if u := fs.f.Upvalues[e.info]; u.Kind != bc.VarRegular {
			name = u.Name
		}
	default:
		return
	}
	if name != "" {
		fs.semError(pos, fmt.Sprintf("attempt to assign to const variable '%s'", name))
	}
}

// ---------------------------------------------------------------------------
// Functions

func (fs *funcState) funcStat(s *ast.FunctionStmt) {
	var v expDesc
	fs.expr(s.Target, &v)
	var b expDesc
	fs.body(s.Func, &b)
	fs.checkReadonly(&v, fs.nextToken()) // after the body's 'end'
	fs.storeVar(&v, &b)
	fs.fixLine(fs.lineOf(s.Pos))
}

func (fs *funcState) localFunc(s *ast.LocalFunctionStmt) {
	fvar := fs.nactvar
	fs.newLocalVar(s.Name.Name, s.Name.Pos)
	fs.adjustLocalVars(1)
	var b expDesc
	fs.body(s.Func, &b)
	// The debug information sees the variable only after the closure.
	fs.f.LocVars[fs.localVar(fvar).pidx].StartPC = int32(fs.pc())
}

func (fs *funcState) retStat(s *ast.ReturnStmt) {
	first := fs.nvarstack()
	nret := len(s.Exprs)
	if nret > 0 {
		var e expDesc
		fs.exprList(s.Exprs, &e)
		if e.hasMultRet() {
			fs.setMultRet(&e)
			if e.k == eCall && nret == 1 && !fs.bl.insideTBC {
				i := fs.instr(&e)
				*i = bc.ABC(bc.OpTailCall, i.A(), i.B(), i.C(), i.K())
			}
			nret = multRet
		} else if nret == 1 {
			first = fs.exp2anyreg(&e)
		} else {
			fs.exp2nextreg(&e)
			first = fs.nvarstack()
		}
	}
	// The return carries the line of the last token of its values.
	fs.ret(first, nret)
}

// ---------------------------------------------------------------------------
// Control structures

// cond compiles a loop or if condition and returns its false-exit list.
func (fs *funcState) cond(e ast.Expr) int {
	var v expDesc
	fs.expr(e, &v)
	if v.k == eNil {
		v.k = eFalse
	}
	fs.goIfTrue(&v)
	return v.fj
}

func (fs *funcState) whileStat(s *ast.WhileStmt) {
	whileInit := fs.getLabel()
	condExit := fs.cond(s.Cond)
	var bl blockCnt
	fs.enterBlock(&bl, true)
	fs.block(s.Body)
	fs.setLine(s.Body.Last)
	fs.jumpTo(whileInit)
	fs.setLine(s.Body.End) // the loop block ends after the 'end'
	fs.leaveBlock()
	fs.patchToHere(condExit)
}

func (fs *funcState) repeatStat(s *ast.RepeatStmt) {
	repeatInit := fs.getLabel()
	var bl1, bl2 blockCnt
	fs.enterBlock(&bl1, true)
	fs.enterBlock(&bl2, false)
	fs.statList(s.Body.Stmts, s.Body.End, true)
	fs.setLine(s.Body.End)
	condExit := fs.cond(s.Cond)
	fs.leaveBlock()
	if bl2.upval {
		exit := fs.jump()
		fs.patchToHere(condExit)
		fs.codeABC(bc.OpClose, fs.regLevel(bl2.nactvar), 0, 0)
		condExit = fs.jump()
		fs.patchToHere(exit)
	}
	fs.patchList(condExit, repeatInit)
	fs.leaveBlock()
}

func (fs *funcState) ifStat(s *ast.IfStmt) {
	escape := noJump
	for i, c := range s.Clauses {
		more := i < len(s.Clauses)-1 || s.Else != nil
		fs.testThenBlock(c, more, &escape)
	}
	if s.Else != nil {
		fs.block(s.Else)
	}
	fs.patchToHere(escape)
}

// testThenBlock compiles one 'if'/'elseif' clause. 'if cond then break'
// compiles to a single conditional jump out of the loop.
func (fs *funcState) testThenBlock(c *ast.IfClause, more bool, escape *int) {
	var bl blockCnt
	var v expDesc
	fs.setLine(c.Pos)
	fs.expr(c.Cond, &v)
	// The test (and what the condition still has to load) comes after
	// 'then' in the reference.
	fs.setLine(c.Then)
	var jf int
	stmts := c.Body.Stmts
	if len(stmts) > 0 {
		if br, ok := stmts[0].(*ast.BreakStmt); ok {
			fs.goIfFalse(&v)
			fs.enterBlock(&bl, false)
			fs.g.gotos = append(fs.g.gotos, fs.newLabelEntry("break", fs.lineOf(br.Pos), v.tj, br.Pos))
			if len(stmts) == 1 {
				fs.setLine(c.Body.End)
				fs.leaveBlock()
				return
			}
			jf = fs.jump()
			stmts = stmts[1:]
			goto body
		}
	}
	fs.goIfTrue(&v)
	fs.enterBlock(&bl, false)
	jf = v.fj
body:
	fs.statList(stmts, c.Body.End, false)
	fs.setLine(c.Body.Last)
	fs.leaveBlock()
	if more {
		fs.concatJumps(escape, fs.jump())
	}
	fs.patchToHere(jf)
}

func (fs *funcState) forNum(s *ast.NumericForStmt) {
	var bl blockCnt
	fs.enterBlock(&bl, true)
	base := fs.freeReg
	fs.newLocalVar("(for state)", s.Pos)
	fs.newLocalVar("(for state)", s.Pos)
	fs.newLocalVar("(for state)", s.Pos)
	fs.newLocalVar(s.Var.Name, s.Var.Pos)
	fs.exp1(s.Init)
	fs.exp1(s.Limit)
	if s.Step != nil {
		fs.exp1(s.Step)
	} else {
		fs.loadInt(fs.freeReg, 1)
		fs.reserveRegs(1)
	}
	fs.adjustLocalVars(3)
	fs.forBody(base, fs.lineOf(s.Pos), 1, false, s.Body, s.DoPos)
	fs.setLine(s.Body.End)
	fs.leaveBlock()
}

func (fs *funcState) exp1(e ast.Expr) {
	var v expDesc
	fs.expr(e, &v)
	fs.exp2nextreg(&v)
}

func (fs *funcState) forList(s *ast.GenericForStmt) {
	var bl blockCnt
	fs.enterBlock(&bl, true)
	base := fs.freeReg
	for i := 0; i < 4; i++ {
		fs.newLocalVar("(for state)", s.Pos)
	}
	for _, n := range s.Names {
		fs.newLocalVar(n.Name, n.Pos)
	}
	line := fs.lineOf(s.Exprs[0].Start())
	var e expDesc
	n := fs.exprList(s.Exprs, &e)
	fs.adjustAssign(4, n, &e)
	fs.adjustLocalVars(4)
	fs.markToBeClosed()
	fs.checkStack(3)
	fs.forBody(base, line, len(s.Names), true, s.Body, s.DoPos)
	fs.setLine(s.Body.End)
	fs.leaveBlock()
}

func (fs *funcState) forBody(base, line, nvars int, isGen bool, body *ast.Block, doPos ast.Pos) {
	prepOp, loopOp := bc.OpForPrep, bc.OpForLoop
	if isGen {
		prepOp, loopOp = bc.OpTForPrep, bc.OpTForLoop
	}
	fs.setLine(doPos)
	prep := fs.codeABx(prepOp, base, 0)
	var bl blockCnt
	fs.enterBlock(&bl, false)
	fs.adjustLocalVars(nvars)
	fs.reserveRegs(nvars)
	fs.block(body)
	fs.leaveBlock()
	fs.fixForJump(prep, fs.getLabel(), false)
	if isGen {
		fs.codeABC(bc.OpTForCall, base, 0, nvars)
		fs.fixLine(line)
	}
	end := fs.codeABx(loopOp, base, 0)
	fs.fixForJump(end, prep+1, true)
	fs.fixLine(line)
}

func (fs *funcState) fixForJump(pc, dest int, back bool) {
	off := dest - (pc + 1)
	if back {
		off = -off
	}
	if off > bc.MaxBx {
		fs.errorAt(fs.pos, "control structure too long")
	}
	fs.f.Code[pc] = fs.f.Code[pc].SetBx(off)
}

// ---------------------------------------------------------------------------
// Labels and gotos (5.4 rules: a goto may jump to any visible label, but
// not into the scope of a local; 'break' is a goto to an implicit label at
// the end of the loop).

func (fs *funcState) newLabelEntry(name string, line, pc int, pos ast.Pos) labelDesc {
	return labelDesc{name: name, line: line, pc: pc, nactvar: fs.nactvar, pos: pos}
}

func (fs *funcState) findLabel(name string) *labelDesc {
	g := fs.g
	for i := fs.firstLabel; i < len(g.labels); i++ {
		if g.labels[i].name == name {
			return &g.labels[i]
		}
	}
	return nil
}

func (fs *funcState) gotoStat(s *ast.GotoStmt) {
	g := fs.g
	line := fs.lineOf(s.Pos)
	if lb := fs.findLabel(s.Label); lb == nil {
		// Forward jump, resolved when the label appears.
		g.gotos = append(g.gotos, fs.newLabelEntry(s.Label, line, fs.jump(), s.Pos))
	} else {
		// Backward jump, resolved now.
		lblevel := fs.regLevel(lb.nactvar)
		if fs.nvarstack() > lblevel {
			fs.codeABC(bc.OpClose, lblevel, 0, 0)
		}
		fs.patchList(fs.jump(), lb.pc)
	}
}

func (fs *funcState) labelStat(s *ast.LabelStmt, last bool, next ast.Pos) {
	fs.setLine(s.Pos)
	if lb := fs.findLabel(s.Name); lb != nil {
		fs.semError(next, fmt.Sprintf("label '%s' already defined on line %d", s.Name, lb.line))
	}
	fs.createLabel(s.Name, fs.lineOf(s.Pos), last, next)
}

// createLabel declares a label here and resolves pending gotos to it; it
// reports whether it emitted a CLOSE for them. errPos is where errors
// about the resolution are reported.
func (fs *funcState) createLabel(name string, line int, last bool, errPos ast.Pos) bool {
	g := fs.g
	l := fs.newLabelEntry(name, line, fs.getLabel(), errPos)
	if last {
		// Locals of the block are already out of scope at its end.
		l.nactvar = fs.bl.nactvar
	}
	g.labels = append(g.labels, l)
	if fs.solveGotos(&g.labels[len(g.labels)-1]) {
		fs.codeABC(bc.OpClose, fs.nvarstack(), 0, 0)
		return true
	}
	return false
}

// solveGotos patches the pending gotos of the current block that target lb.
func (fs *funcState) solveGotos(lb *labelDesc) bool {
	g := fs.g
	needsClose := false
	for i := fs.bl.firstGoto; i < len(g.gotos); {
		gt := &g.gotos[i]
		if gt.name != lb.name {
			i++
			continue
		}
		needsClose = needsClose || gt.close
		if gt.nactvar < lb.nactvar {
			vname := fs.localVar(gt.nactvar).name
			fs.semError(lb.pos, fmt.Sprintf("<goto %s> at line %d jumps into the scope of local '%s'", gt.name, gt.line, vname))
		}
		fs.patchList(gt.pc, lb.pc)
		g.gotos = append(g.gotos[:i], g.gotos[i+1:]...)
	}
	return needsClose
}

// moveGotosOut hands the pending gotos of a closed block to the enclosing
// block.
func (fs *funcState) moveGotosOut(bl *blockCnt) {
	g := fs.g
	for i := bl.firstGoto; i < len(g.gotos); i++ {
		gt := &g.gotos[i]
		if fs.regLevel(gt.nactvar) > fs.regLevel(bl.nactvar) {
			gt.close = gt.close || bl.upval
		}
		gt.nactvar = bl.nactvar
	}
}

func (fs *funcState) undefGoto(gt *labelDesc) {
	// Reported where the function ends, where the reference notices it.
	if gt.name == "break" {
		fs.semError(fs.pos, fmt.Sprintf("break outside loop at line %d", gt.line))
	}
	fs.semError(fs.pos, fmt.Sprintf("no visible label '%s' for <goto> at line %d", gt.name, gt.line))
}

// ---------------------------------------------------------------------------
// The final pass

// finish turns RETURN0/RETURN1 into RETURN where the function must close
// variables or is vararg, marks returns with what they need, and makes
// jumps to jumps go straight to their final target.
func (fs *funcState) finish() {
	p := fs.f
	for i := range p.Code {
		ins := p.Code[i]
		switch ins.Op() {
		case bc.OpReturn0, bc.OpReturn1:
			if !(fs.needClose || p.IsVararg) {
				continue
			}
			ins = bc.ABC(bc.OpReturn, ins.A(), ins.B(), ins.C(), ins.K())
			fallthrough
		case bc.OpReturn, bc.OpTailCall:
			if fs.needClose {
				ins = ins.SetK(true)
			}
			if p.IsVararg {
				ins = ins.SetC(int(p.NumParams) + 1)
			}
			p.Code[i] = ins
		case bc.OpJmp:
			target := finalTarget(p.Code, i)
			fs.fixJump(i, target)
		}
	}
}

func finalTarget(code []bc.Instruction, i int) int {
	for count := 0; count < 100; count++ {
		if code[i].Op() != bc.OpJmp {
			break
		}
		i += code[i].SJ() + 1
	}
	return i
}
