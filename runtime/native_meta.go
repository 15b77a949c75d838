package runtime

import bc "panto/bytecode"

// metaDirectOps gives, for the instructions whose metamethod's result
// goes to register A or decides a comparison's jump, and whose first
// operand execSlow hands to tableMetaFrame, the event plus one (zero:
// none). Slow tries metaDirect
// for them before execSlow.
var metaDirectOps = func() (ops [bc.NumOpcodes]uint8) {
	for op := bc.OpAdd; op <= bc.OpShr; op++ {
		ops[op] = uint8(tmAdd+tmEvent(op-bc.OpAdd)) + 1
	}
	for op := bc.OpAddK; op <= bc.OpBxorK; op++ {
		ops[op] = uint8(tmAdd+tmEvent(op-bc.OpAddK)) + 1
	}
	ops[bc.OpAddI] = uint8(tmAdd) + 1
	ops[bc.OpUnm] = uint8(tmUnm) + 1
	ops[bc.OpLen] = uint8(tmLen) + 1
	ops[bc.OpEq] = uint8(tmEq) + 1
	ops[bc.OpLt] = uint8(tmLt) + 1
	ops[bc.OpLe] = uint8(tmLe) + 1
	return ops
}()

// metaDirect runs instruction i at pc, one of metaDirectOps, for Slow
// when its first operand is a table whose metatable holds a native Lua
// function for event e (oop's vector arithmetic, `#v` with __len, `a <
// b` with __lt): the choice tableMetaFrame makes for execSlow, which
// would push the function as a frame for runMetaFrame to call and
// finishMetaFrame to complete. Here the frame is pushed as
// pushMetaFrame pushes it (the tick, the C-level call, the caller marked
// ciMetaPending), the native function is called as a Go call, and the
// result is stored in register A or decides the jump, without
// execSlow's dispatch, the generic precall and finishMetaFrame's
// decoding of the instruction. ok is false, with nothing done, when
// another path must decide (the operand is not such a table, the K
// forms' swapped operands, a hook, no room); otherwise n is what Slow
// returns.
func (f *Frame) metaDirect(pc int, i bc.Instruction, e tmEvent) (n int, ok bool) {
	L, ci := f.L, f.ci
	op := i.Op()
	cmp := op == bc.OpEq || op == bc.OpLt || op == bc.OpLe
	x := r(f.regs, i.B())
	if cmp {
		x = r(f.regs, i.A())
	}
	if x.t != tagTable {
		return 0, false
	}
	mt := x.table().meta
	if mt == nil || mt.tmAbsent&(1<<e) != 0 || L.hook.mask != 0 || ci.ndepth >= maxNativeDepth {
		return 0, false
	}
	var y *Value
	switch {
	case cmp:
		y = r(f.regs, i.B())
		if op == bc.OpEq && (y.t != tagTable || y.p == x.p) {
			return 0, false // execSlow's test before tableMetaFrame
		}
	case op >= bc.OpAdd && op <= bc.OpShr:
		y = r(f.regs, i.C())
	case op == bc.OpUnm || op == bc.OpLen:
		y = x
	case i.K():
		return 0, false // the constant is the first operand
	case op == bc.OpAddI:
		imm := Int(int64(i.SC()))
		y = &imm
	default: // the K forms
		y = kv(f.kb, i.C())
	}
	tm := probeStr(mt, &L.g.tmNames[e])
	if tm == nil || tm.t != tagLuaFn {
		return 0, false
	}
	ncl := tm.closure()
	p := ncl.p
	fn := ci.top
	ntop := fn + 1 + p.maxStack
	if p.native == nil || ntop+3 >= len(L.stack) {
		return 0, false
	}
	// tableMetaFrame's stores and pushMetaFrame.
	ci.pc = pc + 1
	// x and y are registers (below ci.top), a constant or imm: none is
	// among the three slots written.
	s := L.stack
	copyVal(&s[fn], tm)
	copyVal(&s[fn+1], x)
	copyVal(&s[fn+2], y)
	top := fn + 3
	if L.g.interrupt.tick() {
		L.top = top
		L.checkInterrupt()
		s = L.stack
	}
	L.nCcalls++
	if L.nCcalls >= maxCcalls {
		L.top = top
		L.checkCstack()
	}
	ci.status |= ciMetaPending
	ci.metaEpoch = L.metaEpoch
	// precall's Lua case.
	for nargs := 2; nargs < p.numParams; nargs++ {
		s[top] = Nil
		top++
	}
	L.top = top
	nci := L.nextCI()
	nci.fn = fn
	nci.nresults = 1
	nci.status = ciLua
	nci.top = ntop
	nci.cl = ncl
	nci.pc = 0
	nci.nextraargs = 0
	if L.hook.mask != 0 {
		return slowFrame, true // execute runs the frame, hooked
	}
	// runMetaFrame.
	nci.ndepth = ci.ndepth + 1
	n = p.native(L, nci)
	for n == slowFrame && L.ci == nci && nci.cl.p.native != nil && L.hook.mask == 0 {
		n = nci.cl.p.native(L, nci)
	}
	switch {
	case n == nativeHandBack:
		return slowFrame, true // execute interprets L.ci
	case n != slowFrame || L.ci != ci:
		return n, true
	}
	// finishMetaFrame.
	ci.status &^= ciMetaPending
	if ci.metaEpoch == L.metaEpoch {
		L.nCcalls--
	}
	L.top--
	if !cmp {
		copyVal(&L.stack[ci.fn+1+i.A()], &L.stack[L.top])
		return pc + 1, true
	}
	// A comparison makes the jump that follows, as part of it.
	if L.stack[L.top].Truthy() != i.K() {
		return pc + 2, true
	}
	ci.pc = L.jump(ci, pc+1, ci.cl.p.code[pc+1])
	return ci.pc, true
}
