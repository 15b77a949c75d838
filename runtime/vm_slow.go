package runtime

import (
	"unsafe"

	bc "panto/bytecode"
	"panto/internal/luanum"
)

// What execSlow returns instead of a pc when the dispatch loop must not
// simply go on in the same frame.
const (
	slowFrame = -1 // L.ci is another Lua frame to run: a callee, or the caller after a return
	slowYield = -2 // a Go function yielded
	slowDone  = -3 // the frame marked ciFresh returned: execute returns
)

// selfStringVM runs SELF with a constant key on a string receiver for
// the dispatch loop, as execSlow's SELF does it, without execSlow's
// decoding (json's s:byte(i), s:sub(i, j)): the string metatable stands
// for the receiver's class in the instruction's method cache, as in
// generated code's SelfC, and a miss walks its __index chain of tables
// and fills the cache. Anything else (an __index function, a missing
// method, a key stored as another copy of the string) goes to execSlow.
func (L *State) selfStringVM(ci *callInfo, i bc.Instruction, pc int) int {
	p := ci.cl.p
	key := &p.k[i.C()]
	if smt := L.g.typeMeta[tagString]; smt != nil && key.h != 0 {
		var v *Value
		if ms := p.methods.Load(); ms != nil {
			v = ms[uint(pc)%methodSiteCount].cached(smt, pc)
		}
		if v == nil {
			v, _ = walkMeta(smt, key, p.methodSlot(pc), pc)
		}
		if v != nil && v.t != tagNil {
			regs := L.frameRegs(ci.fn + 1)
			a := i.A()
			copyVal(r(regs, a+1), r(regs, i.B()))
			copyVal(r(regs, a), v)
			return pc
		}
	}
	return L.execSlow(ci, i, pc)
}

