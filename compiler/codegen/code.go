package codegen

import bc "panto/bytecode"

// This file and code_ops.go are the reference's lcode.c: the expression
// descriptor (expDesc) and the functions that emit instructions for it —
// loading constants, discharging an expDesc into a register, the jump
// lists of conditions and their patching, storing into variables. The
// tree walk that decides what to emit is in expr.go and stmt.go (the
// reference's lparser.c); function state, scopes and registers are in
// gen.go.

// expKind says where the value of an expression is.
type expKind uint8

const (
	eVoid     expKind = iota // no value (empty expression list)
	eNil                     // constant nil
	eTrue                    // constant true
	eFalse                   // constant false
	eK                       // constant in the table; info = index
	eKFlt                    // float constant; nval
	eKInt                    // integer constant; ival
	eKStr                    // string constant; strval
	eNonReloc                // value in a fixed register; info = register
	eLocal                   // local variable; ridx = register, vidx = index
	eUpval                   // upvalue; info = index
	eConst                   // compile-time constant; info = index in actvar
	eIndexed                 // t[k]: t register, idx register
	eIndexUp                 // up[k]: t upvalue, idx string constant
	eIndexI                  // t[i]: t register, idx integer
	eIndexStr                // t.k: t register, idx string constant
	eJmp                     // comparison; info = pc of its jump
	eReloc                   // result can go to any register; info = pc of the instruction
	eCall                    // function call; info = pc of CALL
	eVararg                  // vararg expression; info = pc of VARARG
)

// expDesc describes an expression being compiled. t and f are the lists
// of jumps to patch when the expression turns out true or false.
type expDesc struct {
	k      expKind
	info   int
	ival   int64
	nval   float64
	strval string
	t      int // table register or upvalue of an indexed expression
	idx    int // key of an indexed expression
	ridx   int // register of a local
	vidx   int // variable index of a local
	tj, fj int // jump lists
}

func newExp(k expKind, info int) expDesc {
	return expDesc{k: k, info: info, tj: noJump, fj: noJump}
}

func (e *expDesc) init(k expKind, info int) {
	*e = newExp(k, info)
}

func (e *expDesc) hasJumps() bool { return e.tj != e.fj }

func (e *expDesc) isIndexed() bool { return e.k >= eIndexed && e.k <= eIndexStr }

func (e *expDesc) isVar() bool { return e.k >= eLocal && e.k <= eIndexStr }

func (e *expDesc) hasMultRet() bool { return e.k == eCall || e.k == eVararg }

// isNumeral reports whether e is a numeric constant without jumps.
func (e *expDesc) isNumeral() bool {
	return !e.hasJumps() && (e.k == eKInt || e.k == eKFlt)
}

// ---------------------------------------------------------------------------
// Emitting instructions

func (fs *funcState) pc() int { return len(fs.f.Code) }

func (fs *funcState) code(i bc.Instruction) int {
	fs.f.Code = append(fs.f.Code, i)
	fs.f.LineInfo = append(fs.f.LineInfo, int32(fs.curLine()))
	return len(fs.f.Code) - 1
}

func (fs *funcState) codeABC(op bc.Opcode, a, b, c int) int {
	return fs.code(bc.ABC(op, a, b, c, false))
}

func (fs *funcState) codeABCk(op bc.Opcode, a, b, c int, k bool) int {
	return fs.code(bc.ABC(op, a, b, c, k))
}

func (fs *funcState) codeABx(op bc.Opcode, a, bx int) int {
	return fs.code(bc.ABx(op, a, bx))
}

func (fs *funcState) codeAsBx(op bc.Opcode, a, sbx int) int {
	return fs.code(bc.AsBx(op, a, sbx))
}

func (fs *funcState) codeExtraArg(a int) int {
	return fs.code(bc.AxOp(bc.OpExtraArg, a))
}

// codeK loads constant k into reg.
func (fs *funcState) codeK(reg, k int) int {
	if k <= bc.MaxBx {
		return fs.codeABx(bc.OpLoadK, reg, k)
	}
	p := fs.codeABx(bc.OpLoadKX, reg, 0)
	fs.codeExtraArg(k)
	return p
}

// fixLine sets the line of the last instruction.
func (fs *funcState) fixLine(line int) {
	fs.f.LineInfo[len(fs.f.LineInfo)-1] = int32(line)
}

func (fs *funcState) instr(e *expDesc) *bc.Instruction { return &fs.f.Code[e.info] }

