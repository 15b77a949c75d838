package runtime

import (
	"unsafe"

	bc "panto/bytecode"
)

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
// finishMetaFrame to complete. metaCall pushes and calls it and
// completes the instruction, without execSlow's dispatch, the generic
// precall and finishMetaFrame's decoding of the instruction. ok is
// false, with nothing done, when another path must decide (the operand
// is not such a table, the K forms' swapped operands, a hook, no room);
// otherwise n is what Slow returns. Generated code calls ArithMeta and
// CompareMeta, which take the operands and the event from the code, for
// most of these instructions, and Slow for the others (ADDI, POW, the
// shifts...).
func (f *Frame) metaDirect(pc int, i bc.Instruction, e tmEvent) (n int, ok bool) {
	op := i.Op()
	cmp := op == bc.OpEq || op == bc.OpLt || op == bc.OpLe
	x := r(f.regs, i.B())
	if cmp {
		x = r(f.regs, i.A())
	}
	if x.t != tagTable {
		return 0, false
	}
	if mt := x.table().meta; mt == nil || mt.tmAbsent&(1<<e) != 0 {
		return 0, false // metaCall's first tests, before the decoding
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
	if !cmp {
		n = f.metaCall(pc, x, y, e, i.A())
		return n, n != 0
	}
	switch n = f.metaCall(pc, x, y, e, -1); {
	case n == 0:
		return 0, false
	case n < 0:
		return n, true
	case (n == pc+2) != i.K():
		// A comparison makes the jump that follows, as part of it.
		return pc + 2, true
	}
	ci := f.ci
	ci.pc = f.L.jump(ci, pc+1, ci.cl.p.code[pc+1])
	return ci.pc, true
}

// metaCall calls the metamethod of event e for the operands x and y of
// instruction pc when x is a table whose metatable holds a native Lua
// function for e, as metaDirect describes: the frame is pushed as
// pushMetaFrame pushes it (the tick, the C-level call, the caller marked
// ciMetaPending) and the native function called as a Go call. It returns
// 0, with nothing done, when another path must decide. When the
// metamethod returned to this frame, an arithmetic instruction (a >= 0)
// has its result stored in register a and metaCall returns pc+1; a
// comparison (a < 0) returns pc+2 for a true result and pc+1 for a
// false one, leaving the jump to its caller. Anything else returns the
// code Slow would (execute must run the metamethod's frame, a yield, a
// hand-back for a hook set meanwhile, with the saved pc past the
// instruction and, for a comparison, its jump).
func (f *Frame) metaCall(pc int, x, y *Value, e tmEvent, a int) int {
	L, ci := f.L, f.ci
	if x.t != tagTable {
		return 0
	}
	mt := x.table().meta
	if mt == nil || mt.tmAbsent&(1<<e) != 0 || L.hook.mask != 0 || ci.ndepth >= maxNativeDepth {
		return 0
	}
	tm := probeStr(mt, &L.g.tmNames[e])
	if tm == nil || tm.t != tagLuaFn {
		return 0
	}
	ncl := tm.closure()
	p := ncl.p
	fn := ci.top
	ntop := fn + 1 + p.maxStack
	if p.native == nil || ntop+3 >= len(L.stack) {
		return 0
	}
	// tableMetaFrame's stores and pushMetaFrame.
	ci.pc = pc + 1
	// x and y are registers (below ci.top), a constant or imm: none is
	// among the three slots written, all below the length just checked.
	s := unsafe.Add(unsafe.Pointer(unsafe.SliceData(L.stack)), uintptr(fn)*valueSize)
	copyVal(r(s, 0), tm)
	copyVal(r(s, 1), x)
	copyVal(r(s, 2), y)
	top := fn + 3
	if L.g.interrupt.tick() {
		L.top = top
		L.checkInterrupt()
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
		L.stack[top] = Nil
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
		return slowFrame // execute runs the frame, hooked
	}
	// runMetaFrame.
	nci.ndepth = ci.ndepth + 1
	n := p.native(L, nci)
	for n == slowFrame && L.ci == nci && nci.cl.p.native != nil && L.hook.mask == 0 {
		n = nci.cl.p.native(L, nci)
	}
	switch {
	case n == nativeHandBack:
		return slowFrame // execute interprets L.ci
	case n != slowFrame || L.ci != ci:
		return n
	}
	// finishMetaFrame, but for the instruction's own completion.
	ci.status &^= ciMetaPending
	if ci.metaEpoch == L.metaEpoch {
		L.nCcalls--
	}
	top = L.top - 1
	L.top = top
	// The registers and the result, where the stack is now: below its
	// length, which never drops under a frame's top.
	base := unsafe.Pointer(unsafe.SliceData(L.stack))
	res := r(base, top)
	if a >= 0 {
		copyVal(r(base, ci.fn+1+a), res)
		n = pc + 1
	} else {
		n = pc + 1
		if res.Truthy() {
			n = pc + 2
		}
	}
	if L.hook.mask != 0 {
		// A hook was set meanwhile: the interpreter goes on past the
		// instruction (and a comparison's jump), as after Slow.
		if a < 0 {
			if (n == pc+2) != ci.cl.p.code[pc].K() {
				n = pc + 2
			} else {
				n = L.jump(ci, pc+1, ci.cl.p.code[pc+1])
			}
		}
		ci.pc = n
		return nativeHandBack
	}
	f.regs = unsafe.Pointer(r(base, ci.fn+1))
	return n
}

// metaEvents gives, by opcode, the event plus one of the instructions
// that generated code passes to ArithMeta and CompareMeta (metaDirectOps
// indexed by a byte, without a bounds check).
var metaEvents = func() (ev [256]uint8) {
	copy(ev[:], metaDirectOps[:])
	return ev
}()

// ArithMeta runs arithmetic instruction pc (opcode op, its result to
// register a, given together as op<<8 | a; its operands x and y: R[B]
// and R[C], or the constant, or R[B] twice for UNM and LEN) for
// generated code when no number fast path applied: a table operand with
// a native metamethod is called as metaDirect calls it, without Slow's
// decoding; anything else goes to the interpreter's slow path. It
// returns pc+1 or a code, as Slow. (One operand for op and a keeps the
// call within the five words of CallABC's, which every generated
// function's frame already reserves for its outgoing arguments: a sixth
// made fib's frame larger, and its entry longer.)
func (f *Frame) ArithMeta(pc int, x, y *Value, opA int) int {
	if n := f.metaCall(pc, x, y, tmEvent(metaEvents[uint8(opA>>8)]-1), opA&0xff); n != 0 {
		return n
	}
	L, ci := f.L, f.ci
	return f.slowDone(L.execSlow(ci, ci.cl.p.code[pc], pc+1))
}

// CompareTrue and CompareFalse are what CompareMeta returns when it
// called a metamethod: its result's truth, for the generated code to
// make the jump. No pc is as large.
const (
	CompareTrue  = 1 << 40
	CompareFalse = CompareTrue + 1
)

// CompareMeta is ArithMeta for the comparisons EQ, LT and LE of
// registers x and y (opcode op): when x is a table with a native
// metamethod for the event, it is called, and CompareMeta returns
// CompareTrue or CompareFalse for the generated code to make the jump;
// anything else goes to the interpreter's slow path, and CompareMeta
// returns what Slow would (the pc to go on at, or a code).
func (f *Frame) CompareMeta(pc int, x, y *Value, op int) int {
	// EQ calls __eq for two distinct tables only (execSlow's test
	// before tableMetaFrame).
	if op != int(bc.OpEq) || y.t == tagTable && y.p != x.p {
		switch n := f.metaCall(pc, x, y, tmEvent(metaEvents[uint8(op)]-1), -1); {
		case n < 0:
			return n
		case n == pc+2:
			return CompareTrue
		case n > 0:
			return CompareFalse
		}
	}
	L, ci := f.L, f.ci
	return f.slowDone(L.execSlow(ci, ci.cl.p.code[pc], pc+1))
}

// IndexMeta runs GETTABLE or GETFIELD instruction pc, R[a] := t[k], for
// generated code when its fast paths did not apply: when t is a table
// holding nil under k whose metatable's __index is a native Lua
// function (oop's defaults table), the function is called with t and k
// as metaCall calls metamethods, without Slow's decoding and
// tableMetaFrame's frame; anything else (an __index table, a
// non-table, no metatable) goes to the interpreter's slow path. It
// returns pc+1 or a code, as Slow.
func (f *Frame) IndexMeta(pc int, t, k *Value, a int) int {
	if t.t == tagTable {
		tt := t.table()
		if mt := tt.meta; mt != nil && mt.tmAbsent&(1<<tmIndex) == 0 && tt.Get(*k).t == tagNil {
			if n := f.metaCall(pc, t, k, tmIndex, a); n != 0 {
				return n
			}
		}
	}
	L, ci := f.L, f.ci
	return f.slowDone(L.execSlow(ci, ci.cl.p.code[pc], pc+1))
}
