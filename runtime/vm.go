package runtime

import (
	"math"
	"unsafe"

	bc "panto/bytecode"
)

// vmFrame is the running frame's state as the dispatch loop keeps it in
// the Go frame's memory: written when a frame starts, read back after
// every call out of the loop. Everything else the loop keeps in locals
// (constants, code, pc, registers) is derived from it again after such a
// call, so that entering a frame, which every call and return does,
// stores no more than these two words.
type vmFrame struct {
	ci *callInfo
	cl *Closure
	// resumable is execute's argument, kept here rather than in a register.
	resumable bool
	// pad keeps the struct larger than four words, so that the compiler
	// does not turn it into registers (which it would spill anyway).
	_ [2]uintptr
}

// aLow is the low bit of operand A, which shares the instruction's first
// byte with the opcode: execute's switch takes the byte as it is (one
// MOVBLZX at each dispatch, not a move and a mask) and so lists each
// opcode with and without it.
const aLow = 1 << bc.SizeOp

// execute runs Lua frames starting at ci until the frame marked ciFresh
// returns. resumable tells whether this invocation was started by a resume
// (or the unrolling after one): only then can a yield return normally from
// here; otherwise it must unwind the Go frames in between with a panic.
// ci must be L.ci.
//
// The dispatch loop keeps the frame's closure, code, constants, base, pc
// and registers in locals. Its fast paths (integers, floats, plain tables
// hit at the first probe, Lua-to-Lua calls and returns) make no Go calls at
// all: every other case jumps to slow, which runs the whole instruction
// out of line in execSlow, and then reloads the locals from fs. Since no
// local is live across a call, the compiler has nothing to spill at each
// instruction; Go's calling convention clobbers every register, so a
// single call in a fast path would make it save the loop's state to the
// stack on every iteration.
//
// Debug hooks can only be set by Go code, that is during a call out of the
// loop, so the loop looks at the hook mask when it starts a frame and
// after calls, never per instruction. While a hook is set, instructions
// are run one by one by execSlow, after hookInstruction (see hooked).
func (L *State) execute(ci *callInfo, resumable bool) {
	var (
		fs   vmFrame
		kb   unsafe.Pointer // &constants[0]
		cb   unsafe.Pointer // &code[0]
		pc   int
		regs unsafe.Pointer // &L.stack[base]: registers without bounds checks
		npc  int            // what execSlow and the loop's other helpers return
		cond bool           // a test's outcome, for condJump
	)
	fs.resumable = resumable
newFrame:
	// Frame ci starts or goes on at its saved pc. The loop's own calls
	// and returns go to enter: no Go code has run since the loop last
	// looked at the hook mask, so no hook can have been set.
	if L.hook.mask != 0 {
		fs.ci, fs.cl = ci, ci.cl
		goto hooked
	}
enter:
	fs.ci = ci
	fs.cl = ci.cl
	if fs.cl.p.native != nil {
		goto native
	}
	kb = unsafe.Pointer(unsafe.SliceData(fs.cl.p.k))
	cb = unsafe.Pointer(unsafe.SliceData(fs.cl.p.code))
	pc = ci.pc
	regs = stackAt(L.stack, ci.fn+1)
run:
	// pc is the running instruction's index while its case runs. Each
	// case moves it on itself (pc++, or pc += 2 past a skipped jump) and
	// continues: the loop has no post statement, so every path ends in
	// its own increment and a jump straight back to the fetch, where a
	// post statement made every case jump to one shared `INCQ; JMP`
	// block, a third jump per instruction. Incremented at the top instead,
	// both the old and the new pc were live in the cases (the compiler
	// folds cb[pc+1] into the old one's addressing), so the new one was
	// computed into a register of its own and moved back at every
	// dispatch. The cases therefore read the following instruction at
	// pc+1 and hand pc+1 to the helpers, which take the next pc (except
	// arithMeta, reached after the arithmetic cases' own increment).
	//
	// Each pc++ costs execute's size budget (see condJump) about three
	// nodes, which is why rare cases (LOADKX, IDIV, NOT...) go to slow.
	//
	// Hot lines avoid inlined calls with no instruction of the caller's
	// own on the line: an inlined call leaves an inlining mark, which the
	// compiler puts on an instruction of the same line or else emits as
	// a NOP, executed with the case. Hence operands written out as
	// offsets (such as B by byte offset, see valueSize) where a case's
	// last jump no longer carries the line. fetch is written out here for
	// the same reason.
	for {
		i := *(*bc.Instruction)(unsafe.Add(cb, uintptr(pc)*4))
		// i.A() written out: an inlined call whose line has no machine
		// instruction of its own costs a NOP (the inlining mark) at every
		// dispatch.
		a := int(i>>bc.PosA) & bc.MaxA
		var (
			ixT *Table // index: the table
			ixK *Value // and the constant string key
		)
		switch bc.Opcode(i) {
		case bc.OpMove, bc.OpMove | aLow:
			copyVal(r(regs, a), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)))
			pc++
			continue
		case bc.OpLoadI, bc.OpLoadI | aLow:
			setInt(r(regs, a), int64(i>>bc.PosBx)-bc.OffsetSBx)
			pc++
			continue
		case bc.OpLoadF, bc.OpLoadF | aLow:
			setFloat(r(regs, a), float64(int64(i>>bc.PosBx)-bc.OffsetSBx))
			pc++
			continue
		case bc.OpLoadK, bc.OpLoadK | aLow:
			copyVal(r(regs, a), kv(kb, int(i>>bc.PosBx)))
			pc++
			continue
		case bc.OpLoadFalse, bc.OpLoadFalse | aLow:
			setTag((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), tagFalse)
			pc++
			continue
		case bc.OpLFalseSkip, bc.OpLFalseSkip | aLow:
			setTag((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), tagFalse)
			pc += 2
			continue
		case bc.OpLoadTrue, bc.OpLoadTrue | aLow:
			setTag((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), tagTrue)
			pc++
			continue
		case bc.OpLoadNil, bc.OpLoadNil | aLow:
			for j := a + i.B(); j >= a; j-- {
				setTag(r(regs, j), tagNil)
			}
		case bc.OpGetUpval, bc.OpGetUpval | aLow:
			copyVal(r(regs, a), upvalAt(fs.cl, i.B()))
			pc++
			continue
		case bc.OpSetUpval, bc.OpSetUpval | aLow:
			*upvalAt(fs.cl, i.B()) = *r(regs, a)
		case bc.OpGetTabUp, bc.OpGetTabUp | aLow:
			up := upvalAt(fs.cl, i.B())
			if up.t == tagTable {
				t, key := up.table(), kv(kb, i.C())
				if v := probeStr(t, key); v != nil && (v.t != tagNil || t.meta == nil) {
					copyVal((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), v)
					pc++
					continue
				}
				// An environment with an __index chain (a sandbox's
				// globals falling back to _G).
				ixT, ixK = t, key
				goto index
			}
			goto slow
		case bc.OpGetTable, bc.OpGetTable | aLow:
			rb, rc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			if rb.t == tagTable {
				t := rb.table()
				if rc.t == tagInt {
					if k := int64(rc.n); uint64(k)-1 < uint64(len(t.arr)) {
						if v := elem(t.arr, k-1); v.t != tagNil || t.meta == nil {
							// copyVal, not a whole Value's store: that
							// stored the fields one by one behind a
							// write barrier test, about 12 instructions.
							copyVal((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), v)
							pc++
							continue
						}
					}
				} else if rc.t == tagString {
					if v := probeStr(t, rc); v != nil && (v.t != tagNil || t.meta == nil) {
						copyVal((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), v)
						pc++
						continue
					}
				}
			}
			goto slow
		case bc.OpGetI, bc.OpGetI | aLow:
			rb := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3))
			if rb.t == tagTable {
				t := rb.table()
				if k := int64(i.C()); uint64(k)-1 < uint64(len(t.arr)) {
					if v := elem(t.arr, k-1); v.t != tagNil || t.meta == nil {
						copyVal((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), v)
						pc++
						continue
					}
				}
			}
			goto slow
		case bc.OpGetField, bc.OpGetField | aLow:
			// B by byte offset, as in the arithmetic cases (see valueSize).
			rb := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3))
			if rb.t == tagTable {
				t, key := rb.table(), kv(kb, i.C())
				if v := probeStr(t, key); v != nil && (v.t != tagNil || t.meta == nil) {
					copyVal((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), v)
					pc++
					continue
				}
				ixT, ixK = t, key
				goto index
			}
			goto slow
		case bc.OpSetTabUp, bc.OpSetTabUp | aLow:
			up := upvalAt(fs.cl, a)
			if up.t == tagTable {
				t := up.table()
				if v := probeStr(t, kv(kb, i.B())); v != nil && (v.t != tagNil || t.meta == nil) {
					if i.K() {
						copyVal(v, kv(kb, i.C()))
					} else {
						copyVal(v, r(regs, i.C()))
					}
					if t.tmAbsent != 0 {
						t.keysChanged()
					}
					pc++
					continue
				}
			}
			goto slow
		case bc.OpSetTable, bc.OpSetTable | aLow:
			ta, rb := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3))
			if ta.t == tagTable {
				t := ta.table()
				// The source is chosen before probing: i used after the
				// probe's loop made the compiler spill i at every dispatch.
				src := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
				if i.K() {
					src = (*Value)(unsafe.Add(kb, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
				}
				var v *Value
				if rb.t == tagInt {
					if k := int64(rb.n); uint64(k)-1 < uint64(len(t.arr)) {
						v = elem(t.arr, k-1)
					} else if n := len(t.arr); k == int64(n)+1 && n < cap(t.arr) && t.node == nil && t.meta == nil {
						// Appending to a sequence with room in its array
						// part, as SetInt does, when no hash part can hold
						// the key and no __newindex can apply.
						if src.t != tagNil {
							t.arr = t.arr[:n+1]
							copyVal(&t.arr[n], src)
							pc++
							continue
						}
					}
				} else if rb.t == tagString {
					v = probeStr(t, rb)
					if v == nil && t.meta == nil {
						ixT, ixK = t, rb
						goto newField
					}
				}
				if v != nil && (v.t != tagNil || t.meta == nil) {
					copyVal(v, src)
					if rb.t == tagString && t.tmAbsent != 0 {
						t.keysChanged()
					}
					pc++
					continue
				}
			}
			goto slow
		case bc.OpSetI, bc.OpSetI | aLow:
			ta := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			if ta.t == tagTable {
				t := ta.table()
				if k := int64(i.B()); uint64(k)-1 < uint64(len(t.arr)) {
					if v := elem(t.arr, k-1); v.t != tagNil || t.meta == nil {
						if i.K() {
							copyVal(v, (*Value)(unsafe.Add(kb, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3)))
						} else {
							copyVal(v, (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3)))
						}
						pc++
						continue
					}
				}
			}
			goto slow
		case bc.OpSetField, bc.OpSetField | aLow:
			ta := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			if ta.t == tagTable {
				t, key := ta.table(), kv(kb, i.B())
				if v := probeStr(t, key); v != nil && (v.t != tagNil || t.meta == nil) {
					if i.K() {
						copyVal(v, (*Value)(unsafe.Add(kb, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3)))
					} else {
						copyVal(v, (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3)))
					}
					if t.tmAbsent != 0 {
						t.keysChanged()
					}
					pc++
					continue
				}
				if t.meta == nil {
					ixT, ixK = t, key
					goto newField
				}
			}
			goto slow
		case bc.OpSelf, bc.OpSelf | aLow:
			// R[A+1] := R[B] is stored first, with moveVal, in both forms:
			// R[B] may be R[A], and the key (a constant, or R[C] read by
			// the probe before the stores) is not clobbered.
			rb := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3))
			if i.K() {
				if key := kv(kb, i.C()); rb.t == tagTable && key.t == tagString {
					// Methods are usually found along an __index chain;
					// the index label probes the table itself first.
					moveVal((*Value)(unsafe.Add(regs, uintptr(a+1)*valueSize)), rb)
					ixT, ixK = rb.table(), key
					goto index
				} else if rb.t == tagString {
					goto selfString
				}
			} else if key := r(regs, i.C()); rb.t == tagTable && key.t == tagString {
				t := rb.table()
				if v := probeStr(t, key); v != nil && (v.t != tagNil || t.meta == nil) {
					moveVal((*Value)(unsafe.Add(regs, uintptr(a+1)*valueSize)), rb)
					copyVal(r(regs, a), v)
					pc++
					continue
				}
			}
			goto slow
		case bc.OpAddI, bc.OpAddI | aLow:
			if rb := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)); rb.t == tagInt {
				setInt((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), int64(rb.n)+(int64(i>>bc.PosC)-bc.OffsetSC))
				pc++
				continue
			} else if rb.t == tagFloat {
				setFloat((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), math.Float64frombits(rb.n)+float64(int64(i>>bc.PosC)-bc.OffsetSC))
				pc++
				continue
			} else {
				goto slow
			}
		case bc.OpAddK, bc.OpAddK | aLow:
			rb, kc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(kb, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			dst := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			pc++ // arithMeta takes the next pc
			if rb.t == tagInt && kc.t == tagInt {
				setInt(dst, int64(rb.n)+int64(kc.n))
				continue
			} else if rb.t == tagFloat && kc.t == tagFloat {
				setFloat(dst, math.Float64frombits(rb.n)+math.Float64frombits(kc.n))
				continue
			} else if rb.t == tagFloat && kc.t == tagInt {
				// A float times an integer constant (2 * x).
				setFloat(dst, math.Float64frombits(rb.n)+float64(int64(kc.n)))
				continue
			} else if x, y, ok := numPair(rb, kc); ok {
				setFloat(dst, x+y)
				continue
			}
			goto arithMeta
		case bc.OpSubK, bc.OpSubK | aLow:
			rb, kc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(kb, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			dst := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			pc++ // arithMeta takes the next pc
			if rb.t == tagInt && kc.t == tagInt {
				setInt(dst, int64(rb.n)-int64(kc.n))
				continue
			} else if rb.t == tagFloat && kc.t == tagFloat {
				setFloat(dst, math.Float64frombits(rb.n)-math.Float64frombits(kc.n))
				continue
			} else if rb.t == tagFloat && kc.t == tagInt {
				// A float times an integer constant (2 * x).
				setFloat(dst, math.Float64frombits(rb.n)-float64(int64(kc.n)))
				continue
			} else if x, y, ok := numPair(rb, kc); ok {
				setFloat(dst, x-y)
				continue
			}
			goto arithMeta
		case bc.OpMulK, bc.OpMulK | aLow:
			rb, kc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(kb, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			dst := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			pc++ // arithMeta takes the next pc
			if rb.t == tagInt && kc.t == tagInt {
				setInt(dst, int64(rb.n)*int64(kc.n))
				continue
			} else if rb.t == tagFloat && kc.t == tagFloat {
				setFloat(dst, math.Float64frombits(rb.n)*math.Float64frombits(kc.n))
				continue
			} else if rb.t == tagFloat && kc.t == tagInt {
				// A float times an integer constant (2 * x).
				setFloat(dst, math.Float64frombits(rb.n)*float64(int64(kc.n)))
				continue
			} else if x, y, ok := numPair(rb, kc); ok {
				setFloat(dst, x*y)
				continue
			}
			goto arithMeta
		case bc.OpModK, bc.OpModK | aLow:
			rb, kc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(kb, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			if rb.t == tagInt && kc.t == tagInt && kc.n != 0 {
				setInt((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), imod(int64(rb.n), int64(kc.n)))
				pc++
				continue
			} else {
				goto slow
			}
		case bc.OpDivK, bc.OpDivK | aLow:
			rb, kc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(kb, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			dst := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			if x, y, ok := numPair(rb, kc); ok {
				setFloat(dst, x/y)
				pc++
				continue
			} else {
				goto slow
			}
		case bc.OpBandK, bc.OpBandK | aLow, bc.OpBorK, bc.OpBorK | aLow,
			bc.OpBxorK, bc.OpBxorK | aLow, bc.OpShrI, bc.OpShrI | aLow,
			bc.OpShlI, bc.OpShlI | aLow, bc.OpBand, bc.OpBand | aLow,
			bc.OpBor, bc.OpBor | aLow, bc.OpBxor, bc.OpBxor | aLow,
			bc.OpShl, bc.OpShl | aLow, bc.OpShr, bc.OpShr | aLow,
			bc.OpBnot, bc.OpBnot | aLow:
			goto bitwise
		case bc.OpAdd, bc.OpAdd | aLow:
			rb, rc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			dst := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			pc++ // arithMeta takes the next pc
			if rb.t == tagInt && rc.t == tagInt {
				setInt(dst, int64(rb.n)+int64(rc.n))
				continue
			} else if rb.t == tagFloat && rc.t == tagFloat {
				setFloat(dst, math.Float64frombits(rb.n)+math.Float64frombits(rc.n))
				continue
			} else if x, y, ok := numPair(rb, rc); ok {
				setFloat(dst, x+y)
				continue
			}
			goto arithMeta
		case bc.OpSub, bc.OpSub | aLow:
			rb, rc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			dst := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			pc++ // arithMeta takes the next pc
			if rb.t == tagInt && rc.t == tagInt {
				setInt(dst, int64(rb.n)-int64(rc.n))
				continue
			} else if rb.t == tagFloat && rc.t == tagFloat {
				setFloat(dst, math.Float64frombits(rb.n)-math.Float64frombits(rc.n))
				continue
			} else if x, y, ok := numPair(rb, rc); ok {
				setFloat(dst, x-y)
				continue
			}
			goto arithMeta
		case bc.OpMul, bc.OpMul | aLow:
			rb, rc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			dst := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			pc++ // arithMeta takes the next pc
			if rb.t == tagInt && rc.t == tagInt {
				setInt(dst, int64(rb.n)*int64(rc.n))
				continue
			} else if rb.t == tagFloat && rc.t == tagFloat {
				setFloat(dst, math.Float64frombits(rb.n)*math.Float64frombits(rc.n))
				continue
			} else if x, y, ok := numPair(rb, rc); ok {
				setFloat(dst, x*y)
				continue
			}
			goto arithMeta
		case bc.OpDiv, bc.OpDiv | aLow:
			rb, rc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			dst := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			if x, y, ok := numPair(rb, rc); ok {
				setFloat(dst, x/y)
				pc++
				continue
			} else {
				goto slow
			}
		case bc.OpMod, bc.OpMod | aLow:
			rb, rc := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3)), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosC-3)&(bc.MaxC<<3))*3))
			if rb.t == tagInt && rc.t == tagInt && rc.n != 0 {
				setInt((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), imod(int64(rb.n), int64(rc.n)))
				pc++
				continue
			} else {
				goto slow
			}
		case bc.OpUnm, bc.OpUnm | aLow:
			rb := r(regs, i.B())
			if rb.t == tagInt {
				setInt(r(regs, a), -int64(rb.n))
			} else if rb.t == tagFloat {
				setFloat(r(regs, a), -rb.AsFloat())
			} else {
				goto slow
			}
		case bc.OpLen, bc.OpLen | aLow:
			rb := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3))
			if rb.t == tagString {
				setInt(r(regs, a), int64(rb.n))
				pc++
				continue
			}
			if rb.t == tagTable {
				// A table whose array part ends the sequence.
				t := rb.table()
				if n := len(t.arr); t.meta == nil && t.node == nil && (n == 0 || t.arr[n-1].t != tagNil) {
					setInt(r(regs, a), int64(n))
					pc++
					continue
				}
			}
			goto slow
		case bc.OpJmp, bc.OpJmp | aLow:
			off := int(i>>bc.PosSJ) - bc.OffsetSJ
			pc += off
			if off < 0 && L.g.interrupt.tick() {
				goto interrupt
			}
			pc++
			continue
		case bc.OpEq, bc.OpEq | aLow:
			// Integers, floats and identical values (nil, booleans, the
			// same string, table or function) here; other strings, tables
			// (__eq) and mixed numbers through execSlow.
			x, y := r(regs, a), r(regs, i.B())
			if x.t == y.t {
				if x.t == tagFloat {
					cond = math.Float64frombits(x.n) == math.Float64frombits(y.n)
				} else if x.n == y.n && x.p == y.p {
					cond = true
				} else if x.t == tagInt {
					cond = false
				} else {
					goto slow
				}
			} else if x.IsNumber() && y.IsNumber() {
				goto slow
			} else {
				cond = false
			}
			goto condJump
		case bc.OpLt, bc.OpLt | aLow:
			x, y := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3))
			cond = false
			if x.t == tagInt && y.t == tagInt {
				cond = int64(x.n) < int64(y.n)
			} else if x.t == tagFloat && y.t == tagFloat {
				cond = math.Float64frombits(x.n) < math.Float64frombits(y.n)
			} else {
				goto slow
			}
			if cond != i.K() {
				pc += 2
				continue
			}
			off := fetch(cb, pc+1).SJ() + 1
			pc += off
			if off <= 0 && L.g.interrupt.tick() {
				goto interrupt
			}
			pc++
			continue
		case bc.OpLe, bc.OpLe | aLow:
			x, y := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3))
			cond = false
			if x.t == tagInt && y.t == tagInt {
				cond = int64(x.n) <= int64(y.n)
			} else if x.t == tagFloat && y.t == tagFloat {
				cond = math.Float64frombits(x.n) <= math.Float64frombits(y.n)
			} else {
				goto slow
			}
			if cond != i.K() {
				pc += 2
				continue
			}
			off := fetch(cb, pc+1).SJ() + 1
			pc += off
			if off <= 0 && L.g.interrupt.tick() {
				goto interrupt
			}
			pc++
			continue
		case bc.OpEqK, bc.OpEqK | aLow:
			// Constants are nil, booleans, numbers and strings. Each
			// branch jumps to condJump itself (see EQI).
			x, k := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), kv(kb, int(i>>bc.PosB)&bc.MaxB)
			if x.t == k.t {
				if x.t == tagFloat {
					cond = math.Float64frombits(x.n) == math.Float64frombits(k.n)
					goto condJump
				}
				if x.n == k.n && x.p == k.p {
					// nil, a boolean, the same integer or string.
					cond = true
					goto condJump
				}
				if x.t == tagString && x.n == k.n && (x.h == 0 || x.h == k.h) {
					goto slow // the same length and hash: compare the bytes
				}
				// Other integers and strings differ; nil and booleans
				// are equal whatever their unused words hold.
				cond = x.t < tagInt
				goto condJump
			} else if x.IsNumber() && k.IsNumber() {
				goto slow
			}
			cond = false
			goto condJump
		case bc.OpEqI, bc.OpEqI | aLow:
			// Each branch jumps to condJump itself: one jump less than
			// meeting after the if (a block that only moved cond).
			x := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			imm := int64(int(i>>bc.PosB)&bc.MaxB - bc.OffsetSC)
			if x.t == tagInt {
				cond = int64(x.n) == imm
				goto condJump
			} else if x.t == tagFloat {
				cond = math.Float64frombits(x.n) == float64(imm)
				goto condJump
			}
			cond = false
			goto condJump
		case bc.OpLtI, bc.OpLtI | aLow:
			x := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			if x.t == tagInt {
				cond = int64(x.n) < int64(i.SB())
				goto condJump
			} else if x.t == tagFloat {
				cond = math.Float64frombits(x.n) < float64(i.SB())
				goto condJump
			}
			goto slow
		case bc.OpLeI, bc.OpLeI | aLow:
			x := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			if x.t == tagInt {
				cond = int64(x.n) <= int64(i.SB())
				goto condJump
			} else if x.t == tagFloat {
				cond = math.Float64frombits(x.n) <= float64(i.SB())
				goto condJump
			}
			goto slow
		case bc.OpGtI, bc.OpGtI | aLow:
			x := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			if x.t == tagInt {
				cond = int64(x.n) > int64(i.SB())
				goto condJump
			} else if x.t == tagFloat {
				cond = math.Float64frombits(x.n) > float64(i.SB())
				goto condJump
			}
			goto slow
		case bc.OpGeI, bc.OpGeI | aLow:
			x := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			if x.t == tagInt {
				cond = int64(x.n) >= int64(i.SB())
				goto condJump
			} else if x.t == tagFloat {
				cond = math.Float64frombits(x.n) >= float64(i.SB())
				goto condJump
			}
			goto slow
		case bc.OpTest, bc.OpTest | aLow:
			cond = (*Value)(unsafe.Add(regs, uintptr(a)*valueSize)).t > tagFalse
			goto condJump
		case bc.OpTestSet, bc.OpTestSet | aLow:
			rb := (*Value)(unsafe.Add(regs, uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3))
			if rb.Truthy() != i.K() {
				pc += 2
				continue
			}
			copyVal((*Value)(unsafe.Add(regs, uintptr(a)*valueSize)), rb)
			off := fetch(cb, pc+1).SJ() + 1
			pc += off
			if off <= 0 && L.g.interrupt.tick() {
				goto interrupt
			}
			pc++
			continue
		case bc.OpCall, bc.OpCall | aLow:
			// A call of a Lua function is pushed here; everything else
			// (Go functions, __call, a full stack, the interruption check)
			// goes through precall in execSlow.
			ci = fs.ci
			ra := ci.fn + 1 + a
			// nargs: the arguments, from B or up to the top a
			// multiple-result call or VARARG left.
			nargs := i.B() - 1
			if nargs >= 0 {
				L.top = ra + 1 + nargs
			} else {
				nargs = L.top - ra - 1
			}
			ci.pc = pc + 1
			fn := (*Value)(unsafe.Add(regs, uintptr(a)*valueSize))
			if L.g.interrupt.tick() {
				goto slow
			}
			if fn.t != tagLuaFn {
				if fn.t == tagGoFn {
					goto goCall
				}
				goto slow
			}
			ncl := fn.closure()
			p := ncl.p
			nci := ci.next
			ntop := ra + 1 + p.maxStack
			if nci == nil || ntop >= len(L.stack) {
				goto slow
			}
			nci.fn = ra
			nci.nresults = i.C() - 1
			nci.status = ciLua
			nci.top = ntop
			nci.cl = ncl
			nci.pc = 0
			nci.nextraargs = 0
			L.ci = nci
			// Enter the callee here rather than at enter: its closure,
			// prototype and registers are at hand, and its pc is 0.
			ci = nci
			fs.ci, fs.cl = nci, ncl
			regs = unsafe.Add(regs, uintptr(a+1)*valueSize)
			// Missing parameters are nil: last, in the callee's registers
			// (ntop is in the stack), so that neither i nor a is used
			// after the write barrier's call, which would make the
			// compiler spill them at every dispatch.
			for ; nargs < p.numParams; nargs++ {
				*(*Value)(unsafe.Add(regs, uintptr(nargs)*valueSize)) = Nil
				L.top = ra + 2 + nargs
			}
			if p.native != nil {
				goto native
			}
			kb = unsafe.Pointer(unsafe.SliceData(p.k))
			cb = unsafe.Pointer(unsafe.SliceData(p.code))
			pc = 0
			goto run
		case bc.OpTailCall, bc.OpTailCall | aLow:
			// A tail call of a Lua function from a function that is not
			// vararg and has no upvalues to close reuses the frame here;
			// the rest (and the interruption check) goes through
			// pretailcall in execSlow.
			fn := r(regs, a)
			if i.K() || i.C() != 0 || L.g.interrupt.countdown <= 0 {
				goto slow
			}
			if fn.t != tagLuaFn {
				if fn.t == tagGoFn {
					goto tailGo
				}
				goto slow
			}
			ncl := fn.closure()
			p := ncl.p
			ci = fs.ci
			nargs := i.B() - 1
			if nargs < 0 {
				// The arguments end at the top a multiple-result call or
				// VARARG left: return f(g(x)).
				nargs = L.top - ci.fn - a - 2
			}
			if ci.fn+1+max(p.maxStack, nargs)+1 > len(L.stack) {
				goto slow
			}
			L.g.interrupt.tick()
			// The function and its arguments move down to the frame's base.
			dst := unsafe.Add(regs, -int(valueSize))
			src := unsafe.Add(regs, uintptr(a)*valueSize)
			for j := 0; j <= nargs; j++ {
				copyVal((*Value)(unsafe.Add(dst, uintptr(j)*valueSize)), (*Value)(unsafe.Add(src, uintptr(j)*valueSize)))
			}
			for ; nargs < p.numParams; nargs++ {
				*(*Value)(unsafe.Add(dst, uintptr(nargs+1)*valueSize)) = Nil
			}
			L.top = ci.fn + 1 + nargs
			ci.top = ci.fn + 1 + p.maxStack
			ci.cl = ncl
			ci.pc = 0
			ci.status |= ciTail
			ci.nextraargs = 0
			// Enter the callee here, as CALL does: the frame's base and
			// so its registers are the caller's.
			fs.cl = ncl
			if p.native != nil {
				goto native
			}
			pc = 0
			cb = unsafe.Pointer(unsafe.SliceData(p.code))
			kb = unsafe.Pointer(unsafe.SliceData(p.k))
			goto run
		case bc.OpReturn0, bc.OpReturn0 | aLow:
			// Hooks are off (see hooked), so no return hook. A caller
			// that wants results gets nils through execSlow.
			ci = fs.ci
			if ci.nresults > 0 {
				goto slow
			}
			L.ci = ci.prev
			L.top = ci.fn
			if ci.status&ciFresh != 0 {
				return
			}
			ci = ci.prev
			if ci.status&(ciLua|ciMetaPending) != ciLua {
				goto returned
			}
			goto enter
		case bc.OpReturn1, bc.OpReturn1 | aLow:
			// One result for a caller that wants one or all of them, none
			// for one that wants none; more through execSlow.
			ci = fs.ci
			if nres := ci.nresults; nres == 1 || nres < 0 {
				// The function's slot is just below the registers.
				moveVal((*Value)(unsafe.Add(regs, -int(valueSize))), (*Value)(unsafe.Add(regs, uintptr(a)*valueSize)))
				L.top = ci.fn + 1
			} else if nres == 0 {
				L.top = ci.fn
			} else {
				goto slow
			}
			L.ci = ci.prev
			if ci.status&ciFresh != 0 {
				return
			}
			ci = ci.prev
			if ci.status&(ciLua|ciMetaPending) != ciLua {
				goto returned
			}
			goto enter
		case bc.OpForLoop, bc.OpForLoop | aLow:
			// The control values written out as offsets of R[A], without
			// r and AsFloat: an inlined call whose instructions take
			// the caller's position costs a NOP, its inlining mark.
			ra := unsafe.Add(regs, uintptr(a)*valueSize)
			if step := (*Value)(unsafe.Add(ra, 2*valueSize)); step.t == tagInt {
				cnt := (*Value)(unsafe.Add(ra, valueSize))
				if count := cnt.n; count > 0 {
					// Whole values are stored, not just payloads: debug.setlocal
					// can put anything in these registers, and a payload
					// written under a string's tag would be memory-unsafe.
					setInt(cnt, int64(count-1))
					setInt2((*Value)(ra), (*Value)(unsafe.Add(ra, 3*valueSize)), int64((*Value)(ra).n)+int64(step.n))
					pc -= int(i >> bc.PosBx)
					if L.g.interrupt.tick() {
						goto interrupt
					}
					pc++
					continue
				}
			} else {
				// A float loop (forPrep made all three control values floats).
				st := math.Float64frombits(step.n)
				limit := math.Float64frombits((*Value)(unsafe.Add(ra, valueSize)).n)
				idx := math.Float64frombits((*Value)(ra).n) + st
				if st > 0 && idx <= limit || st <= 0 && limit <= idx {
					setFloat2((*Value)(ra), (*Value)(unsafe.Add(ra, 3*valueSize)), idx)
					pc -= int(i >> bc.PosBx)
					if L.g.interrupt.tick() {
						goto interrupt
					}
					pc++
					continue
				}
			}
			if L.g.interrupt.tick() {
				goto interrupt
			}
		case bc.OpForPrep, bc.OpForPrep | aLow:
			goto forPrep
		case bc.OpNewTable, bc.OpNewTable | aLow:
			goto newTable
		case bc.OpTForPrep, bc.OpTForPrep | aLow:
			fs.ci.pc = pc + 1 // as the reference, which saves it in case of a __close error
			if r(regs, a+3).t != tagNil {
				goto slow // a to-be-closed value
			}
			pc += i.Bx()
		case bc.OpTForLoop, bc.OpTForLoop | aLow:
			if v := r(regs, a+4); v.t != tagNil {
				copyVal(r(regs, a+2), v)
				pc -= i.Bx()
				if L.g.interrupt.tick() {
					goto interrupt
				}
				pc++
				continue
			}
		case bc.OpVarargPrep, bc.OpVarargPrep | aLow, bc.OpVararg, bc.OpVararg | aLow:
			goto vararg
		case bc.OpTForCall, bc.OpTForCall | aLow:
			goto tforCall
		case 1<<bc.SizeOp - 1, 1<<bc.SizeOp - 1 | aLow:
			// No such opcode (the verifier refuses it). With a case at
			// the largest value the instruction's first byte can hold,
			// the jump table covers every value the switch can see, and
			// the compiler drops the range check before the indirect
			// jump: two machine instructions less per dispatch.
			goto slow
		default:
			goto slow
		}
		pc++
		continue

	index:
		// GETFIELD, GETTABUP and SELF: R[A] := ixT[ixK] for a constant
		// string key (GETFIELD and GETTABUP have probed the table by
		// pointer, SELF not). The
		// table is probed for a key of ixK's hash: the key itself, or
		// another copy of its string, which the slow path compares;
		// then the method lookup cache (methodcache.go) gives the answer
		// of the __index chain of tables, else indexMiss walks it and
		// fills the cache.
		{
			// The destination is computed here rather than at the
			// stores below: a use of a after the loop made the compiler
			// keep a spilled copy of it, stored at every dispatch.
			dst := r(regs, a)
			t, k := ixT, ixK
			h := k.h
			if h == 0 {
				goto slow
			}
			if t.node != nil {
				// Chains stay inside the hash part: no bounds check needed.
				n := t.mainNode(h)
				for {
					if n.key.h == h && n.key.tn&tagMask == int32(tagString) {
						if n.key.p != k.p || n.key.n != k.n {
							goto slow
						}
						if n.val.t != tagNil {
							copyVal(dst, &n.val)
							pc++
							continue run
						}
						break
					}
					d := n.key.tn >> tagBits
					if d == 0 {
						break
					}
					n = (*node)(unsafe.Add(unsafe.Pointer(n), int(d)*int(nodeSize)))
				}
			}
			mt := t.meta
			if mt == nil {
				setTag(dst, tagNil)
				pc++
				continue
			}
			if ms := fs.cl.p.methods.Load(); ms != nil {
				if v := ms[uint(pc+1)%methodSiteCount].cached(mt, pc+1); v != nil {
					copyVal(dst, v)
					pc++
					continue
				}
			}
			ixT, ixK = t, k
			goto indexMissing
		}

	indexMissing:
		// The cache has no answer: walk the __index chain out of line
		// (see indexMissVM). No call in index itself: pc used after one
		// made the compiler spill it at every dispatch.
		npc = L.indexMissVM(fs.ci, fs.cl.p.code[pc], pc+1, ixT, ixK)
		goto slowDone

	selfString:
		// SELF of a constant key on a string (s:byte(i)), out of line
		// (see selfStringVM).
		npc = L.selfStringVM(fs.ci, i, pc+1)
		goto slowDone

	condJump:
		// The end of a test: skip the JMP that follows when cond differs
		// from the k bit, else make that jump here. One copy for every
		// test keeps execute below the compiler's "big function" size,
		// beyond which it would stop inlining the helpers of the fast
		// paths (copyVal, setFloat, probeStr...) and spill the loop's
		// state at every instruction.
		if cond != i.K() {
			pc += 2
			continue
		}
		{
			off := fetch(cb, pc+1).SJ() + 1
			pc += off
			if off <= 0 && L.g.interrupt.tick() {
				goto interrupt
			}
			pc++
			continue
		}

	newField:
		// SETFIELD and SETTABLE of a string key that probeStr did not find
		// in a table without a metatable (see newFieldVM).
		npc = L.newFieldVM(fs.ci, fs.cl.p.code[pc], pc+1, ixT, ixK)
		goto slowDone

	forPrep:
		npc = L.forPrepVM(fs.ci, i, pc+1)
		goto slowDone

	arithMeta:
		// ADD, SUB, MUL and their K forms on operands that are not
		// numbers: a table's metamethod without execSlow (arithMetaVM).
		// The cases have moved pc on already.
		npc = L.arithMetaVM(fs.ci, i, pc)
		goto slowDone

	newTable:
		npc = L.newTableVM(fs.ci, i, pc+1)
		goto slowDone

	bitwise:
		// The bitwise operations, out of line (see bitwiseVM).
		npc = L.bitwiseVM(fs.ci, i, pc+1)
		goto slowDone

	vararg:
		// VARARGPREP and VARARG, out of line (see varargVM).
		npc = L.varargVM(fs.ci, i, pc+1)
		goto slowDone

	tforCall:
		// A generic for's call of its iterator (see tforCallVM).
		npc = L.tforCallVM(fs.ci, i, pc+1)
		goto slowDone

	tailGo:
		// A TAILCALL of a Go function, under the same conditions as the
		// Lua tail call above (see tailCallGoVM).
		npc = L.tailCallGoVM(fs.ci, i, pc+1)
		goto slowDone

	goCall:
		// A CALL of a Go function, whose tick was counted without expiring
		// the countdown: run it without going through execSlow and precall.
		npc = L.callGoVM(fs.ci, i, pc+1)
		goto slowDone

	slow:
		// Run the whole instruction out of line, then reload the frame's
		// state, which no local carries across the call.
		//
		// This label and newField read the instruction again from the
		// prototype rather than use i: a probe's loop on the way here
		// takes i's register, and a use of i after it made the compiler
		// spill i at every dispatch. (cb[pc] would be the same load as
		// the fetch's, which the compiler merges into i.) The other
		// labels are reached with i still in its register.
		npc = L.execSlow(fs.ci, fs.cl.p.code[pc], pc+1)
		goto slowDone

	interrupt:
		// A backward jump counted the tick that expires the countdown.
		L.jumpCheck(fs.ci, i, pc+1)
		pc = fs.ci.pc
		goto reload
	}

