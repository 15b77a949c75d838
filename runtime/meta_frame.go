package runtime

import bc "panto/bytecode"

// Metamethods as frames. When an instruction run by the dispatch loop's
// slow path (execSlow) needs a metamethod that is a Lua function, the
// metamethod is not called through a Go-level call into a fresh execute:
// it is pushed as a frame of the running loop, the instruction is left
// half done, and the interrupted frame is marked ciMetaPending. When the
// metamethod returns into that frame, the loop completes the instruction
// with finishMetaFrame (the result into its register, the conditional
// jump of a comparison), as the completion after a yield does (finishOp).
// Lua-to-Lua metamethod calls thus cost what a call costs, and a yield
// inside one needs no Go frames unwound.
//
// Everything else behaves as with a Go-level call: the call counts a tick
// and a C-level call (nCcalls, so deep metamethod recursion still ends in
// "C stack overflow" at the same depth), the frame chain that tracebacks,
// debug.getinfo and hooks see is the same, and metamethods called by Go
// code (the API, the libraries, native code's direct paths) are still Go
// calls.

// pushMetaFrame pushes the Lua metamethod at fn, whose arguments lie
// above it up to the top, as a frame of the running dispatch loop; its
// caller, L.ci, is the Lua frame whose instruction (already saved in its
// pc) waits for the nresults results.
func (L *State) pushMetaFrame(fn, nresults int) {
	if L.g.interrupt.tick() {
		L.checkInterrupt()
	}
	L.nCcalls++
	if L.nCcalls >= maxCcalls {
		L.checkCstack()
	}
	caller := L.ci
	caller.status |= ciMetaPending
	// A resume sets nCcalls afresh, dropping the C-level calls of the
	// frames it unrolls, as the reference's longjmp drops them: the epoch
	// tells finishMetaFrame whether this call's count is still in nCcalls.
	caller.metaEpoch = L.metaEpoch
	L.precall(fn, nresults) // a Lua function: precall pushes its frame
}

// metaResultOps are the instructions whose metamethod's result goes to
// register A (finishMetaFrame).
var metaResultOps = func() (ops [bc.NumOpcodes]bool) {
	for _, op := range []bc.Opcode{
		bc.OpAddI, bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpPowK, bc.OpDivK,
		bc.OpIDivK, bc.OpBandK, bc.OpBorK, bc.OpBxorK, bc.OpShrI, bc.OpShlI,
		bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpPow, bc.OpDiv, bc.OpIDiv,
		bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr,
		bc.OpUnm, bc.OpBnot, bc.OpLen, bc.OpGetTabUp, bc.OpGetTable, bc.OpGetI,
		bc.OpGetField, bc.OpSelf,
	} {
		ops[op] = true
	}
	return ops
}()

// finishMetaFrame completes the instruction of Lua frame ci, marked
// ciMetaPending, whose metamethod has returned its result to the top (for
// __newindex, nothing). L.ci is then the frame to run: ci, or another
// Lua __concat that the concatenation went on to push.
func (L *State) finishMetaFrame(ci *callInfo) {
	ci.status &^= ciMetaPending
	if ci.metaEpoch == L.metaEpoch {
		L.nCcalls--
	}
	code := ci.cl.p.code
	i := code[ci.pc-1]
	op := i.Op()
	if metaResultOps[op] {
		L.top--
		copyVal(&L.stack[ci.fn+1+i.A()], &L.stack[L.top])
		return
	}
	switch op {
	case bc.OpLt, bc.OpLe, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI, bc.OpEq:
		// The jump that follows is made here, as part of the comparison,
		// as when the metamethod is called from execSlow (the count and
		// line hooks see one instruction).
		res := L.stack[L.top-1].Truthy()
		L.top--
		if ci.status&ciLeqFallback != 0 {
			ci.status &^= ciLeqFallback
			res = !res
		}
		if res != i.K() {
			ci.pc++
		} else {
			ci.pc = L.jump(ci, ci.pc, code[ci.pc])
		}
	case bc.OpConcat:
		top := L.top - 1 // the metamethod's result, one past the operands
		a := ci.fn + 1 + i.A()
		total := top - 1 - a // values left to join, the result included
		L.stack[top-2] = L.stack[top]
		L.top = top - 1
		if total > 1 && L.concatFrame(total, true) {
			return
		}
		L.top = ci.top
	}
	// The stores (__newindex) have nothing left to do.
}