// previousInstruction returns the last instruction when it is not a jump
// target (so it may be merged with the next one), or nil.
func (fs *funcState) previousInstruction() *bc.Instruction {
	if fs.pc() > fs.lastTarget {
		return &fs.f.Code[fs.pc()-1]
	}
	return nil
}

func (fs *funcState) removeLastInstruction() {
	fs.f.Code = fs.f.Code[:len(fs.f.Code)-1]
	fs.f.LineInfo = fs.f.LineInfo[:len(fs.f.LineInfo)-1]
}

// loadNil sets n registers from 'from' to nil, merging with a previous
// LOADNIL when the ranges touch.
func (fs *funcState) loadNil(from, n int) {
	l := from + n - 1
	if prev := fs.previousInstruction(); prev != nil && prev.Op() == bc.OpLoadNil {
		pfrom := prev.A()
		pl := pfrom + prev.B()
		if (pfrom <= from && from <= pl+1) || (from <= pfrom && pfrom <= l+1) {
			if pfrom < from {
				from = pfrom
			}
			if pl > l {
				l = pl
			}
			*prev = prev.SetA(from).SetB(l - from)
			return
		}
	}
	fs.codeABC(bc.OpLoadNil, from, n-1, 0)
}

func (fs *funcState) loadInt(reg int, i int64) {
	if bc.FitsSBx(i) {
		fs.codeAsBx(bc.OpLoadI, reg, int(i))
	} else {
		fs.codeK(reg, fs.intK(i))
	}
}

func (fs *funcState) loadFloat(reg int, f float64) {
	if i := int64(f); float64(i) == f && bc.FitsSBx(i) && !(f == 0 && floatBits(f) != 0) {
		fs.codeAsBx(bc.OpLoadF, reg, int(i))
	} else {
		fs.codeK(reg, fs.floatK(f))
	}
}

// ret emits a return of nret values starting at first.
func (fs *funcState) ret(first, nret int) {
	op := bc.OpReturn
	switch nret {
	case 0:
		op = bc.OpReturn0
	case 1:
		op = bc.OpReturn1
	}
	fs.codeABC(op, first, nret+1, 0)
}

// ---------------------------------------------------------------------------
// Jumps. A list of pending jumps is threaded through their offsets; an
// offset pointing at the jump itself ends the list.

func (fs *funcState) getJump(pc int) int {
	off := fs.f.Code[pc].SJ()
	if off == noJump {
		return noJump
	}
	return pc + 1 + off
}

func (fs *funcState) fixJump(pc, dest int) {
	off := dest - (pc + 1)
	if off < -bc.OffsetSJ || off > bc.MaxSJ-bc.OffsetSJ {
		fs.errorAt(fs.pos, "control structure too long")
	}
	fs.f.Code[pc] = fs.f.Code[pc].SetSJ(off)
}

// concatJumps appends list l2 to list *l1.
func (fs *funcState) concatJumps(l1 *int, l2 int) {
	if l2 == noJump {
		return
	}
	if *l1 == noJump {
		*l1 = l2
		return
	}
	list := *l1
	n := 0
	for {
		next := fs.getJump(list)
		if next == noJump {
			break
		}
		list = next
		n++
	}
	if g := fs.g; g.work != nil && n > 0 {
		if g.steps += n; g.steps >= 4096 {
			g.work(g.steps / 64) // a tick is worth about 64 steps of the walk
			g.steps %= 64
		}
	}
	fs.fixJump(list, l2)
}

func (fs *funcState) jump() int {
	return fs.code(bc.SJOp(bc.OpJmp, noJump))
}

func (fs *funcState) jumpTo(target int) { fs.patchList(fs.jump(), target) }

func (fs *funcState) condJump(op bc.Opcode, a, b, c int, k bool) int {
	fs.codeABCk(op, a, b, c, k)
	return fs.jump()
}

// getLabel marks the current pc as a jump target and returns it.
func (fs *funcState) getLabel() int {
	fs.lastTarget = fs.pc()
	return fs.pc()
}

// jumpControl returns the instruction that decides jump pc: the test
// before it, if any.
func (fs *funcState) jumpControl(pc int) *bc.Instruction {
	if pc >= 1 && bc.Info[fs.f.Code[pc-1].Op()].IsTest {
		return &fs.f.Code[pc-1]
	}
	return &fs.f.Code[pc]
}

// patchTestReg makes the TESTSET controlling jump node store into reg, or
// turns it into a plain TEST when no value is needed.
func (fs *funcState) patchTestReg(node, reg int) bool {
	i := fs.jumpControl(node)
	if i.Op() != bc.OpTestSet {
		return false
	}
	if reg != bc.NoReg && reg != i.B() {
		*i = i.SetA(reg)
	} else {
		*i = bc.ABC(bc.OpTest, i.B(), 0, 0, i.K())
	}
	return true
}