slowDone:
	// What execSlow, the loop's other out-of-line helpers and native code
	// returned: a pc in the same frame, or one of the codes. One copy for
	// all of them keeps execute below the compiler's "big function" size
	// (see condJump). A pc first, with one test: a switch on the codes
	// compared npc three times (with padding between) after every call
	// out of the loop.
	if npc >= 0 {
		pc = npc
		goto reload
	}
	if npc == slowFrame {
		ci = L.ci
		if ci.status&(ciLua|ciMetaPending) != ciLua {
			goto returned
		}
		goto newFrame
	}
	if npc == slowYield && !fs.resumable {
		panic(yieldUnwind{})
	}
	return // slowDone, or a yield to the resume that started this loop
reload:
	// After a call out of the loop, at pc of frame fs.ci: the stack may
	// have moved, and a hook may have been set.
	if L.hook.mask != 0 {
		goto hookedStep
	}
	kb = unsafe.Pointer(unsafe.SliceData(fs.cl.p.k))
	cb = unsafe.Pointer(unsafe.SliceData(fs.cl.p.code))
	regs = stackAt(L.stack, fs.ci.fn+1)
	goto run

hooked:
	// Frame fs.ci goes on at its saved pc, and a hook may be set (the
	// native code handed the frame back because one was): run the
	// instructions one by one through execSlow, with the call and
	// instruction hooks, until the hook is removed.
	pc = fs.ci.pc
	if pc == 0 && L.hook.mask != 0 {
		L.hookCall(fs.ci)
	}