// execSlow executes instruction i of frame ci, where pc is the index of the
// next instruction (ci.pc not yet saved), and returns the pc to go on at or
// one of slowFrame, slowYield and slowDone. It implements every
// instruction completely, metamethods, coercions, errors, calls and
// interruption ticks included: the dispatch loop comes here when its inline
// fast path does not apply, and for every instruction while hooks are set.
// Being out of line keeps calls out of the loop's fast paths, so that the
// compiler does not spill the loop's state at every instruction.
//
// Exception: a CALL's tick is counted by the caller (the dispatch loop
// counts it before deciding to come here); execSlow checks the
// interruption sources when that tick expired the countdown.
func (L *State) execSlow(ci *callInfo, i bc.Instruction, pc int) int {
	cl := ci.cl
	kb := unsafe.Pointer(unsafe.SliceData(cl.p.k))
	cb := unsafe.Pointer(unsafe.SliceData(cl.p.code))
	base := ci.fn + 1
	regs := L.frameRegs(base)
	a := i.A()
	switch i.Op() {
	case bc.OpMove:
		(*r(regs, a)) = (*r(regs, i.B()))
	case bc.OpLoadI:
		(*r(regs, a)) = Int(int64(i.SBx()))
	case bc.OpLoadF:
		(*r(regs, a)) = Float(float64(i.SBx()))
	case bc.OpLoadK:
		(*r(regs, a)) = *kv(kb, i.Bx())
	case bc.OpLoadKX:
		(*r(regs, a)) = *kv(kb, fetch(cb, pc).Ax())
		pc++
	case bc.OpLoadFalse:
		(*r(regs, a)) = False
	case bc.OpLFalseSkip:
		(*r(regs, a)) = False
		pc++
	case bc.OpLoadTrue:
		(*r(regs, a)) = True
	case bc.OpLoadNil:
		for j := a + i.B(); j >= a; j-- {
			*r(regs, j) = Nil
		}
	case bc.OpGetUpval:
		(*r(regs, a)) = *cl.upvals[i.B()].v
	case bc.OpSetUpval:
		*cl.upvals[i.B()].v = (*r(regs, a))
	// The four loads stay spelled out, unlike the stores (storeSlow): code
	// that indexes with keys built at run time (json) comes here for most
	// lookups, and one shared function made it 4-8% slower.
	case bc.OpGetTabUp:
		up := *cl.upvals[i.B()].v
		key := *kv(kb, i.C())
		if up.t == tagTable {
			t := up.table()
			if v := t.getStr(key); v.t != tagNil || t.meta == nil {
				(*r(regs, a)) = v
				return pc
			}
		}
		ci.pc = pc
		L.top = ci.top
		if up.t == tagTable && L.tableMetaFrame(ci, tmIndex, up, key) {
			return slowFrame
		}
		v, pushed := L.finishGetFrame(up, key, true)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		(*r(regs, a)) = v
	case bc.OpGetTable:
		rb := (*r(regs, i.B()))
		rc := (*r(regs, i.C()))
		if rb.t == tagTable {
			t := rb.table()
			var v Value
			if rc.t == tagInt {
				v = t.GetInt(int64(rc.n))
			} else {
				v = t.Get(rc)
			}
			if v.t != tagNil || t.meta == nil {
				(*r(regs, a)) = v
				return pc
			}
		}
		ci.pc = pc
		L.top = ci.top
		if rb.t == tagTable && L.tableMetaFrame(ci, tmIndex, rb, rc) {
			return slowFrame
		}
		v, pushed := L.finishGetFrame(rb, rc, true)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		(*r(regs, a)) = v
	case bc.OpGetI:
		rb := (*r(regs, i.B()))
		if rb.t == tagTable {
			t := rb.table()
			if v := t.GetInt(int64(i.C())); v.t != tagNil || t.meta == nil {
				(*r(regs, a)) = v
				return pc
			}
		}
		ci.pc = pc
		L.top = ci.top
		if rb.t == tagTable && L.tableMetaFrame(ci, tmIndex, rb, Int(int64(i.C()))) {
			return slowFrame
		}
		v, pushed := L.finishGetFrame(rb, Int(int64(i.C())), true)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		(*r(regs, a)) = v
	case bc.OpGetField:
		rb := (*r(regs, i.B()))
		key := *kv(kb, i.C())
		if rb.t == tagTable {
			t := rb.table()
			if v := t.getStr(key); v.t != tagNil || t.meta == nil {
				(*r(regs, a)) = v
				return pc
			}
		}
		ci.pc = pc
		L.top = ci.top
		if rb.t == tagTable && L.tableMetaFrame(ci, tmIndex, rb, key) {
			return slowFrame
		}
		v, pushed := L.finishGetFrame(rb, key, true)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		(*r(regs, a)) = v
	case bc.OpSetTabUp:
		if L.storeFrame(ci, pc, *cl.upvals[i.A()].v, *kv(kb, i.B()), storeValue(i, regs, kb)) {
			return slowFrame
		}
	case bc.OpSetTable:
		if L.storeFrame(ci, pc, *r(regs, a), *r(regs, i.B()), storeValue(i, regs, kb)) {
			return slowFrame
		}
	case bc.OpSetI:
		if L.storeFrame(ci, pc, *r(regs, a), Int(int64(i.B())), storeValue(i, regs, kb)) {
			return slowFrame
		}
	case bc.OpSetField:
		if L.storeFrame(ci, pc, *r(regs, a), *kv(kb, i.B()), storeValue(i, regs, kb)) {
			return slowFrame
		}
	case bc.OpNewTable:
		return L.newTableVM(ci, i, pc)
	case bc.OpSelf:
		rb := (*r(regs, i.B()))
		var key Value
		if i.K() {
			key = *kv(kb, i.C())
		} else {
			key = (*r(regs, i.C()))
		}
		(*r(regs, a+1)) = rb
		if rb.t == tagTable && key.t == tagString {
			t := rb.table()
			if v := t.getStr(key); v.t != tagNil || t.meta == nil {
				(*r(regs, a)) = v
				return pc
			}
		} else if rb.t == tagString && key.t == tagString {
			// A method of strings (s:sub(...)): found in the __index
			// table of their metatable, where finishGet would find it.
			// First by pointer, as the dispatch loop probes (the event
			// name and a method's name are usually the very strings
			// stored as keys), without fastTM's and getStr's calls.
			if mt := L.g.typeMeta[tagString]; mt != nil {
				if idx := probeStr(mt, &L.g.tmNames[tmIndex]); idx != nil && idx.t == tagTable {
					if v := probeStr(idx.table(), &key); v != nil && v.t != tagNil {
						copyVal(r(regs, a), v)
						return pc
					}
				}
			}
			if idx := L.fastTM(L.g.typeMeta[tagString], tmIndex); idx.t == tagTable {
				if v := idx.table().getStr(key); v.t != tagNil {
					(*r(regs, a)) = v
					return pc
				}
			}
		}
		ci.pc = pc
		L.top = ci.top
		if key.t == tagString && rb.t == tagTable && L.tableMetaFrame(ci, tmIndex, rb, key) {
			return slowFrame // the raw lookup above missed
		}
		v, pushed := L.finishGetFrame(rb, key, true)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		(*r(regs, a)) = v
	case bc.OpAddI:
		rb := r(regs, i.B())
		imm := int64(i.SC())
		if rb.t == tagInt {
			*r(regs, a) = Int(int64(rb.n) + imm)
		} else if rb.t == tagFloat {
			*r(regs, a) = Float(rb.AsFloat() + float64(imm))
		} else {
			ci.pc = pc
			L.top = ci.top
			if !i.K() && rb.t == tagTable && L.tableMetaFrame(ci, tmAdd, *rb, Int(imm)) {
				return slowFrame
			}
			v, pushed := L.arithSlowK(arithAdd, *rb, Int(imm), i.K())
			if pushed {
				return slowFrame
			}
			regs = L.frameRegs(base)
			*r(regs, a) = v
		}
	case bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpPowK, bc.OpDivK, bc.OpIDivK,
		bc.OpBandK, bc.OpBorK, bc.OpBxorK:
		// The dispatch loop did the common cases inline; here is
		// everything, numbers included (hooked execution comes here for
		// every instruction), through the general arithmetic.
		op, rb, kc := arithOp(i.Op()-bc.OpAddK), *r(regs, i.B()), *kv(kb, i.C())
		if (op == arithMod || op == arithIDiv) && isIntDivZero(rb, kc) {
			L.divideByZero(op) // before saving pc, as the reference
		}
		ci.pc = pc
		if !i.K() && rb.t == tagTable && L.tableMetaFrame(ci, tmAdd+tmEvent(op), rb, kc) {
			return slowFrame
		}
		v, pushed := L.arithK(op, rb, kc, i.K(), ci)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		*r(regs, a) = v
	case bc.OpShrI:
		rb := r(regs, i.B())
		if rb.t == tagInt {
			*r(regs, a) = Int(luanum.ShiftLeft(int64(rb.n), -int64(i.SC())))
			return pc
		}
		ci.pc = pc
		L.top = ci.top
		v, pushed := L.arithSlowFrame(arithShr, *rb, Int(int64(i.SC())), true)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		*r(regs, a) = v
	case bc.OpShlI:
		rb := r(regs, i.B())
		if rb.t == tagInt {
			*r(regs, a) = Int(luanum.ShiftLeft(int64(i.SC()), int64(rb.n)))
			return pc
		}
		ci.pc = pc
		L.top = ci.top
		v, pushed := L.arithSlowFrame(arithShl, Int(int64(i.SC())), *rb, true)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		*r(regs, a) = v
	case bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpPow, bc.OpDiv, bc.OpIDiv,
		bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr:
		op, rb, rc := arithOp(i.Op()-bc.OpAdd), *r(regs, i.B()), *r(regs, i.C())
		if (op == arithMod || op == arithIDiv) && isIntDivZero(rb, rc) {
			L.divideByZero(op) // before saving pc, as the reference
		}
		ci.pc = pc
		if rb.t == tagTable && L.tableMetaFrame(ci, tmAdd+tmEvent(op), rb, rc) {
			return slowFrame
		}
		v, pushed := L.arith(op, rb, rc, ci)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		*r(regs, a) = v
	case bc.OpUnm:
		rb := r(regs, i.B())
		if rb.t == tagInt {
			*r(regs, a) = Int(-int64(rb.n))
		} else if rb.t == tagFloat {
			*r(regs, a) = Float(-rb.AsFloat())
		} else {
			ci.pc = pc
			L.top = ci.top
			if rb.t == tagTable && L.tableMetaFrame(ci, tmUnm, *rb, *rb) {
				return slowFrame
			}
			v, pushed := L.arithSlowFrame(arithUnm, *rb, *rb, true)
			if pushed {
				return slowFrame
			}
			regs = L.frameRegs(base)
			*r(regs, a) = v
		}
	case bc.OpBnot:
		rb := r(regs, i.B())
		if rb.t == tagInt {
			*r(regs, a) = Int(^int64(rb.n))
			return pc
		}
		ci.pc = pc
		L.top = ci.top
		v, pushed := L.arithSlowFrame(arithBnot, *rb, *rb, true)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		*r(regs, a) = v
	case bc.OpNot:
		(*r(regs, a)) = Bool(!(*r(regs, i.B())).Truthy())
	case bc.OpLen:
		rb := (*r(regs, i.B()))
		if rb.t == tagString {
			(*r(regs, a)) = Int(int64(rb.n))
			return pc
		}
		if rb.t == tagTable && rb.table().meta == nil {
			(*r(regs, a)) = Int(rb.table().Len())
			return pc
		}
		ci.pc = pc
		L.top = ci.top
		if rb.t == tagTable && L.tableMetaFrame(ci, tmLen, rb, rb) {
			return slowFrame
		}
		v, pushed := L.objLenFrame(rb, true)
		if pushed {
			return slowFrame
		}
		regs = L.frameRegs(base)
		(*r(regs, a)) = v
	case bc.OpConcat:
		ra := base + a
		n := i.B()
		ci.pc = pc
		L.top = ra + n
		if L.concatFrame(n, true) {
			return slowFrame
		}
		regs = L.frameRegs(base)
		// concat leaves the result at ra.
		L.top = ci.top
	case bc.OpClose:
		ra := base + a
		ci.pc = pc
		L.top = ci.top // __close methods are called above the frame
		L.closeAll(ra, Nil, false)
		regs = L.frameRegs(base)
	case bc.OpTBC:
		ra := base + a
		ci.pc = pc
		L.newTBC(ra)
	case bc.OpJmp:
		off := i.SJ()
		pc += off
		if off < 0 {
			if L.g.interrupt.tick() {
				L.checkInterruptAtJump(ci, pc-off-1, pc)
			}
		}
	case bc.OpEq:
		rb := (*r(regs, i.B()))
		a := (*r(regs, a))
		var cond bool
		if a.t == rb.t && (a.t == tagTable || a.t == tagUserdata) && a.p != rb.p {
			ci.pc = pc
			L.top = ci.top
			if a.t == tagTable && L.tableMetaFrame(ci, tmEq, a, rb) {
				return slowFrame
			}
			var pushed bool
			cond, pushed = L.equalObjFrame(a, rb, true)
			if pushed {
				return slowFrame
			}
			regs = L.frameRegs(base)
		} else {
			cond = RawEqual(a, rb)
		}
		if cond != i.K() {
			pc++
		} else {
			pc = L.jump(ci, pc, fetch(cb, pc))
		}
	case bc.OpLt:
		a := (*r(regs, a))
		rb := (*r(regs, i.B()))
		var cond bool
		if a.t == tagInt && rb.t == tagInt {
			cond = int64(a.n) < int64(rb.n)
		} else if a.IsNumber() && rb.IsNumber() {
			cond = numLess(a, rb)
		} else {
			ci.pc = pc
			L.top = ci.top
			if a.t == tagTable && L.tableMetaFrame(ci, tmLt, a, rb) {
				return slowFrame
			}
			var pushed bool
			cond, pushed = L.lessThanFrame(a, rb, true)
			if pushed {
				return slowFrame
			}
			regs = L.frameRegs(base)
		}
		if cond != i.K() {
			pc++
		} else {
			pc = L.jump(ci, pc, fetch(cb, pc))
		}
	case bc.OpLe:
		a := (*r(regs, a))
		rb := (*r(regs, i.B()))
		var cond bool
		if a.t == tagInt && rb.t == tagInt {
			cond = int64(a.n) <= int64(rb.n)
		} else if a.IsNumber() && rb.IsNumber() {
			cond = numLessEq(a, rb)
		} else {
			ci.pc = pc
			L.top = ci.top
			if a.t == tagTable && L.tableMetaFrame(ci, tmLe, a, rb) {
				return slowFrame
			}
			var pushed bool
			cond, pushed = L.lessEqualFrame(a, rb, true)
			if pushed {
				return slowFrame
			}
			regs = L.frameRegs(base)
		}
		if cond != i.K() {
			pc++
		} else {
			pc = L.jump(ci, pc, fetch(cb, pc))
		}
	case bc.OpEqK:
		if RawEqual((*r(regs, a)), *kv(kb, i.B())) != i.K() {
			pc++
		} else {
			pc = L.jump(ci, pc, fetch(cb, pc))
		}
	case bc.OpEqI:
		a := (*r(regs, a))
		imm := int64(i.SB())
		var cond bool
		if a.t == tagInt {
			cond = int64(a.n) == imm
		} else if a.t == tagFloat {
			cond = a.AsFloat() == float64(imm)
		}
		if cond != i.K() {
			pc++
		} else {
			pc = L.jump(ci, pc, fetch(cb, pc))
		}
	case bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI:
		a := (*r(regs, a))
		imm := int64(i.SB())
		var cond bool
		if a.t == tagInt {
			x := int64(a.n)
			switch i.Op() {
			case bc.OpLtI:
				cond = x < imm
			case bc.OpLeI:
				cond = x <= imm
			case bc.OpGtI:
				cond = x > imm
			default:
				cond = x >= imm
			}
		} else if a.t == tagFloat {
			x, y := a.AsFloat(), float64(imm)
			switch i.Op() {
			case bc.OpLtI:
				cond = x < y
			case bc.OpLeI:
				cond = x <= y
			case bc.OpGtI:
				cond = x > y
			default:
				cond = x >= y
			}
		} else {
			ci.pc = pc
			L.top = ci.top
			var pushed bool
			cond, pushed = L.compareImmediate(i, a)
			if pushed {
				return slowFrame
			}
			regs = L.frameRegs(base)
		}
		if cond != i.K() {
			pc++
		} else {
			pc = L.jump(ci, pc, fetch(cb, pc))
		}
	case bc.OpTest:
		if (*r(regs, a)).Truthy() != i.K() {
			pc++
		} else {
			pc = L.jump(ci, pc, fetch(cb, pc))
		}
	case bc.OpTestSet:
		rb := (*r(regs, i.B()))
		if rb.Truthy() != i.K() {
			pc++
		} else {
			(*r(regs, a)) = rb
			pc = L.jump(ci, pc, fetch(cb, pc))
		}
	case bc.OpCall:
		ra := base + a
		if b := i.B(); b != 0 {
			L.top = ra + b
		}
		nresults := i.C() - 1
		ci.pc = pc
		// The dispatch loop counted the tick; it comes here when it is
		// time to check, or for anything but a plain Lua function.
		if L.g.interrupt.countdown < 0 {
			L.checkInterrupt()
		}
		if L.precall(ra, nresults) != nil {
			return slowFrame
		}
		// A Go function ran to completion, or yielded.
		if L.status == StatusYield {
			return slowYield
		}
		if nresults >= 0 {
			L.top = ci.top
		}
	case bc.OpTailCall:
		ra := base + a
		b := i.B()
		if b != 0 {
			L.top = ra + b
		}
		ci.pc = pc
		if L.g.interrupt.tick() {
			L.checkInterrupt()
		}
		if i.K() {
			L.closeUpvals(base)
		}
		delta := 0
		if c := i.C(); c != 0 {
			delta = ci.nextraargs + c
		}
		if L.pretailcall(ci, ra, delta) != nil {
			return slowFrame
		}
		if L.status == StatusYield {
			return slowYield
		}
		// A Go function ran: return its results, which are on the top.
		ci.fn -= delta
		n := L.top - ra
		if L.posReturn(ci, L.top-n, n) {
			return slowDone
		}
		return slowFrame
	case bc.OpReturn:
		ra := base + a
		n := i.B() - 1
		if n < 0 {
			n = L.top - ra
		}
		if i.K() {
			ci.pc = pc
			ci.nyield = n // remembered in case a __close yields
			if L.top < ra+n {
				L.top = ra + n
			}
			L.closeUpvals(base)
			if len(L.tbc) > 0 && L.tbc[len(L.tbc)-1] >= base {
				L.top = ra + n
				L.closeTBC(base, Nil, false, true)
			}
		}
		if c := i.C(); c != 0 {
			ci.fn -= ci.nextraargs + c
		}
		if L.posReturn(ci, ra, n) {
			return slowDone
		}
		return slowFrame
	case bc.OpReturn0:
		// With hooks (the dispatch loop returns inline without).
		if L.posReturn(ci, base+a, 0) {
			return slowDone
		}
		return slowFrame
	case bc.OpReturn1:
		if L.posReturn(ci, base+a, 1) {
			return slowDone
		}
		return slowFrame
	case bc.OpForLoop:
		at := pc - 1
		ra := base + a
		if (*r(regs, a+2)).t == tagInt {
			count := (*r(regs, a+1)).n
			if count > 0 {
				step := int64((*r(regs, a+2)).n)
				idx := int64((*r(regs, a)).n) + step
				*r(regs, a+1) = Int(int64(count - 1))
				*r(regs, a) = Int(idx)
				*r(regs, a+3) = Int(idx)
				pc -= i.Bx()
			}
		} else if L.floatForLoop(ra) {
			pc -= i.Bx()
		}
		if L.g.interrupt.tick() {
			L.checkInterruptAtJump(ci, at, pc)
		}
	case bc.OpTForLoop:
		if v := (*r(regs, a+4)); v.t != tagNil {
			(*r(regs, a+2)) = v
			pc -= i.Bx()
			if L.g.interrupt.tick() {
				L.checkInterruptAtJump(ci, pc+i.Bx()-1, pc)
			}
		}
	case bc.OpForPrep:
		ra := base + a
		ci.pc = pc
		if L.forPrep(ra) {
			pc += i.Bx() + 1
		}
	case bc.OpTForPrep:
		ra := base + a
		ci.pc = pc
		if !(*r(regs, a+3)).IsNil() {
			L.newTBC(ra + 3)
		}
		pc += i.Bx()
	case bc.OpTForCall:
		return L.tforCallVM(ci, i, pc)
	case bc.OpSetList:
		ra := base + a
		n := i.B()
		last := i.C()
		if n == 0 {
			n = L.top - ra - 1
		}
		if i.K() {
			last += fetch(cb, pc).Ax() * (bc.MaxC + 1)
			pc++
		}
		if (*r(regs, a)).t != tagTable || n < 0 {
			ci.pc = pc
			L.runError("invalid SETLIST")
		}
		t := (*r(regs, a)).table()
		if need := last + n; need > cap(t.arr) {
			ci.pc = pc
			L.chargeObject(int64(need-cap(t.arr)) * int64(valueSize))
		}
		t.ensureArray(last + n)
		copy(t.arr[last:last+n], L.stack[ra+1:ra+1+n])
		L.top = ci.top
	case bc.OpClosure:
		p := cl.p.protos[i.Bx()]
		L.charge(closureBytes + int64(len(p.upvals))*8)
		(*r(regs, a)) = closureValue(L.newClosure(cl, p, base))
	case bc.OpVararg:
		ra := base + a
		n := i.C() - 1
		ci.pc = pc
		L.varargs(ci, ra, n)
	case bc.OpVarargPrep:
		ci.pc = pc
		L.adjustVarargs(ci, i.A())
		// The frame moved: the dispatch loop starts it again at pc.
		return slowFrame
	default:
		ci.pc = pc
		L.runError("invalid instruction %s", i.Op())
	}
	return pc
}