func (fs *funcState) removeValues(list int) {
	for ; list != noJump; list = fs.getJump(list) {
		fs.patchTestReg(list, bc.NoReg)
	}
}

func (fs *funcState) patchListAux(list, vtarget, reg, dtarget int) {
	for list != noJump {
		next := fs.getJump(list)
		if fs.patchTestReg(list, reg) {
			fs.fixJump(list, vtarget)
		} else {
			fs.fixJump(list, dtarget)
		}
		list = next
	}
}

func (fs *funcState) patchList(list, target int) {
	fs.patchListAux(list, target, bc.NoReg, target)
}

func (fs *funcState) patchToHere(list int) {
	fs.patchList(list, fs.getLabel())
}

// ---------------------------------------------------------------------------
// Discharging expressions

// setReturns fixes the number of results of a call or vararg.
func (fs *funcState) setReturns(e *expDesc, nresults int) {
	i := fs.instr(e)
	if e.k == eCall {
		*i = i.SetC(nresults + 1)
	} else {
		*i = i.SetC(nresults + 1).SetA(fs.freeReg)
		fs.reserveRegs(1)
	}
}

func (fs *funcState) setMultRet(e *expDesc) { fs.setReturns(e, multRet) }

// setOneRet adjusts a call or vararg to produce one value.
func (fs *funcState) setOneRet(e *expDesc) {
	if e.k == eCall {
		e.k = eNonReloc
		e.info = fs.instr(e).A()
	} else if e.k == eVararg {
		*fs.instr(e) = fs.instr(e).SetC(2)
		e.k = eReloc
	}
}

// const2exp turns a compile-time constant's value into an expression.
func (fs *funcState) const2exp(e *expDesc) {
	vd := &fs.g.actvar[e.info]
	tj, fj := e.tj, e.fj
	*e = vd.k
	e.tj, e.fj = tj, fj
}

// dischargeVars turns a variable into a value.
func (fs *funcState) dischargeVars(e *expDesc) {
	switch e.k {
	case eConst:
		fs.const2exp(e)
	case eLocal:
		e.info = e.ridx
		e.k = eNonReloc
	case eUpval:
		e.info = fs.codeABC(bc.OpGetUpval, 0, e.info, 0)
		e.k = eReloc
	case eIndexUp:
		e.info = fs.codeABC(bc.OpGetTabUp, 0, e.t, e.idx)
		e.k = eReloc
	case eIndexI:
		fs.freeRegister(e.t)
		e.info = fs.codeABC(bc.OpGetI, 0, e.t, e.idx)
		e.k = eReloc
	case eIndexStr:
		fs.freeRegister(e.t)
		e.info = fs.codeABC(bc.OpGetField, 0, e.t, e.idx)
		e.k = eReloc
	case eIndexed:
		fs.freeRegs(e.t, e.idx)
		e.info = fs.codeABC(bc.OpGetTable, 0, e.t, e.idx)
		e.k = eReloc
	case eVararg, eCall:
		fs.setOneRet(e)
	}
}

func (fs *funcState) discharge2reg(e *expDesc, reg int) {
	fs.dischargeVars(e)
	switch e.k {
	case eNil:
		fs.loadNil(reg, 1)
	case eFalse:
		fs.codeABC(bc.OpLoadFalse, reg, 0, 0)
	case eTrue:
		fs.codeABC(bc.OpLoadTrue, reg, 0, 0)
	case eKStr:
		fs.codeK(reg, fs.stringK(e.strval))
	case eK:
		fs.codeK(reg, e.info)
	case eKFlt:
		fs.loadFloat(reg, e.nval)
	case eKInt:
		fs.loadInt(reg, e.ival)
	case eReloc:
		*fs.instr(e) = fs.instr(e).SetA(reg)
	case eNonReloc:
		if reg != e.info {
			fs.codeABC(bc.OpMove, reg, e.info, 0)
		}
	default:
		// eJmp: nothing to do here; exp2reg handles the jumps.
		return
	}
	e.info = reg
	e.k = eNonReloc
}

func (fs *funcState) discharge2anyreg(e *expDesc) {
	if e.k != eNonReloc {
		fs.reserveRegs(1)
		fs.discharge2reg(e, fs.freeReg-1)
	}
}

func (fs *funcState) codeLoadBool(a int, op bc.Opcode) int {
	fs.getLabel()
	return fs.codeABC(op, a, 0, 0)
}