hookedStep:
	// One instruction: slowDone goes on at reload, which comes back here
	// while the hook is set.
	if L.hook.mask != 0 {
		npc = L.hookedStep(fs.ci, pc)
		goto slowDone
	}
	goto reload

native:
	// A native prototype runs its Go code (native.go) until the frame
	// stops being the one to run; a hand-back goes on interpreting the
	// frame from its saved pc. Out of the way of the interpreter's own
	// call path, which only tests the prototype's native field.
	ci.ndepth = 0
	if npc = fs.cl.p.native(L, ci); npc == slowFrame || npc == slowYield || npc == slowDone {
		goto slowDone
	}
	// A hand-back: a hook was set.
	goto hooked

returned:
	// A frame returned to ci, which is not a plain Lua frame: a Go frame
	// (unreachable: a Lua return never lands in one here, since Go-level
	// calls mark their callee fresh), or a Lua frame whose instruction
	// waits for the metamethod that returned (see pushMetaFrame).
	if ci.status&ciLua == 0 {
		return
	}
	L.finishMetaFrame(ci)
	ci = L.ci
	goto newFrame
}

// indexMissVM finishes the dispatch loop's index label when the method
// cache has no answer for instruction i (GETFIELD, GETTABUP or SELF, whose
// table t has no key k): R[A] gets what the __index chain of tables gives
// (indexMiss, which fills the cache), else execSlow runs the instruction.
// It returns the next pc, as execSlow does.
func (L *State) indexMissVM(ci *callInfo, i bc.Instruction, pc int, t *Table, k *Value) int {
	if v := indexMiss(ci.cl.p, pc, t, k); v != nil {
		copyVal(&L.stack[ci.fn+1+i.A()], v)
		return pc
	}
	return L.execSlow(ci, i, pc)
}