// storeValue is the value a table store writes: operand C, a constant
// with k, else a register.
func storeValue(i bc.Instruction, regs, kb unsafe.Pointer) Value {
	if i.K() {
		return *kv(kb, i.C())
	}
	return *r(regs, i.C())
}

// storeSlow performs t[key] = val for the store instructions. A table
// without a metatable takes an integer or string key directly, and one
// with a metatable takes any key already present (__newindex is only for
// absent keys); everything else (other values, absent keys under a
// metatable, nil and NaN keys) goes through finishSet, which raises the
// errors and calls the metamethods. pc is saved first for those.
func (L *State) storeSlow(ci *callInfo, pc int, t, key, val Value) {
	if L.storeDirect(ci, pc, t, key, val) {
		return
	}
	ci.pc = pc
	L.top = ci.top
	L.finishSet(t, key, val)
}

// storeDirect is the part of a store that needs no metamethod and
// raises no error: an integer or string key into a table without a
// metatable (charging any growth), or a key already present in one with
// a metatable. It reports whether it stored val.
func (L *State) storeDirect(ci *callInfo, pc int, t, key, val Value) bool {
	if t.t != tagTable {
		return false
	}
	tb := t.table()
	if tb.meta != nil {
		return tb.replaceExisting(key, val)
	}
	if key.t != tagInt && key.t != tagString {
		return false
	}
	nodes, arr := tb.node, cap(tb.arr)
	shift := tb.sizeFree >> freeBits
	tb.Set(key, val)
	if tb.node != nodes || cap(tb.arr) != arr {
		ci.pc = pc
		L.chargeGrowth(tb, tableBytes+int64(arr)*int64(valueSize)+hashBytes(nodes, shift))
	}
	return true
}

