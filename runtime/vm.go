package runtime

import (
	"math"
	"unsafe"

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
		cl   *Closure
		kb   unsafe.Pointer // &constants[0]
		cb   unsafe.Pointer // &code[0]
		base int
		pc   int
		regs unsafe.Pointer // &L.stack[base]: registers without bounds checks
	)
newFrame:
	cl = ci.cl
	kb = unsafe.Pointer(unsafe.SliceData(cl.p.k))
	cb = unsafe.Pointer(unsafe.SliceData(cl.p.code))
	base = ci.fn + 1
	pc = ci.pc
	regs = L.frameRegs(base)
	if L.hook.mask != 0 && pc == 0 {
		L.hookCall(ci)
		regs = L.frameRegs(base)
	}
	for {
		i := fetch(cb, pc)
		pc++
		if L.hook.mask != 0 {
			ci.pc = pc
			L.hookInstruction(ci)
			regs = L.frameRegs(base)
		}
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
		case bc.OpGetTabUp:
			up := *cl.upvals[i.B()].v
			key := *kv(kb, i.C())
			if up.t == tagTable {
				t := up.table()
				if v := t.getStr(key); v.t != tagNil || t.meta == nil {
					(*r(regs, a)) = v
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(up, key)
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
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(rb, rc)
			regs = L.frameRegs(base)
			(*r(regs, a)) = v
		case bc.OpGetI:
			rb := (*r(regs, i.B()))
			if rb.t == tagTable {
				t := rb.table()
				if v := t.GetInt(int64(i.C())); v.t != tagNil || t.meta == nil {
					(*r(regs, a)) = v
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(rb, Int(int64(i.C())))
			regs = L.frameRegs(base)
			(*r(regs, a)) = v
		case bc.OpGetField:
			rb := (*r(regs, i.B()))
			key := *kv(kb, i.C())
			if rb.t == tagTable {
				t := rb.table()
				if v := t.getStr(key); v.t != tagNil || t.meta == nil {
					(*r(regs, a)) = v
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(rb, key)
			regs = L.frameRegs(base)
			(*r(regs, a)) = v
		case bc.OpSetTabUp:
			up := *cl.upvals[i.A()].v
			key := *kv(kb, i.B())
			var val Value
			if i.K() {
				val = *kv(kb, i.C())
			} else {
				val = (*r(regs, i.C()))
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
			regs = L.frameRegs(base)
		case bc.OpSetTable:
			ta := (*r(regs, a))
			key := (*r(regs, i.B()))
			var val Value
			if i.K() {
				val = *kv(kb, i.C())
			} else {
				val = (*r(regs, i.C()))
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
			regs = L.frameRegs(base)
		case bc.OpSetI:
			ta := (*r(regs, a))
			var val Value
			if i.K() {
				val = *kv(kb, i.C())
			} else {
				val = (*r(regs, i.C()))
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
			regs = L.frameRegs(base)
		case bc.OpSetField:
			ta := (*r(regs, a))
			key := *kv(kb, i.B())
			var val Value
			if i.K() {
				val = *kv(kb, i.C())
			} else {
				val = (*r(regs, i.C()))
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
			regs = L.frameRegs(base)
		case bc.OpNewTable:
			nhash := i.B()
			if nhash > 0 {
				nhash = 1 << (min(nhash, maxSizeHintLog) - 1)
			}
			narr := i.C()
			if i.K() {
				narr += fetch(cb, pc).Ax() * (bc.MaxC + 1)
			}
			narr = min(narr, 1<<maxSizeHintLog)
			pc++
			(*r(regs, a)) = TableValue(NewTable(narr, nhash))
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
					continue
				}
			}
			ci.pc = pc
			L.top = ci.top
			v := L.finishGet(rb, key)
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
				v := L.arithSlowK(arithAdd, *rb, Int(imm), i.K())
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpAddK:
			rb, kc := r(regs, i.B()), kv(kb, i.C())
			if rb.t == tagInt && kc.t == tagInt {
				*r(regs, a) = Int(int64(rb.n) + int64(kc.n))
			} else if rb.t == tagFloat && kc.t == tagFloat {
				*r(regs, a) = Float(rb.AsFloat() + kc.AsFloat())
			} else if x, y, ok := numPair(rb, kc); ok {
				*r(regs, a) = Float(x + y)
			} else {
				ci.pc = pc
				v := L.arithK(arithAdd, *rb, *kc, i.K(), ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpSubK:
			rb, kc := r(regs, i.B()), kv(kb, i.C())
			if rb.t == tagInt && kc.t == tagInt {
				*r(regs, a) = Int(int64(rb.n) - int64(kc.n))
			} else if rb.t == tagFloat && kc.t == tagFloat {
				*r(regs, a) = Float(rb.AsFloat() - kc.AsFloat())
			} else if x, y, ok := numPair(rb, kc); ok {
				*r(regs, a) = Float(x - y)
			} else {
				ci.pc = pc
				v := L.arithK(arithSub, *rb, *kc, i.K(), ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpMulK:
			rb, kc := r(regs, i.B()), kv(kb, i.C())
			if rb.t == tagInt && kc.t == tagInt {
				*r(regs, a) = Int(int64(rb.n) * int64(kc.n))
			} else if rb.t == tagFloat && kc.t == tagFloat {
				*r(regs, a) = Float(rb.AsFloat() * kc.AsFloat())
			} else if x, y, ok := numPair(rb, kc); ok {
				*r(regs, a) = Float(x * y)
			} else {
				ci.pc = pc
				v := L.arithK(arithMul, *rb, *kc, i.K(), ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpModK:
			rb, kc := r(regs, i.B()), kv(kb, i.C())
			if rb.t == tagInt && kc.t == tagInt && kc.n != 0 {
				*r(regs, a) = Int(luanum.Mod(int64(rb.n), int64(kc.n)))
			} else {
				if isIntDivZero(*rb, *kc) {
					L.divideByZero(arithMod)
				}
				ci.pc = pc
				v := L.arithK(arithMod, *rb, *kc, i.K(), ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpIDivK:
			rb, kc := r(regs, i.B()), kv(kb, i.C())
			if rb.t == tagInt && kc.t == tagInt && kc.n != 0 {
				*r(regs, a) = Int(luanum.IDiv(int64(rb.n), int64(kc.n)))
			} else {
				if isIntDivZero(*rb, *kc) {
					L.divideByZero(arithIDiv)
				}
				ci.pc = pc
				v := L.arithK(arithIDiv, *rb, *kc, i.K(), ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpDivK:
			rb, kc := r(regs, i.B()), kv(kb, i.C())
			if x, y, ok := numPair(rb, kc); ok {
				*r(regs, a) = Float(x / y)
			} else {
				ci.pc = pc
				v := L.arithK(arithDiv, *rb, *kc, i.K(), ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpPowK:
			ci.pc = pc
			v := L.arithK(arithPow, *r(regs, i.B()), *kv(kb, i.C()), i.K(), ci)
			regs = L.frameRegs(base)
			*r(regs, a) = v
		case bc.OpBandK, bc.OpBorK, bc.OpBxorK:
			rb, kc := r(regs, i.B()), kv(kb, i.C())
			op := arithOp(i.Op()-bc.OpBandK) + arithBand
			if rb.t == tagInt {
				x, y := int64(rb.n), int64(kc.n)
				switch op {
				case arithBand:
					*r(regs, a) = Int(x & y)
				case arithBor:
					*r(regs, a) = Int(x | y)
				default:
					*r(regs, a) = Int(x ^ y)
				}
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlowK(op, *rb, *kc, i.K())
			regs = L.frameRegs(base)
			*r(regs, a) = v
		case bc.OpShrI:
			rb := r(regs, i.B())
			if rb.t == tagInt {
				*r(regs, a) = Int(luanum.ShiftLeft(int64(rb.n), -int64(i.SC())))
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlow(arithShr, *rb, Int(int64(i.SC())))
			regs = L.frameRegs(base)
			*r(regs, a) = v
		case bc.OpShlI:
			rb := r(regs, i.B())
			if rb.t == tagInt {
				*r(regs, a) = Int(luanum.ShiftLeft(int64(i.SC()), int64(rb.n)))
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlow(arithShl, Int(int64(i.SC())), *rb)
			regs = L.frameRegs(base)
			*r(regs, a) = v
		case bc.OpAdd:
			rb, rc := r(regs, i.B()), r(regs, i.C())
			if rb.t == tagInt && rc.t == tagInt {
				*r(regs, a) = Int(int64(rb.n) + int64(rc.n))
			} else if rb.t == tagFloat && rc.t == tagFloat {
				*r(regs, a) = Float(rb.AsFloat() + rc.AsFloat())
			} else if x, y, ok := numPair(rb, rc); ok {
				*r(regs, a) = Float(x + y)
			} else {
				ci.pc = pc
				v := L.arith(arithAdd, *rb, *rc, ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpSub:
			rb, rc := r(regs, i.B()), r(regs, i.C())
			if rb.t == tagInt && rc.t == tagInt {
				*r(regs, a) = Int(int64(rb.n) - int64(rc.n))
			} else if rb.t == tagFloat && rc.t == tagFloat {
				*r(regs, a) = Float(rb.AsFloat() - rc.AsFloat())
			} else if x, y, ok := numPair(rb, rc); ok {
				*r(regs, a) = Float(x - y)
			} else {
				ci.pc = pc
				v := L.arith(arithSub, *rb, *rc, ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpMul:
			rb, rc := r(regs, i.B()), r(regs, i.C())
			if rb.t == tagInt && rc.t == tagInt {
				*r(regs, a) = Int(int64(rb.n) * int64(rc.n))
			} else if rb.t == tagFloat && rc.t == tagFloat {
				*r(regs, a) = Float(rb.AsFloat() * rc.AsFloat())
			} else if x, y, ok := numPair(rb, rc); ok {
				*r(regs, a) = Float(x * y)
			} else {
				ci.pc = pc
				v := L.arith(arithMul, *rb, *rc, ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpDiv:
			rb, rc := r(regs, i.B()), r(regs, i.C())
			if x, y, ok := numPair(rb, rc); ok {
				*r(regs, a) = Float(x / y)
			} else {
				ci.pc = pc
				v := L.arith(arithDiv, *rb, *rc, ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpMod:
			rb, rc := r(regs, i.B()), r(regs, i.C())
			if rb.t == tagInt && rc.t == tagInt && rc.n != 0 {
				*r(regs, a) = Int(luanum.Mod(int64(rb.n), int64(rc.n)))
			} else {
				if isIntDivZero(*rb, *rc) {
					L.divideByZero(arithMod)
				}
				ci.pc = pc
				v := L.arith(arithMod, *rb, *rc, ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpIDiv:
			rb, rc := r(regs, i.B()), r(regs, i.C())
			if rb.t == tagInt && rc.t == tagInt && rc.n != 0 {
				*r(regs, a) = Int(luanum.IDiv(int64(rb.n), int64(rc.n)))
			} else {
				if isIntDivZero(*rb, *rc) {
					L.divideByZero(arithIDiv)
				}
				ci.pc = pc
				v := L.arith(arithIDiv, *rb, *rc, ci)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpPow:
			ci.pc = pc
			v := L.arith(arithPow, *r(regs, i.B()), *r(regs, i.C()), ci)
			regs = L.frameRegs(base)
			*r(regs, a) = v
		case bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr:
			rb, rc := r(regs, i.B()), r(regs, i.C())
			op := arithOp(i.Op()-bc.OpBand) + arithBand
			if rb.t == tagInt && rc.t == tagInt {
				v, _ := arithInts(op, int64(rb.n), int64(rc.n))
				*r(regs, a) = Int(v)
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlow(op, *rb, *rc)
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
				v := L.arithSlow(arithUnm, *rb, *rb)
				regs = L.frameRegs(base)
				*r(regs, a) = v
			}
		case bc.OpBnot:
			rb := r(regs, i.B())
			if rb.t == tagInt {
				*r(regs, a) = Int(^int64(rb.n))
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.arithSlow(arithBnot, *rb, *rb)
			regs = L.frameRegs(base)
			*r(regs, a) = v
		case bc.OpNot:
			(*r(regs, a)) = Bool(!(*r(regs, i.B())).Truthy())
		case bc.OpLen:
			rb := (*r(regs, i.B()))
			if rb.t == tagString {
				(*r(regs, a)) = Int(int64(rb.n))
				continue
			}
			if rb.t == tagTable && rb.table().meta == nil {
				(*r(regs, a)) = Int(rb.table().Len())
				continue
			}
			ci.pc = pc
			L.top = ci.top
			v := L.objLen(rb)
			regs = L.frameRegs(base)
			(*r(regs, a)) = v
		case bc.OpConcat:
			ra := base + a
			n := i.B()
			ci.pc = pc
			L.top = ra + n
			L.concat(n)
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
					ci.pc = pc
					L.checkInterrupt()
				}
			}
		case bc.OpEq:
			rb := (*r(regs, i.B()))
			a := (*r(regs, a))
			var cond bool
			if a.t == rb.t && (a.t == tagTable || a.t == tagUserdata) && a.p != rb.p {
				ci.pc = pc
				L.top = ci.top
				cond = L.equalObj(a, rb)
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
				cond = L.lessThan(a, rb)
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
				cond = L.lessEqual(a, rb)
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
				cond = L.compareImmediate(i, a)
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
			regs = L.frameRegs(base)
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
					regs = L.frameRegs(base)
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
			ra := base + a
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
				L.stack[ci.fn+j] = Nil
				L.top++
			}
			if ci.status&ciFresh != 0 {
				return
			}
			ci = L.ci
			goto returning
		case bc.OpReturn1:
			ra := base + a
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
				L.stack[ci.fn] = *r(regs, a)
				L.top = ci.fn + 1
				for j := 1; j < nres; j++ {
					L.stack[ci.fn+j] = Nil
					L.top++
				}
			}
			if ci.status&ciFresh != 0 {
				return
			}
			ci = L.ci
			goto returning
		case bc.OpForLoop:
			ra := base + a
			if (*r(regs, a+2)).t == tagInt {
				count := (*r(regs, a+1)).n
				if count > 0 {
					// Whole values are stored, not just payloads: debug.setlocal
					// can put anything in these registers, and a payload
					// written under a string's tag would be memory-unsafe.
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
				ci.pc = pc
				L.checkInterrupt()
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
			ra := base + a
			(*r(regs, a+4)) = (*r(regs, a))
			(*r(regs, a+5)) = (*r(regs, a+1))
			(*r(regs, a+6)) = (*r(regs, a+2))
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
			regs = L.frameRegs(base)
			L.top = ci.top
		case bc.OpTForLoop:
			if v := (*r(regs, a+4)); v.t != tagNil {
				(*r(regs, a+2)) = v
				pc -= i.Bx()
				if L.g.interrupt.tick() {
					ci.pc = pc
					L.checkInterrupt()
				}
			}
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
			t.ensureArray(last + n)
			copy(t.arr[last:last+n], L.stack[ra+1:ra+1+n])
			L.top = ci.top
		case bc.OpClosure:
			(*r(regs, a)) = closureValue(L.newClosure(cl, cl.p.protos[i.Bx()], base))
		case bc.OpVararg:
			ra := base + a
			n := i.C() - 1
			ci.pc = pc
			L.varargs(ci, ra, n)
			regs = L.frameRegs(base)
		case bc.OpVarargPrep:
			ci.pc = pc
			L.adjustVarargs(ci, i.A())
			base = ci.fn + 1
			regs = L.frameRegs(base)
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
	c := allocClosure(p)
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

// valueSize is the size of a Value, the stride of the register file.
const valueSize = unsafe.Sizeof(Value{})

// r returns register i of a frame whose registers start at regs. The
// verifier guarantees every register operand is below the frame size, and
// the stack always holds the whole frame, so no bounds check is needed.
func r(regs unsafe.Pointer, i int) *Value {
	return (*Value)(unsafe.Add(regs, uintptr(i)*valueSize))
}

// frameRegs returns the address of stack slot base, reloaded whenever the
// stack may have moved.
func (L *State) frameRegs(base int) unsafe.Pointer {
	return unsafe.Pointer(&L.stack[base])
}

// arith finishes an arithmetic instruction whose operands are not both
// integers or both floats: mixed numbers are computed here, anything else
// goes to the metamethods. Division by zero was handled by the caller.
func (L *State) arith(op arithOp, a, b Value, ci *callInfo) Value {
	if v, ok := arithFast(op, a, b); ok {
		return v
	}
	L.top = ci.top
	return L.arithSlow(op, a, b)
}

// arithK is arith for an instruction with a constant operand; flip says
// the constant was on the left in the source.
func (L *State) arithK(op arithOp, rb, kc Value, flip bool, ci *callInfo) Value {
	if flip {
		rb, kc = kc, rb
	}
	return L.arith(op, rb, kc, ci)
}

// fetch reads instruction pc of the code starting at cb. The verifier
// keeps every pc the VM reaches inside the code.
func fetch(cb unsafe.Pointer, pc int) bc.Instruction {
	return *(*bc.Instruction)(unsafe.Add(cb, uintptr(pc)*4))
}

// kv returns constant i of the table starting at kb (verified in range).
func kv(kb unsafe.Pointer, i int) *Value {
	return (*Value)(unsafe.Add(kb, uintptr(i)*valueSize))
}

// Closures with few upvalues are allocated together with their upvalue
// array: one allocation instead of two for the common small closure.
type (
	closure1 struct {
		Closure
		a [1]*upval
	}
	closure2 struct {
		Closure
		a [2]*upval
	}
	closure4 struct {
		Closure
		a [4]*upval
	}
)

func allocClosure(p *funcProto) *Closure {
	n := len(p.upvals)
	switch {
	case n == 0:
		return &Closure{p: p}
	case n == 1:
		x := &closure1{}
		x.p, x.upvals = p, x.a[:]
		return &x.Closure
	case n == 2:
		x := &closure2{}
		x.p, x.upvals = p, x.a[:]
		return &x.Closure
	case n <= 4:
		x := &closure4{}
		x.p, x.upvals = p, x.a[:n]
		return &x.Closure
	}
	return &Closure{p: p, upvals: make([]*upval, n)}
}

// numPair returns two number operands as floats, for the mixed
// integer/float forms of arithmetic (2 * x with x a float is common).
func numPair(a, b *Value) (float64, float64, bool) {
	var x, y float64
	switch a.t {
	case tagFloat:
		x = a.AsFloat()
	case tagInt:
		x = float64(int64(a.n))
	default:
		return 0, 0, false
	}
	switch b.t {
	case tagFloat:
		y = b.AsFloat()
	case tagInt:
		y = float64(int64(b.n))
	default:
		return 0, 0, false
	}
	return x, y, true
}