// varargVM runs VARARGPREP and VARARG (instruction i, next instruction at
// pc) for the dispatch loop, without execSlow's general entry: a vararg
// function's start (closures.lua forwards varargs through two of them
// per call) and the copy of its extra arguments. VARARGPREP moves the
// frame above the extra arguments, and the loop starts the frame again
// at pc, as after execSlow (a native twin that handed the frame back at
// its start takes it again there).
func (L *State) varargVM(ci *callInfo, i bc.Instruction, pc int) int {
	ci.pc = pc
	if i.Op() == bc.OpVarargPrep {
		L.adjustVarargs(ci, i.A())
		return slowFrame
	}
	L.varargs(ci, ci.fn+1+i.A(), i.C()-1)
	return pc
}

// tforCallVM runs TFORCALL (instruction i, next instruction at pc), for
// the dispatch loop and execSlow: R[A+4], ... = R[A](R[A+1], R[A+2]).
// next on a table (pairs) runs without a frame, each step going on from
// where the previous one stopped (Table.nextHint, as native code's
// TForCall does) rather than finding its key again; any other iterator
// is called through precall.
func (L *State) tforCallVM(ci *callInfo, i bc.Instruction, pc int) int {
	a, c := i.A(), i.C()
	ra := ci.fn + 1 + a
	// The frame holds R[A+6] (the call's registers), so the stack does.
	regs := unsafe.Pointer(&L.stack[ra])
	if fn := r(regs, 0); fn.t == tagGoFn && fn.p == nextFunction.p && L.hook.mask == 0 && ra+4+3+minGoStack <= len(L.stack) {
		if t := r(regs, 1); t.t == tagTable {
			// An invalid key (the error) goes the way of the call. The
			// call's registers are not set up: next reads its arguments
			// here, and only the results are visible (the registers
			// above them are the loop body's, written before read).
			// Copying them cost a write barrier test at every step: the
			// first holds the key after the step, the third the key
			// before it.
			if k, v, next, ok := t.table().nextHint(*r(regs, 2), L.nextHint); ok {
				L.nextHint = next
				copyVal(r(regs, 4), &k)
				if c > 1 {
					if k.t == tagNil {
						v = Nil
					}
					copyVal(r(regs, 5), &v)
					for j := 2; j < c; j++ {
						setTag(r(regs, 4+j), tagNil)
					}
				}
				ci.pc = pc
				L.top = ci.top
				return pc
			}
		}
	}
	// The call's registers: copyVal, the same values at every step but
	// the control.
	copyVal(r(regs, 4), r(regs, 0))
	copyVal(r(regs, 5), r(regs, 1))
	copyVal(r(regs, 6), r(regs, 2))
	L.top = ra + 4 + 3
	ci.pc = pc
	if L.precall(ra+4, c) != nil {
		return slowFrame
	}
	if L.status == StatusYield {
		return slowYield
	}
	L.top = ci.top
	return pc
}