// storeFrame is storeSlow for execSlow: a Lua __newindex function is
// pushed as a frame of the dispatch loop (pushMetaFrame), and then it
// reports true.
func (L *State) storeFrame(ci *callInfo, pc int, t, key, val Value) bool {
	if L.storeDirect(ci, pc, t, key, val) {
		return false
	}
	ci.pc = pc
	L.top = ci.top
	return L.finishSetFrame(t, key, val, true)
}

// newFieldVM stores a new string key for the dispatch loop: instruction i
// (SETFIELD, or SETTABLE with a string key), whose next instruction is at
// pc, assigns to the key k that probeStr did not find in t, a table
// without a metatable (a constructor's fields, an object's first
// assignments). When k's main position has never held a key, no chain
// passes through it, so k is absent (not merely stored as another copy of
// the string) and goes there, as newKey would put it, with no growth to
// charge. Anything else (a collision, no hash part, a key without its
// hash, a nil value) is the general store of a table without a
// metatable, storeSlow, as execSlow would make it, without its decoding.
func (L *State) newFieldVM(ci *callInfo, i bc.Instruction, pc int, t *Table, k *Value) int {
	// src points at the value rather than copying it: the free node's
	// value is then stored with moveVal, three words, not field by field.
	var src *Value
	if i.K() {
		src = &ci.cl.p.k[i.C()]
	} else {
		src = &L.stack[ci.fn+1+i.C()]
	}
	if h := k.h; h != 0 && k.t == tagString && t.node != nil && src.t != tagNil {
		n := t.mainNode(h)
		if n.key.t() == tagNil {
			moveVal(&n.val, src)
			n.key.set(*k)
			if t.tmAbsent != 0 {
				t.keysChanged()
			}
			return pc
		}
	}
	if k.t == tagString && src.t != tagNil {
		// storeDirect's store, without the three calls on the way (a
		// collision in a two-field record costs about 330 instructions
		// that way): setStr finds the key or adds it, and growth is
		// charged as storeDirect charges it.
		nodes, arr, shift := t.node, cap(t.arr), t.sizeFree>>freeBits
		t.setStr(*k, *src)
		if t.node != nodes || cap(t.arr) != arr {
			ci.pc = pc
			L.chargeGrowth(t, tableBytes+int64(arr)*int64(valueSize)+hashBytes(nodes, shift))
		}
		return pc
	}
	L.storeSlow(ci, pc, TableValue(t), *k, *src)
	return pc
}