// arithMetaVM runs an arithmetic instruction of frame ci (ADD, SUB,
// MUL, their K forms) whose operands the dispatch loop found not to be
// numbers: when the first is a table whose metamethod is a Lua function,
// the frame is pushed here (tableMetaFrame), as execSlow would push it,
// without execSlow's decoding and copies (oop's vector arithmetic).
// Everything else goes to execSlow.
func (L *State) arithMetaVM(ci *callInfo, i bc.Instruction, pc int) int {
	regs := L.frameRegs(ci.fn + 1)
	if rb := r(regs, i.B()); rb.t == tagTable {
		var e tmEvent
		var rc *Value
		if op := i.Op(); op >= bc.OpAdd {
			e, rc = tmAdd+tmEvent(op-bc.OpAdd), r(regs, i.C())
		} else if !i.K() {
			e, rc = tmAdd+tmEvent(op-bc.OpAddK), &ci.cl.p.k[i.C()]
		} else {
			return L.execSlow(ci, i, pc)
		}
		ci.pc = pc
		if L.tableMetaFrame(ci, e, *rb, *rc) {
			return slowFrame
		}
	}
	return L.execSlow(ci, i, pc)
}

// tableMetaFrame is the short way to a metamethod for execSlow, when the
// first operand a is a table whose metatable holds a Lua function for
// event e: that function, which the general paths (finishGetFrame,
// arithSlowFrame, equalObjFrame, lessThanFrame...) would choose too, is
// pushed as a frame with a and b as arguments and tableMetaFrame reports
// true. Otherwise it reports false and the general path decides. The
// caller has saved ci's pc and checked everything the general path checks
// before it looks for the metamethod (a raw lookup that missed, operands
// that are not numbers).
func (L *State) tableMetaFrame(ci *callInfo, e tmEvent, a, b Value) bool {
	if a.t != tagTable {
		return false
	}
	mt := a.table().meta
	if mt == nil || mt.tmAbsent&(1<<e) != 0 {
		return false
	}
	tm := probeStr(mt, &L.g.tmNames[e])
	if tm == nil || tm.t != tagLuaFn {
		return false
	}
	fn := ci.top
	cl := tm.closure()
	p := cl.p
	nci := ci.next
	if nci == nil || L.ci != ci || fn+3+p.maxStack > len(L.stack) || L.g.interrupt.countdown <= 0 {
		// A new callInfo, a stack to grow or the interruption check:
		// the general push.
		L.ensureStack(fn + 3)
		s := L.stack[fn : fn+3]
		copyVal(&s[0], tm) // in the metatable, not on the stack that may have moved
		copyVal(&s[1], &a)
		copyVal(&s[2], &b)
		L.top = fn + 3
		L.pushMetaFrame(fn, 1)
		return true
	}
	// What pushMetaFrame and precall do, for a Lua function whose frame
	// fits in the stack, with a callInfo to reuse and a tick that does
	// not expire the countdown.
	s := L.stack[fn : fn+3]
	copyVal(&s[0], tm)
	copyVal(&s[1], &a)
	copyVal(&s[2], &b)
	top := fn + 3
	for ; top <= fn+p.numParams; top++ {
		L.stack[top] = Nil // missing parameters
	}
	L.top = top
	L.g.interrupt.countdown--
	L.nCcalls++
	if L.nCcalls >= maxCcalls {
		L.checkCstack()
	}
	ci.status |= ciMetaPending
	ci.metaEpoch = L.metaEpoch
	nci.fn = fn
	nci.nresults = 1
	nci.status = ciLua
	nci.top = fn + 1 + p.maxStack
	nci.cl = cl
	nci.pc = 0
	nci.nextraargs = 0
	L.ci = nci
	return true
}