// bitwiseVM runs a bitwise operation (BAND, BOR, BXOR, SHL, SHR, BNOT and
// the K and immediate forms) for the dispatch loop: integers here, anything
// else (floats with an integer value, strings, metamethods, errors) through
// execSlow. These cases are out of execute's body, where they cost the
// compiler's size budget (see condJump) and no benchmark runs them.
func (L *State) bitwiseVM(ci *callInfo, i bc.Instruction, pc int) int {
	regs := L.frameRegs(ci.fn + 1)
	rb := r(regs, i.B())
	if rb.t != tagInt {
		return L.execSlow(ci, i, pc)
	}
	x := int64(rb.n)
	var v int64
	switch op := i.Op(); op {
	case bc.OpBandK, bc.OpBorK, bc.OpBxorK:
		// The constant is an integer: the compiler emits these forms
		// only for integer constants.
		y := int64(kv(unsafe.Pointer(unsafe.SliceData(ci.cl.p.k)), i.C()).n)
		switch op {
		case bc.OpBandK:
			v = x & y
		case bc.OpBorK:
			v = x | y
		default:
			v = x ^ y
		}
	case bc.OpShrI:
		v = shiftLeft(x, -int64(i.SC()))
	case bc.OpShlI:
		v = shiftLeft(int64(i.SC()), x)
	case bc.OpBnot:
		v = ^x
	default:
		rc := r(regs, i.C())
		if rc.t != tagInt {
			return L.execSlow(ci, i, pc)
		}
		y := int64(rc.n)
		switch op {
		case bc.OpBand:
			v = x & y
		case bc.OpBor:
			v = x | y
		case bc.OpBxor:
			v = x ^ y
		case bc.OpShl:
			v = shiftLeft(x, y)
		default:
			v = shiftLeft(x, -y)
		}
	}
	setInt(r(regs, i.A()), v)
	return pc
}

