package runtime

import (
	"math"

	bc "panto/bytecode"
	"panto/internal/luanum"
)

// execute runs Lua frames starting at ci until the frame marked ciFresh
// returns. resumable tells whether this invocation was started by a resume
// (or the unrolling after one): only then can a yield return normally from
// here; otherwise it must unwind the Go frames in between with a panic.
//
// The loop keeps the frame's code, constants, base and pc in locals and
// reloads the stack slice after anything that may grow it. Fast paths for
// integers, floats and plain tables are inline; everything rarer is a
// method in another file, called after saving pc (for error positions) and
// setting L.top to the frame's end (so metamethod calls push above live
// registers).
func (L *State) execute(ci *callInfo, resumable bool) {
	var (
		cl    *Closure
		k     []Value
		code  []bc.Instruction
		base  int
		pc    int
		stack []Value
	)
newFrame:
	cl = ci.cl
	k = cl.p.k
	code = cl.p.code
	base = ci.fn + 1
	pc = ci.pc
	stack = L.stack
	if L.hook.mask != 0 && pc == 0 {
		L.hookCall(ci)
		stack = L.stack
	}
	for {
		i := code[pc]
		pc++
		if L.hook.mask != 0 {
			ci.pc = pc
			L.hookInstruction(ci)
			stack = L.stack
		}
		ra := base + i.A()
		switch i.Op() {
		case bc.OpMove:
			stack[ra] = stack[base+i.B()]
		case bc.OpLoadI:
			stack[ra] = Int(int64(i.SBx()))
		case bc.OpLoadF:
			stack[ra] = Float(float64(i.SBx()))
		case bc.OpLoadK:
			stack[ra] = k[i.Bx()]
		case bc.OpLoadKX:
			stack[ra] = k[code[pc].Ax()]
			pc++
		case bc.OpLoadFalse:
			stack[ra] = False
		case bc.OpLFalseSkip:
			stack[ra] = False
			pc++
		case bc.OpLoadTrue:
			stack[ra] = True
		case bc.OpLoadNil:
			for j := ra + i.B(); j >= ra; j-- {
				stack[j] = Nil
			}
		case bc.OpGetUpval:
			stack[ra] = *cl.upvals[i.B()].v
		case bc.OpSetUpval:
			*cl.upvals[i.B()].v = stack[ra]
		case bc.OpGetTabUp:
			up := *cl.upvals[i.B()].v
			key := k[i.C()]
			if up.t == tagTable {
				t := up.table()
				if v := t.getStr(key); v.t != tagNil || t.meta == nil {
					stack[ra] = v
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(up, key)
			stack = L.stack
			stack[ra] = v
		case bc.OpGetTable:
			rb := stack[base+i.B()]
			rc := stack[base+i.C()]
			if rb.t == tagTable {
				t := rb.table()
				var v Value
				if rc.t == tagInt {
					v = t.GetInt(int64(rc.n))
				} else {
					v = t.Get(rc)
				}
				if v.t != tagNil || t.meta == nil {
					stack[ra] = v
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(rb, rc)
			stack = L.stack
			stack[ra] = v
		case bc.OpGetI:
			rb := stack[base+i.B()]
			if rb.t == tagTable {
				t := rb.table()
				if v := t.GetInt(int64(i.C())); v.t != tagNil || t.meta == nil {
					stack[ra] = v
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(rb, Int(int64(i.C())))
			stack = L.stack
			stack[ra] = v
		case bc.OpGetField:
			rb := stack[base+i.B()]
			key := k[i.C()]
			if rb.t == tagTable {
				t := rb.table()
				if v := t.getStr(key); v.t != tagNil || t.meta == nil {
					stack[ra] = v
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(rb, key)
			stack = L.stack
			stack[ra] = v
		case bc.OpSetTabUp:
			up := *cl.upvals[i.A()].v
			key := k[i.B()]
			var val Value
			if i.K() {
				val = k[i.C()]
			} else {
				val = stack[base+i.C()]
			}
			if up.t == tagTable {
				t := up.table()
				if t.meta == nil {
					t.Set(key, val)
					continue
				}
				if t.replaceExisting(key, val) {
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			L.finishSet(up, key, val)
			stack = L.stack
		case bc.OpSetTable:
			ta := stack[ra]
			key := stack[base+i.B()]
			var val Value
			if i.K() {
				val = k[i.C()]
			} else {
				val = stack[base+i.C()]
			}
			if ta.t == tagTable {
				t := ta.table()
				if key.t == tagInt {
					if t.meta == nil {
						t.SetInt(int64(key.n), val)
						continue
					}
				} else if key.t == tagString && t.meta == nil {
					t.Set(key, val)
					continue
				}
				if t.meta != nil && t.replaceExisting(key, val) {
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			L.finishSet(ta, key, val)
			stack = L.stack
		case bc.OpSetI:
			ta := stack[ra]
			var val Value
			if i.K() {
				val = k[i.C()]
			} else {
				val = stack[base+i.C()]
			}
			if ta.t == tagTable {
				t := ta.table()
				if t.meta == nil {
					t.SetInt(int64(i.B()), val)
					continue
				}
				if t.replaceExisting(Int(int64(i.B())), val) {
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			L.finishSet(ta, Int(int64(i.B())), val)
			stack = L.stack
		case bc.OpSetField:
			ta := stack[ra]
			key := k[i.B()]
			var val Value
			if i.K() {
				val = k[i.C()]
			} else {
				val = stack[base+i.C()]
			}
			if ta.t == tagTable {
				t := ta.table()
				if t.meta == nil {
					t.Set(key, val)
					continue
				}
				if t.replaceExisting(key, val) {
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			L.finishSet(ta, key, val)
			stack = L.stack
		case bc.OpNewTable:
			nhash := i.B()
			if nhash > 0 {
				nhash = 1 << (min(nhash, maxSizeHintLog) - 1)
			}
			narr := i.C()
			if i.K() {
				narr += code[pc].Ax() * (bc.MaxC + 1)
			}
			narr = min(narr, 1<<maxSizeHintLog)
			pc++
			stack[ra] = TableValue(NewTable(narr, nhash))
		case bc.OpSelf:
			rb := stack[base+i.B()]
			var key Value
			if i.K() {
				key = k[i.C()]
			} else {
				key = stack[base+i.C()]
			}
			stack[ra+1] = rb
			if rb.t == tagTable && key.t == tagString {
				t := rb.table()
				if v := t.getStr(key); v.t != tagNil || t.meta == nil {
					stack[ra] = v
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(rb, key)
			stack = L.stack
			stack[ra] = v
		case bc.OpAddI:
			rb := stack[base+i.B()]
			imm := int64(i.SC())
			if rb.t == tagInt {
				stack[ra] = Int(int64(rb.n) + imm)
			} else if rb.t == tagFloat {
				stack[ra] = Float(rb.AsFloat() + float64(imm))
			} else {
				ci.pc = pc
				L.top = ci.top
				v := L.arithSlowK(arithAdd, rb, Int(imm), i.K())
				stack = L.stack
				stack[ra] = v
			}
		case bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpPowK, bc.OpDivK, bc.OpIDivK:
			rb := stack[base+i.B()]
			kc := k[i.C()]
			op := arithOp(i.Op() - bc.OpAddK)
			if v, ok := arithFast(op, rb, kc); ok {
				stack[ra] = v
				continue
			}
			if isIntDivZero(rb, kc) {
				L.divideByZero(op)
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlowK(op, rb, kc, i.K())
			stack = L.stack
			stack[ra] = v
		case bc.OpBandK, bc.OpBorK, bc.OpBxorK:
			rb := stack[base+i.B()]
			kc := k[i.C()]
			op := arithOp(i.Op()-bc.OpBandK) + arithBand
			if rb.t == tagInt {
				x, y := int64(rb.n), int64(kc.n)
				switch op {
				case arithBand:
					stack[ra] = Int(x & y)
				case arithBor:
					stack[ra] = Int(x | y)
				default:
					stack[ra] = Int(x ^ y)
				}
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlowK(op, rb, kc, i.K())
			stack = L.stack
			stack[ra] = v
		case bc.OpShrI:
			rb := stack[base+i.B()]
			if rb.t == tagInt {
				stack[ra] = Int(luanum.ShiftLeft(int64(rb.n), -int64(i.SC())))
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlow(arithShr, rb, Int(int64(i.SC())))
			stack = L.stack
			stack[ra] = v
		case bc.OpShlI:
			rb := stack[base+i.B()]
			if rb.t == tagInt {
				stack[ra] = Int(luanum.ShiftLeft(int64(i.SC()), int64(rb.n)))
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlow(arithShl, Int(int64(i.SC())), rb)
			stack = L.stack
			stack[ra] = v
		case bc.OpAdd:
			rb := stack[base+i.B()]
			rc := stack[base+i.C()]
			if rb.t == tagInt && rc.t == tagInt {
				stack[ra] = Int(int64(rb.n) + int64(rc.n))
			} else if rb.t == tagFloat && rc.t == tagFloat {
				stack[ra] = Float(rb.AsFloat() + rc.AsFloat())
			} else if v, ok := arithFast(arithAdd, rb, rc); ok {
				stack[ra] = v
			} else {
				ci.pc = pc
				L.top = ci.top
				v := L.arithSlow(arithAdd, rb, rc)
				stack = L.stack
				stack[ra] = v
			}
		case bc.OpSub:
			rb := stack[base+i.B()]
			rc := stack[base+i.C()]
			if rb.t == tagInt && rc.t == tagInt {
				stack[ra] = Int(int64(rb.n) - int64(rc.n))
			} else if rb.t == tagFloat && rc.t == tagFloat {
				stack[ra] = Float(rb.AsFloat() - rc.AsFloat())
			} else if v, ok := arithFast(arithSub, rb, rc); ok {
				stack[ra] = v
			} else {
				ci.pc = pc
				L.top = ci.top
				v := L.arithSlow(arithSub, rb, rc)
				stack = L.stack
				stack[ra] = v
			}
		case bc.OpMul:
			rb := stack[base+i.B()]
			rc := stack[base+i.C()]
			if rb.t == tagInt && rc.t == tagInt {
				stack[ra] = Int(int64(rb.n) * int64(rc.n))
			} else if rb.t == tagFloat && rc.t == tagFloat {
				stack[ra] = Float(rb.AsFloat() * rc.AsFloat())
			} else if v, ok := arithFast(arithMul, rb, rc); ok {
				stack[ra] = v
			} else {
				ci.pc = pc
				L.top = ci.top
				v := L.arithSlow(arithMul, rb, rc)
				stack = L.stack
				stack[ra] = v
			}
		case bc.OpMod, bc.OpPow, bc.OpDiv, bc.OpIDiv:
			rb := stack[base+i.B()]
			rc := stack[base+i.C()]
			op := arithOp(i.Op()-bc.OpMod) + arithMod
			if v, ok := arithFast(op, rb, rc); ok {
				stack[ra] = v
				continue
			}
			if isIntDivZero(rb, rc) {
				L.divideByZero(op)
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlow(op, rb, rc)
			stack = L.stack
			stack[ra] = v
		case bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr:
			rb := stack[base+i.B()]
			rc := stack[base+i.C()]
			op := arithOp(i.Op()-bc.OpBand) + arithBand
			if rb.t == tagInt && rc.t == tagInt {
				v, _ := arithInts(op, int64(rb.n), int64(rc.n))
				stack[ra] = Int(v)
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlow(op, rb, rc)
			stack = L.stack
			stack[ra] = v
		case bc.OpUnm:
			rb := stack[base+i.B()]
			if rb.t == tagInt {
				stack[ra] = Int(-int64(rb.n))
			} else if rb.t == tagFloat {
				stack[ra] = Float(-rb.AsFloat())
			} else {
				ci.pc = pc
				L.top = ci.top
				v := L.arithSlow(arithUnm, rb, rb)
				stack = L.stack
				stack[ra] = v
			}
		case bc.OpBnot:
			rb := stack[base+i.B()]
			if rb.t == tagInt {
				stack[ra] = Int(^int64(rb.n))
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlow(arithBnot, rb, rb)
			stack = L.stack
			stack[ra] = v
		case bc.OpNot:
			stack[ra] = Bool(!stack[base+i.B()].Truthy())
		case bc.OpLen:
			rb := stack[base+i.B()]
			if rb.t == tagString {
				stack[ra] = Int(int64(rb.n))
				continue
			}
			if rb.t == tagTable && rb.table().meta == nil {
				stack[ra] = Int(rb.table().Len())
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.objLen(rb)
			stack = L.stack
			stack[ra] = v
		case bc.OpConcat:
			n := i.B()
			ci.pc = pc
			L.top = ra + n
			L.concat(n)
			stack = L.stack
			// concat leaves the result at ra.
			L.top = ci.top
		case bc.OpClose:
			ci.pc = pc
			L.closeAll(ra, Nil, false)
			stack = L.stack
		case bc.OpTBC:
			ci.pc = pc
			L.newTBC(ra)
		case bc.OpJmp:
			off := i.SJ()
			pc += off
			if off < 0 {
				if L.g.interrupt.tick() {
					ci.pc = pc
					L.checkInterrupt()
				}
			}
		case bc.OpEq:
			rb := stack[base+i.B()]
			a := stack[ra]
			var cond bool
			if a.t == rb.t && (a.t == tagTable || a.t == tagUserdata) && a.p != rb.p {
				ci.pc = pc
				L.top = ci.top
				cond = L.equalObj(a, rb)
				stack = L.stack
			} else {
				cond = RawEqual(a, rb)
			}
			if cond != i.K() {
				pc++
			} else {
				pc = L.jump(ci, pc, code[pc])
			}
		case bc.OpLt:
			a := stack[ra]
			rb := stack[base+i.B()]
			var cond bool
			if a.t == tagInt && rb.t == tagInt {
				cond = int64(a.n) < int64(rb.n)
			} else if a.IsNumber() && rb.IsNumber() {
				cond = numLess(a, rb)
			} else {
				ci.pc = pc
				L.top = ci.top
				cond = L.lessThan(a, rb)
				stack = L.stack
			}
			if cond != i.K() {
				pc++
			} else {
				pc = L.jump(ci, pc, code[pc])
			}
		case bc.OpLe:
			a := stack[ra]
			rb := stack[base+i.B()]
			var cond bool
			if a.t == tagInt && rb.t == tagInt {
				cond = int64(a.n) <= int64(rb.n)
			} else if a.IsNumber() && rb.IsNumber() {
				cond = numLessEq(a, rb)
			} else {
				ci.pc = pc
				L.top = ci.top
				cond = L.lessEqual(a, rb)
				stack = L.stack
			}
			if cond != i.K() {
				pc++
			} else {
				pc = L.jump(ci, pc, code[pc])
			}
		case bc.OpEqK:
			if RawEqual(stack[ra], k[i.B()]) != i.K() {
				pc++
			} else {
				pc = L.jump(ci, pc, code[pc])
			}
		case bc.OpEqI:
			a := stack[ra]
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
				pc = L.jump(ci, pc, code[pc])
			}
		case bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI:
			a := stack[ra]
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
				cond = L.compareImmediate(i, a)
				stack = L.stack
			}
			if cond != i.K() {
				pc++
			} else {
				pc = L.jump(ci, pc, code[pc])
			}
		case bc.OpTest:
			if stack[ra].Truthy() != i.K() {
				pc++
			} else {
				pc = L.jump(ci, pc, code[pc])
			}
		case bc.OpTestSet:
			rb := stack[base+i.B()]
			if rb.Truthy() != i.K() {
				pc++
			} else {
				stack[ra] = rb
				pc = L.jump(ci, pc, code[pc])
			}
		case bc.OpCall:
			if b := i.B(); b != 0 {
				L.top = ra + b
			}
			nresults := i.C() - 1
			ci.pc = pc
			if L.g.interrupt.tick() {
				L.checkInterrupt()
			}
			if nci := L.precall(ra, nresults); nci != nil {
				ci = nci
				goto newFrame
			}
			// A Go function ran to completion, or yielded.
			if L.status == StatusYield {
				if resumable {
					return
				}
				panic(yieldUnwind{})
			}
			stack = L.stack
			if nresults >= 0 {
				L.top = ci.top
			}
		case bc.OpTailCall:
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
			if nci := L.pretailcall(ci, ra, delta); nci != nil {
				ci = nci
				goto newFrame
			}
			if L.status == StatusYield {
				if resumable {
					return
				}
				panic(yieldUnwind{})
			}
			// A Go function ran: return its results, which are on the top.
			ci.fn -= delta
			n := L.top - ra
			if L.posReturn(ci, L.top-n, n) {
				return
			}
			ci = L.ci
			goto returning
		case bc.OpReturn:
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
					stack = L.stack
				}
			}
			if c := i.C(); c != 0 {
				ci.fn -= ci.nextraargs + c
			}
			if L.posReturn(ci, ra, n) {
				return
			}
			ci = L.ci
			goto returning
		case bc.OpReturn0:
			if L.hook.mask != 0 {
				if L.posReturn(ci, ra, 0) {
					return
				}
				ci = L.ci
				goto returning
			}
			L.ci = ci.prev
			nres := ci.nresults
			L.top = ci.fn
			for j := 0; j < nres; j++ {
				stack[ci.fn+j] = Nil
				L.top++
			}
			if ci.status&ciFresh != 0 {
				return
			}
			ci = L.ci
			goto returning
		case bc.OpReturn1:
			if L.hook.mask != 0 {
				if L.posReturn(ci, ra, 1) {
					return
				}
				ci = L.ci
				goto returning
			}
			L.ci = ci.prev
			nres := ci.nresults
			if nres == 0 {
				L.top = ci.fn
			} else {
				stack[ci.fn] = stack[ra]
				L.top = ci.fn + 1
				for j := 1; j < nres; j++ {
					stack[ci.fn+j] = Nil
					L.top++
				}
			}
			if ci.status&ciFresh != 0 {
				return
			}
			ci = L.ci
			goto returning
		case bc.OpForLoop:
			if stack[ra+2].t == tagInt {
				count := stack[ra+1].n
				if count > 0 {
					step := int64(stack[ra+2].n)
					idx := int64(stack[ra].n) + step
					stack[ra+1].n = count - 1
					stack[ra].n = uint64(idx)
					stack[ra+3] = Int(idx)
					pc -= i.Bx()
				}
			} else if L.floatForLoop(ra) {
				pc -= i.Bx()
			}
			if L.g.interrupt.tick() {
				ci.pc = pc
				L.checkInterrupt()
			}
		case bc.OpForPrep:
			ci.pc = pc
			if L.forPrep(ra) {
				pc += i.Bx() + 1
			}
		case bc.OpTForPrep:
			ci.pc = pc
			if !stack[ra+3].IsNil() {
				L.newTBC(ra + 3)
			}
			pc += i.Bx()
		case bc.OpTForCall:
			stack[ra+4] = stack[ra]
			stack[ra+5] = stack[ra+1]
			stack[ra+6] = stack[ra+2]
			L.top = ra + 4 + 3
			ci.pc = pc
			if nci := L.precall(ra+4, i.C()); nci != nil {
				ci = nci
				goto newFrame
			}
			if L.status == StatusYield {
				if resumable {
					return
				}
				panic(yieldUnwind{})
			}
			stack = L.stack
			L.top = ci.top
		case bc.OpTForLoop:
			if v := stack[ra+4]; v.t != tagNil {
				stack[ra+2] = v
				pc -= i.Bx()
				if L.g.interrupt.tick() {
					ci.pc = pc
					L.checkInterrupt()
				}
			}
		case bc.OpSetList:
			n := i.B()
			last := i.C()
			if n == 0 {
				n = L.top - ra - 1
			}
			if i.K() {
				last += code[pc].Ax() * (bc.MaxC + 1)
				pc++
			}
			if stack[ra].t != tagTable || n < 0 {
				ci.pc = pc
				L.runError("invalid SETLIST")
			}
			t := stack[ra].table()
			t.ensureArray(last + n)
			copy(t.arr[last:last+n], stack[ra+1:ra+1+n])
			L.top = ci.top
		case bc.OpClosure:
			stack[ra] = closureValue(L.newClosure(cl, cl.p.protos[i.Bx()], base))
		case bc.OpVararg:
			n := i.C() - 1
			ci.pc = pc
			L.varargs(ci, ra, n)
			stack = L.stack
		case bc.OpVarargPrep:
			ci.pc = pc
			L.adjustVarargs(ci, i.A())
			stack = L.stack
			base = ci.fn + 1
		default:
			ci.pc = pc
			L.runError("invalid instruction %s", i.Op())
		}
		continue
	returning:
		// Back in the caller after a return: continue its frame.
		if ci.status&ciLua == 0 {
			// Unreachable: a Lua return never lands in a Go frame here,
			// since Go-level calls mark their callee fresh.
			return
		}
		goto newFrame
	}
}

// arithFast performs an arithmetic operation on two numbers, with the
// integer/float rules of 5.4. ok is false when an operand is not a number
// or an integer division by zero must be reported.
func arithFast(op arithOp, a, b Value) (Value, bool) {
	if a.t == tagInt && b.t == tagInt {
		if op == arithPow || op == arithDiv {
			return Float(arithFloats(op, float64(int64(a.n)), float64(int64(b.n)))), true
		}
		v, ok := arithInts(op, int64(a.n), int64(b.n))
		return Int(v), ok
	}
	var x, y float64
	switch a.t {
	case tagInt:
		x = float64(int64(a.n))
	case tagFloat:
		x = a.AsFloat()
	default:
		return Nil, false
	}
	switch b.t {
	case tagInt:
		y = float64(int64(b.n))
	case tagFloat:
		y = b.AsFloat()
	default:
		return Nil, false
	}
	if op >= arithBand {
		return Nil, false
	}
	return Float(arithFloats(op, x, y)), true
}

// floatForLoop advances a float 'for' loop; it reports whether to go on.
func (L *State) floatForLoop(ra int) bool {
	s := L.stack
	step := s[ra+2].AsFloat()
	limit := s[ra+1].AsFloat()
	idx := s[ra].AsFloat() + step
	if step > 0 && idx <= limit || step <= 0 && limit <= idx {
		s[ra] = Float(idx)
		s[ra+3] = Float(idx)
		return true
	}
	return false
}

// forPrep prepares a numeric 'for' loop and reports whether to skip it.
// Integer loops precompute their iteration count so that the loop
// instruction cannot overflow.
func (L *State) forPrep(ra int) bool {
	s := L.stack
	init, limit, step := s[ra], s[ra+1], s[ra+2]
	if init.t == tagInt && step.t == tagInt {
		i0, st := int64(init.n), int64(step.n)
		if st == 0 {
			L.runError("'for' step is zero")
		}
		lim, skip := L.forLimit(i0, limit, st)
		if skip {
			return true
		}
		var count uint64
		if st > 0 {
			count = uint64(lim) - uint64(i0)
			if st != 1 {
				count /= uint64(st)
			}
		} else {
			count = uint64(i0) - uint64(lim)
			count /= uint64(-(st + 1)) + 1
		}
		s[ra+1] = Int(int64(count))
		s[ra+3] = init
		return false
	}
	// Float loop.
	fl, ok := forNumber(limit)
	if !ok {
		L.forError(limit, "limit")
	}
	fs, ok := forNumber(step)
	if !ok {
		L.forError(step, "step")
	}
	fi, ok := forNumber(init)
	if !ok {
		L.forError(init, "initial value")
	}
	if fs == 0 {
		L.runError("'for' step is zero")
	}
	if fs > 0 && !(fi <= fl) || fs < 0 && !(fl <= fi) {
		return true
	}
	s[ra] = Float(fi)
	s[ra+1] = Float(fl)
	s[ra+2] = Float(fs)
	s[ra+3] = Float(fi)
	return false
}

// forNumber converts a 'for' control value to a float (strings convert, as
// in the reference).
func forNumber(v Value) (float64, bool) {
	switch v.t {
	case tagInt:
		return float64(int64(v.n)), true
	case tagFloat:
		return v.AsFloat(), true
	case tagString:
		return v.ToNumber()
	}
	return 0, false
}

// forLimit converts the limit of an integer loop, clipping floats that lie
// beyond the integers; skip reports a loop that must not run.
func (L *State) forLimit(init int64, limit Value, step int64) (int64, bool) {
	var lim int64
	switch limit.t {
	case tagInt:
		lim = int64(limit.n)
	default:
		f, ok := forNumber(limit)
		if !ok {
			L.forError(limit, "limit")
		}
		var fl float64
		if step < 0 {
			fl = math.Ceil(f)
		} else {
			fl = math.Floor(f)
		}
		if v, ok := floatToInt(fl); ok {
			lim = v
		} else if f != f {
			return 0, true
		} else if f > 0 {
			if step < 0 {
				return 0, true
			}
			lim = math.MaxInt64
		} else {
			if step > 0 {
				return 0, true
			}
			lim = math.MinInt64
		}
	}
	if step > 0 {
		return lim, init > lim
	}
	return lim, init < lim
}

// newClosure creates a closure for prototype p inside the running closure
// parent whose frame starts at base.
func (L *State) newClosure(parent *Closure, p *funcProto, base int) *Closure {
	c := &Closure{p: p, upvals: make([]*upval, len(p.upvals))}
	for j, d := range p.upvals {
		if d.InStack {
			c.upvals[j] = L.findUpval(base + int(d.Index))
		} else {
			c.upvals[j] = parent.upvals[d.Index]
		}
	}
	return c
}

// varargs copies n vararg values (all of them when n < 0) to ra.
func (L *State) varargs(ci *callInfo, ra, n int) {
	nextra := ci.nextraargs
	if n < 0 {
		n = nextra
		L.ensureStack(ra + n)
		L.top = ra + n
	}
	s := L.stack
	from := ci.fn - nextra
	j := 0
	for ; j < n && j < nextra; j++ {
		s[ra+j] = s[from+j]
	}
	for ; j < n; j++ {
		s[ra+j] = Nil
	}
}

// adjustVarargs moves the function and its fixed parameters above the
// extra arguments, so the extra arguments stay below the new frame.
func (L *State) adjustVarargs(ci *callInfo, nfixed int) {
	actual := L.top - ci.fn - 1
	nextra := actual - nfixed
	if nextra < 0 {
		nextra = 0
	}
	ci.nextraargs = nextra
	L.ensureStack(L.top + ci.cl.p.maxStack + 1)
	s := L.stack
	s[L.top] = s[ci.fn]
	L.top++
	for j := 1; j <= nfixed; j++ {
		if j <= actual {
			s[L.top] = s[ci.fn+j]
		} else {
			s[L.top] = Nil
		}
		s[ci.fn+j] = Nil
		L.top++
	}
	ci.fn += actual + 1
	ci.top += actual + 1
	L.ensureStack(ci.top)
}

// maxSizeHintLog caps the size hints of NEWTABLE: they only preallocate,
// and bytecode from outside must not make the VM reserve gigabytes.
const maxSizeHintLog = 20

// isIntDivZero reports an integer division or modulo by zero.
func isIntDivZero(a, b Value) bool {
	return a.t == tagInt && b.t == tagInt && b.n == 0
}

// divideByZero raises the error of an integer // or % by zero. Like the
// reference, it does not save the current pc first, so the position is
// that of the last instruction that did (the function's first line when
// none has).
func (L *State) divideByZero(op arithOp) {
	if op == arithMod {
		L.runError("attempt to perform 'n%%0'")
	}
	L.runError("attempt to divide by zero")
}

// arithSlowK is arithSlow for instructions with a constant operand; flip
// says the constant was the left operand in the source, so metamethods
// get the operands in their original order.
func (L *State) arithSlowK(op arithOp, r, k Value, flip bool) Value {
	if flip {
		return L.arithSlow(op, k, r)
	}
	return L.arithSlow(op, r, k)
}

// jump performs the conditional jump j that follows a test at pc. Backward
// jumps count a tick for interruption, so loops whose only back edge is a
// test (repeat ... until cond) can be stopped too.
func (L *State) jump(ci *callInfo, pc int, j bc.Instruction) int {
	off := j.SJ() + 1
	pc += off
	if off <= 0 && L.g.interrupt.tick() {
		ci.pc = pc
		L.checkInterrupt()
	}
	return pc
}