// needValue reports whether a jump list has a jump that does not produce
// its value (one that is not a TESTSET).
func (fs *funcState) needValue(list int) bool {
	for ; list != noJump; list = fs.getJump(list) {
		if fs.jumpControl(list).Op() != bc.OpTestSet {
			return true
		}
	}
	return false
}

// exp2reg puts the value of e, jumps included, into reg.
func (fs *funcState) exp2reg(e *expDesc, reg int) {
	fs.discharge2reg(e, reg)
	if e.k == eJmp {
		fs.concatJumps(&e.tj, e.info)
	}
	if e.hasJumps() {
		pf, pt := noJump, noJump
		if fs.needValue(e.tj) || fs.needValue(e.fj) {
			fj := noJump
			if e.k != eJmp {
				fj = fs.jump()
			}
			pf = fs.codeLoadBool(reg, bc.OpLFalseSkip)
			pt = fs.codeLoadBool(reg, bc.OpLoadTrue)
			fs.patchToHere(fj)
		}
		final := fs.getLabel()
		fs.patchListAux(e.fj, final, reg, pf)
		fs.patchListAux(e.tj, final, reg, pt)
	}
	e.fj, e.tj = noJump, noJump
	e.info = reg
	e.k = eNonReloc
}

func (fs *funcState) exp2nextreg(e *expDesc) {
	fs.dischargeVars(e)
	fs.freeExp(e)
	fs.reserveRegs(1)
	fs.exp2reg(e, fs.freeReg-1)
}

func (fs *funcState) exp2anyreg(e *expDesc) int {
	fs.dischargeVars(e)
	if e.k == eNonReloc {
		if !e.hasJumps() {
			return e.info
		}
		if e.info >= fs.nvarstack() {
			fs.exp2reg(e, e.info)
			return e.info
		}
	}
	fs.exp2nextreg(e)
	return e.info
}

func (fs *funcState) exp2anyregup(e *expDesc) {
	if e.k != eUpval || e.hasJumps() {
		fs.exp2anyreg(e)
	}
}

func (fs *funcState) exp2val(e *expDesc) {
	if e.hasJumps() {
		fs.exp2anyreg(e)
	} else {
		fs.dischargeVars(e)
	}
}

// exp2K tries to make e a constant operand that fits in an instruction.
func (fs *funcState) exp2K(e *expDesc) bool {
	if e.hasJumps() {
		return false
	}
	var info int
	switch e.k {
	case eTrue:
		info = fs.boolK(true)
	case eFalse:
		info = fs.boolK(false)
	case eNil:
		info = fs.nilK()
	case eKInt:
		info = fs.intK(e.ival)
	case eKFlt:
		info = fs.floatK(e.nval)
	case eKStr:
		info = fs.stringK(e.strval)
	case eK:
		info = e.info
	default:
		return false
	}
	if info <= maxIndexRK {
		e.k = eK
		e.info = info
		return true
	}
	return false
}

// exp2RK makes e a constant operand or puts it in a register; it reports
// which.
func (fs *funcState) exp2RK(e *expDesc) bool {
	if fs.exp2K(e) {
		return true
	}
	fs.exp2anyreg(e)
	return false
}

func (fs *funcState) codeABRK(op bc.Opcode, a, b int, ec *expDesc) {
	k := fs.exp2RK(ec)
	fs.codeABCk(op, a, b, ec.info, k)
}

// storeVar assigns ex to the variable var.
func (fs *funcState) storeVar(v, ex *expDesc) {
	switch v.k {
	case eLocal:
		fs.freeExp(ex)
		fs.exp2reg(ex, v.ridx)
		return
	case eUpval:
		e := fs.exp2anyreg(ex)
		fs.codeABC(bc.OpSetUpval, e, v.info, 0)
	case eIndexUp:
		fs.codeABRK(bc.OpSetTabUp, v.t, v.idx, ex)
	case eIndexI:
		fs.codeABRK(bc.OpSetI, v.t, v.idx, ex)
	case eIndexStr:
		fs.codeABRK(bc.OpSetField, v.t, v.idx, ex)
	case eIndexed:
		fs.codeABRK(bc.OpSetTable, v.t, v.idx, ex)
	default:
		panic("codegen: invalid variable kind to store")
	}
	fs.freeExp(ex)
}

// self compiles the method lookup of e:key(...).
func (fs *funcState) self(e, key *expDesc) {
	fs.exp2anyreg(e)
	ereg := e.info
	fs.freeExp(e)
	e.info = fs.freeReg
	e.k = eNonReloc
	fs.reserveRegs(2)
	fs.codeABRK(bc.OpSelf, e.info, ereg, key)
	fs.freeExp(key)
}