// hookedStep runs the instruction at pc of frame ci through execSlow,
// after the instruction hook, for the dispatch loop while a hook is set.
// It returns what execSlow returns.
func (L *State) hookedStep(ci *callInfo, pc int) int {
	i := ci.cl.p.code[pc]
	ci.pc = pc + 1
	L.hookInstruction(ci)
	if i.Op() == bc.OpCall {
		L.g.interrupt.tick() // execSlow leaves a call's tick to its caller
	}
	return L.execSlow(ci, i, ci.pc)
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
		s[ra+1] = Int(int64(forCount(i0, lim, st)))
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

// forCount is the number of iterations after the first of an integer
// loop from i0 to lim (reached: the loop runs) by st (not zero).
func forCount(i0, lim, st int64) uint64 {
	if st > 0 {
		count := uint64(lim) - uint64(i0)
		if st != 1 {
			count /= uint64(st)
		}
		return count
	}
	return (uint64(i0) - uint64(lim)) / (uint64(-(st + 1)) + 1)
}

// forPrepVM runs FORPREP (instruction i, next instruction at pc) for the
// dispatch loop and returns the pc to go on at: a loop whose three
// control values are integers, the usual for i = 1, n, is prepared here,
// anything else (floats, strings, errors) by execSlow.
func (L *State) forPrepVM(ci *callInfo, i bc.Instruction, pc int) int {
	// The reference saves the pc at every FORPREP, so an error raised later
	// without saving it (a division by zero) names the loop's line.
	ci.pc = pc
	ra := ci.fn + 1 + i.A()
	s := L.stack[ra : ra+4]
	// The control values by pointer and stored with setInt: copies of
	// three Values and two whole stores cost about 6 instructions of
	// every loop's start (fannkuch_redux starts 328,000).
	init, limit, step := &s[0], &s[1], &s[2]
	if init.t != tagInt || limit.t != tagInt || step.t != tagInt || step.n == 0 {
		return L.execSlow(ci, i, pc)
	}
	i0, lim, st := int64(init.n), int64(limit.n), int64(step.n)
	if st > 0 && i0 > lim || st < 0 && i0 < lim {
		return pc + i.Bx() + 1 // the loop does not run
	}
	setInt(limit, int64(forCount(i0, lim, st)))
	setInt(&s[3], i0)
	return pc
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
	// The values lie below the frame, at from, and go to ra: one slice
	// expression checks both ends, and the values are copied with copyVal
	// through its address. Whole-Value stores with a bounds check each
	// cost about 30 instructions a value (select('#', ...) passes a
	// handful), and two slices a side about 40 instructions a call.
	from := ci.fn - nextra
	m := min(n, nextra)
	regs := unsafe.Pointer(unsafe.SliceData(L.stack[from : ra+n : len(L.stack)]))
	d := ra - from
	for j := 0; j < m; j++ {
		copyVal(r(regs, d+j), r(regs, j))
	}
	for j := m; j < n; j++ {
		setTag(r(regs, d+j), tagNil)
	}
}

// adjustVarargs moves the function and its fixed parameters above the
// extra arguments, so the extra arguments stay below the new frame. The
// stack is cut once and the values moved with moveVal and setTag:
// whole-Value stores with a bounds check each cost about 85 instructions
// a call of a function with one fixed parameter.
func (L *State) adjustVarargs(ci *callInfo, nfixed int) {
	fn, top := ci.fn, L.top
	actual := top - fn - 1
	ci.nextraargs = max(actual-nfixed, 0)
	L.ensureStack(top + ci.cl.p.maxStack + 1)
	// The function goes from fn to top, parameter j from fn+j to top+j,
	// below top + maxStack + 1 (numParams <= maxStack), now in the stack.
	regs := stackAt(L.stack, fn)
	d := top - fn
	moveVal(r(regs, d), r(regs, 0))
	for j := 1; j <= nfixed; j++ {
		if j <= actual {
			moveVal(r(regs, d+j), r(regs, j))
		} else {
			setTag(r(regs, d+j), tagNil)
		}
		setTag(r(regs, j), tagNil)
	}
	L.top = top + 1 + nfixed
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

// arithSlowK is arithSlowFrame (a Lua metamethod pushed as a frame) for
// instructions with a constant operand; flip says the constant was the
// left operand in the source, so metamethods get the operands in their
// original order.
func (L *State) arithSlowK(op arithOp, r, k Value, flip bool) (Value, bool) {
	if flip {
		return L.arithSlowFrame(op, k, r, true)
	}
	return L.arithSlowFrame(op, r, k, true)
}

// jumpCheck runs the interrupt check of the dispatch loop's backward jump
// made by instruction i (a JMP, a test, FORLOOP or TFORLOOP), which landed
// at pc: at the jump, whose line is where an interruption is reported.
// The loop passes only what it already holds, and this finds where i is,
// so that the dispatch loop keeps its registers (keeping a jump offset for
// this in the loop cost its tight loops 4 to 6%).
func (L *State) jumpCheck(ci *callInfo, i bc.Instruction, pc int) {
	code := ci.cl.p.code
	at := pc - 1
	switch i.Op() {
	case bc.OpJmp:
		at = pc - i.SJ() - 1
	case bc.OpForLoop:
		// At its end the loop falls through; else it went back.
		if code[at] != i {
			at = pc + i.Bx() - 1
		}
	case bc.OpTForLoop:
		at = pc + i.Bx() - 1
	default:
		// A test, followed by the JMP that went back to pc: the loop
		// body lies in between.
		for t := pc; t+1 < len(code); t++ {
			if code[t] == i && code[t+1].Op() == bc.OpJmp && t+2+code[t+1].SJ() == pc {
				at = t + 1
				break
			}
		}
	}
	if uint(at) >= uint(len(code)) {
		at = pc - 1
	}
	L.checkInterruptAtJump(ci, at, pc)
}

// jump performs the conditional jump j that follows a test at pc. Backward
// jumps count a tick for interruption, so loops whose only back edge is a
// test (repeat ... until cond) can be stopped too.
func (L *State) jump(ci *callInfo, pc int, j bc.Instruction) int {
	off := j.SJ() + 1
	pc += off
	if off <= 0 && L.g.interrupt.tick() {
		L.checkInterruptAtJump(ci, pc-off, pc)
	}
	return pc
}

// setInt stores the integer x in the register dst, as *dst = Int(x) would,
// with fewer stores: the tag and the hash share one word write, and the
// pointer word is written (with its write barrier check) only when it is
// not already nil, which it is whenever the register held a number.
func setInt(dst *Value, x int64) {
	if dst.p != nil {
		dst.p = nil
	}
	dst.n = uint64(x)
	*(*uint64)(unsafe.Pointer(&dst.t)) = uint64(tagInt)
}

// copyVal stores *src in dst, as *dst = *src would, with fewer stores: the
// number and the tag-and-hash words are copied whole, and the pointer word
// is written (with its write barrier check) only when it changes, so
// copying a number over a number writes no pointer at all.
func copyVal(dst, src *Value) {
	if dst.p != src.p {
		dst.p = src.p
	}
	dst.n = src.n
	*(*uint64)(unsafe.Pointer(&dst.t)) = *(*uint64)(unsafe.Pointer(&src.t))
}

// moveVal stores *src in dst, as *dst = *src would, with fewer
// instructions: the tag and hash are copied as one word rather than
// field by field (the tag's byte load cannot use a scaled index). Unlike
// copyVal, the pointer word is stored unconditionally, which keeps the
// store's control flow that of *dst = *src.
func moveVal(dst, src *Value) {
	dst.p = src.p
	dst.n = src.n
	*(*uint64)(unsafe.Pointer(&dst.t)) = *(*uint64)(unsafe.Pointer(&src.t))
}

// setTag stores nil, false or true, values that are their tag alone, as
// setInt does: *dst = False loaded False's fields from memory and stored
// them one by one, about 14 instructions.
func setTag(dst *Value, t tag) {
	if dst.p != nil {
		dst.p = nil
	}
	dst.n = 0
	*(*uint64)(unsafe.Pointer(&dst.t)) = uint64(t)
}

// setInt2 stores x in two registers, as two setInts do: FORLOOP's
// internal and visible index. One inlined call rather than two: the
// inlining mark of a call finds no instruction of the caller's own on a
// line that holds nothing but the call, and becomes a NOP (executed at
// every iteration). setInt2 is written out for the same reason.
func setInt2(d1, d2 *Value, x int64) {
	if d1.p != nil {
		d1.p = nil
	}
	d1.n = uint64(x)
	*(*uint64)(unsafe.Pointer(&d1.t)) = uint64(tagInt)
	if d2.p != nil {
		d2.p = nil
	}
	d2.n = uint64(x)
	*(*uint64)(unsafe.Pointer(&d2.t)) = uint64(tagInt)
}

// setFloat2 is setInt2 for a float loop.
func setFloat2(d1, d2 *Value, x float64) {
	if d1.p != nil {
		d1.p = nil
	}
	d1.n = math.Float64bits(x)
	*(*uint64)(unsafe.Pointer(&d1.t)) = uint64(tagFloat)
	if d2.p != nil {
		d2.p = nil
	}
	d2.n = math.Float64bits(x)
	*(*uint64)(unsafe.Pointer(&d2.t)) = uint64(tagFloat)
}

// setInt and setFloat rely on t and h filling the Value's last word.
var _ = [1]struct{}{}[unsafe.Offsetof(Value{}.t)+8-valueSize+unsafe.Offsetof(Value{}.h)-20]

// setFloat is setInt for a float.
func setFloat(dst *Value, x float64) {
	if dst.p != nil {
		dst.p = nil
	}
	dst.n = math.Float64bits(x)
	*(*uint64)(unsafe.Pointer(&dst.t)) = uint64(tagFloat)
}

// valueSize is the size of a Value, the stride of the register file.
const valueSize = unsafe.Sizeof(Value{})

// The dispatch loop's hot cases address operands B and C as
// uintptr(i>>(bc.PosB-3)&(bc.MaxB<<3))*3, the operand times 8 times 3,
// which is the operand's byte offset while a Value is 24 bytes: written
// as operand*valueSize, the compiler scales by 8 in the addressing mode,
// and a tag (one byte) cannot be loaded with that scale on amd64, so each
// tag test cost two LEAQs before its load. A byte offset lets the tag be
// loaded (or compared) in one instruction. These two constants fail to
// compile if Value's size changes.
const (
	_ = uint(valueSize - 24)
	_ = uint(24 - valueSize)
)

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
// goes to the metamethods, a Lua one pushed as a frame (see metaRes).
// Division by zero was handled by the caller.
func (L *State) arith(op arithOp, a, b Value, ci *callInfo) (Value, bool) {
	if v, ok := arithFast(op, a, b); ok {
		return v, false
	}
	L.top = ci.top
	return L.arithSlowFrame(op, a, b, true)
}

// arithK is arith for an instruction with a constant operand; flip says
// the constant was on the left in the source.
func (L *State) arithK(op arithOp, rb, kc Value, flip bool, ci *callInfo) (Value, bool) {
	if flip {
		rb, kc = kc, rb
	}
	return L.arith(op, rb, kc, ci)
}

// stackAt returns &stack[base] without a bounds check, for the dispatch
// loop's registers: a frame's base is below its top, which the call that
// pushed it made sure is within the stack, and a stack that grows keeps
// every frame's indices.
func stackAt(stack []Value, base int) unsafe.Pointer {
	return unsafe.Add(unsafe.Pointer(unsafe.SliceData(stack)), uintptr(base)*valueSize)
}

// upvalAt returns the value of upvalue j of cl. The verifier has checked
// j against the prototype's upvalues, which the closure has as many of,
// so the bounds check the compiler would make is left out.
func upvalAt(cl *Closure, j int) *Value {
	return (*(**upval)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(cl.upvals)), uintptr(j)*unsafe.Sizeof((*upval)(nil))))).v
}