// newTableVM runs NEWTABLE, instruction i of frame ci whose EXTRAARG is at
// pc, and returns the pc after that EXTRAARG. The dispatch loop calls it
// directly (a constructor is too large for its inline paths, and going
// through execSlow's decoding cost a tenth of a small table's creation);
// execSlow runs it with hooks.
func (L *State) newTableVM(ci *callInfo, i bc.Instruction, pc int) int {
	nhash := i.B()
	if nhash > 0 {
		nhash = 1 << (min(nhash, maxSizeHintLog) - 1)
	}
	narr := i.C()
	if i.K() {
		narr += ci.cl.p.code[pc].Ax() * (bc.MaxC + 1)
	}
	narr = min(narr, 1<<maxSizeHintLog)
	pc++
	ci.pc = pc
	// Charged for the memory limit; the hints are bounded by the code's
	// size (the verifier), so no ticks are counted.
	L.charge(tableBytes + int64(narr)*int64(valueSize) + int64(nhash)*int64(nodeSize))
	L.stack[ci.fn+1+i.A()] = TableValue(NewTable(narr, nhash))
	return pc
}

// nextGoFunction is the one next of every State (nextFunction):
// execSlow's TFORCALL recognises it. Its Fn is set by init, since
// baseNext, through the error paths, refers back to execSlow.
var nextGoFunction = &GoFunction{Name: "next"}

func init() { nextGoFunction.Fn = baseNext }