func (fs *funcState) negateCondition(e *expDesc) {
	i := fs.jumpControl(e.info)
	*i = i.SetK(!i.K())
}

// jumpOnCond emits a jump taken when e's truth equals cond.
func (fs *funcState) jumpOnCond(e *expDesc, cond bool) int {
	if e.k == eReloc {
		ie := *fs.instr(e)
		if ie.Op() == bc.OpNot {
			fs.removeLastInstruction()
			return fs.condJump(bc.OpTest, ie.B(), 0, 0, !cond)
		}
	}
	fs.discharge2anyreg(e)
	fs.freeExp(e)
	return fs.condJump(bc.OpTestSet, bc.NoReg, e.info, 0, cond)
}

// goIfTrue falls through when e is true and jumps (false list) otherwise.
func (fs *funcState) goIfTrue(e *expDesc) {
	fs.dischargeVars(e)
	var pc int
	switch e.k {
	case eJmp:
		fs.negateCondition(e)
		pc = e.info
	case eK, eKFlt, eKInt, eKStr, eTrue:
		pc = noJump
	default:
		pc = fs.jumpOnCond(e, false)
	}
	fs.concatJumps(&e.fj, pc)
	fs.patchToHere(e.tj)
	e.tj = noJump
}

// goIfFalse falls through when e is false and jumps (true list) otherwise.
func (fs *funcState) goIfFalse(e *expDesc) {
	fs.dischargeVars(e)
	var pc int
	switch e.k {
	case eJmp:
		pc = e.info
	case eNil, eFalse:
		pc = noJump
	default:
		pc = fs.jumpOnCond(e, true)
	}
	fs.concatJumps(&e.tj, pc)
	fs.patchToHere(e.fj)
	e.fj = noJump
}

func (fs *funcState) codeNot(e *expDesc) {
	switch e.k {
	case eNil, eFalse:
		e.k = eTrue
	case eK, eKFlt, eKInt, eKStr, eTrue:
		e.k = eFalse
	case eJmp:
		fs.negateCondition(e)
	case eReloc, eNonReloc:
		fs.discharge2anyreg(e)
		fs.freeExp(e)
		e.info = fs.codeABC(bc.OpNot, 0, e.info, 0)
		e.k = eReloc
	default:
		panic("codegen: cannot negate expression")
	}
	e.fj, e.tj = e.tj, e.fj
	fs.removeValues(e.fj)
	fs.removeValues(e.tj)
}

// isKstr reports whether e is a string constant usable as a field key.
func (fs *funcState) isKstr(e *expDesc) bool {
	return e.k == eK && !e.hasJumps() && e.info <= bc.MaxB &&
		fs.f.Constants[e.info].Kind == bc.ConstString
}

func isKint(e *expDesc) bool { return e.k == eKInt && !e.hasJumps() }

func isCint(e *expDesc) bool { return isKint(e) && uint64(e.ival) <= bc.MaxC }

func isSCint(e *expDesc) bool { return isKint(e) && bc.FitsSC(e.ival) }

// isSCnumber reports whether e is a number that fits a signed immediate,
// returning the encoded operand and whether it stands for a float.
func isSCnumber(e *expDesc) (imm int, isFloat bool, ok bool) {
	var i int64
	switch e.k {
	case eKInt:
		i = e.ival
	case eKFlt:
		fi := int64(e.nval)
		if float64(fi) != e.nval || e.nval >= 9.2233720368547758e18 || e.nval < -9.2233720368547758e18 {
			return 0, false, false
		}
		i = fi
		isFloat = true
	default:
		return 0, false, false
	}
	if !e.hasJumps() && bc.FitsSC(i) {
		return bc.IntToSC(int(i)), isFloat, true
	}
	return 0, false, false
}

// indexed turns t into the indexed expression t[k].
func (fs *funcState) indexed(t, k *expDesc) {
	if k.k == eKStr {
		k.info = fs.stringK(k.strval)
		k.k = eK
	}
	if t.k == eUpval && !fs.isKstr(k) {
		fs.exp2anyreg(t)
	}
	if t.k == eUpval {
		t.t = t.info
		t.idx = k.info
		t.k = eIndexUp
		return
	}
	if t.k == eLocal {
		t.t = t.ridx
	} else {
		t.t = t.info
	}
	switch {
	case fs.isKstr(k):
		t.idx = k.info
		t.k = eIndexStr
	case isCint(k):
		t.idx = int(k.ival)
		t.k = eIndexI
	default:
		t.idx = fs.exp2anyreg(k)
		t.k = eIndexed
	}
}