// elem returns &arr[j] for a j that the caller has checked against
// len(arr), without the bounds check the compiler would repeat.
func elem(arr []Value, j int64) *Value {
	return (*Value)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(arr)), uintptr(j)*valueSize))
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
		x = math.Float64frombits(a.n)
	case tagInt:
		x = float64(int64(a.n))
	default:
		return 0, 0, false
	}
	switch b.t {
	case tagFloat:
		y = math.Float64frombits(b.n)
	case tagInt:
		y = float64(int64(b.n))
	default:
		return 0, 0, false
	}
	return x, y, true
}

// probeStr looks for the string key k in t's hash part, following the
// collision chain from k's main position and comparing only data
// pointers: it returns the value's slot, or nil when no node holds the
// very same string object (the key may still be there as an equal string
// with other bytes' storage, or be absent: the slow path decides). Any node
// holding the very same string is the key's node, since a key is in a
// table once. Small records (a constructor's fields) often have a few
// colliding keys, so stopping at the main position sent a good share of
// field accesses to the slow path.
func probeStr(t *Table, k *Value) *Value {
	if t.node == nil {
		return nil
	}
	// Chains stay inside the hash part: no bounds check needed.
	n := (*node)(unsafe.Add(unsafe.Pointer(t.node), uintptr(uint64(k.h)>>(t.sizeFree>>freeBits))*nodeSize))
	for n.key.p != k.p || n.key.n != k.n || n.key.tn&tagMask != int32(tagString) {
		d := n.key.tn >> tagBits
		if d == 0 {
			return nil
		}
		n = (*node)(unsafe.Add(unsafe.Pointer(n), int(d)*int(nodeSize)))
	}
	return &n.val
}

// maxFastIndexDepth bounds the __index chains the dispatch loop follows;
// longer ones (and loops) are left to finishGet.
const maxFastIndexDepth = 8

// nodeSize is the size of a hash node, the stride of probeStr's walk.
const nodeSize = unsafe.Sizeof(node{})

// imod is luanum.Mod small enough to be inlined (b != 0; Go's % gives 0
// for b == -1 without trapping).
func imod(a, b int64) int64 {
	m := a % b
	if m != 0 && (m^b) < 0 {
		m += b
	}
	return m
}

// idiv is luanum.IDiv small enough to be inlined (b != 0; Go's / gives a
// for a == minint, b == -1, as wrapping negation does).
func idiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a^b) < 0 {
		q--
	}
	return q
}

// shiftLeft is luanum.ShiftLeft small enough to be inlined: Go's shifts
// of 64 and more bits give 0, and -y of the smallest integer stays
// negative, which as an unsigned count is 64 or more.
func shiftLeft(x, y int64) int64 {
	if y >= 0 {
		return int64(uint64(x) << uint64(y))
	}
	return int64(uint64(x) >> uint64(-y))
}
