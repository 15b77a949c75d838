package runtime

import "unsafe"

// Direct paths for native code: instructions that the dispatch loop
// sends to execSlow, run here by the same runtime functions execSlow
// calls (storeSlow, callGo, posReturn, forPrep...), with the operands the
// generated code passes as constants. They skip execSlow's decoding and
// switch, and the ones below that mirror a dispatch-loop fast path (LEN,
// EQ, tail calls) keep native code from being slower than the loop
// there. Each saves the pc where execSlow would, so errors, tracebacks
// and yields see the same frame state.

// after finishes a direct path that may have run Lua code or moved the
// stack (a metamethod, a Go function): it returns next, or a hand-back
// code when a hook was set meanwhile, as Slow does.
func (f *Frame) after(next int) int {
	L := f.L
	if L.hook.mask != 0 {
		f.ci.pc = next
		return nativeHandBack
	}
	f.regs = L.frameRegs(f.ci.fn + 1)
	return next
}

// Len runs R[a] := #R[b] for a string or a table without a metatable
// (the cases execSlow does without a call), and reports whether it did.
func (f *Frame) Len(a, b int) bool {
	rb := r(f.regs, b)
	switch rb.t {
	case tagString:
		setInt(r(f.regs, a), int64(rb.n))
		return true
	case tagTable:
		if t := rb.table(); t.meta == nil {
			setInt(r(f.regs, a), t.Len())
			return true
		}
	}
	return false
}

// Equal compares registers a and b as EQ does when no __eq can apply (ok
// false: two distinct tables or full userdata, which Slow compares).
func (f *Frame) Equal(a, b int) (eq, ok bool) {
	x, y := r(f.regs, a), r(f.regs, b)
	if x.t == y.t && (x.t == tagTable || x.t == tagUserdata) && x.p != y.p {
		return false, false
	}
	return RawEqual(*x, *y), true
}

// SetFieldSlow is the rest of SETFIELD when SetField did not apply: a
// new key, a metatable's __newindex, an error (storeSlow, as execSlow).
// It returns pc+1 or a code, as Slow.
func (f *Frame) SetFieldSlow(pc, a, b int, v *Value) int {
	f.L.storeSlow(f.ci, pc+1, *r(f.regs, a), *kv(f.kb, b), *v)
	return f.after(pc + 1)
}

// SetTableSlow is SetFieldSlow for SETTABLE.
func (f *Frame) SetTableSlow(pc, a, b int, v *Value) int {
	f.L.storeSlow(f.ci, pc+1, *r(f.regs, a), *r(f.regs, b), *v)
	return f.after(pc + 1)
}

// SetISlow is SetFieldSlow for SETI.
func (f *Frame) SetISlow(pc, a, b int, v *Value) int {
	f.L.storeSlow(f.ci, pc+1, *r(f.regs, a), Int(int64(b)), *v)
	return f.after(pc + 1)
}

// SetTabUpSlow is SetFieldSlow for SETTABUP.
func (f *Frame) SetTabUpSlow(pc, u, b int, v *Value) int {
	f.L.storeSlow(f.ci, pc+1, *f.cl.upvals[u].v, *kv(f.kb, b), *v)
	return f.after(pc + 1)
}

// NewTable runs NEWTABLE at pc: narr is the array size hint with its
// EXTRAARG part added, b the hash size hint's operand, decoded as
// execSlow decodes them; the instruction after it is its EXTRAARG.
func (f *Frame) NewTable(pc, a, narr, b int) {
	nhash := b
	if nhash > 0 {
		nhash = 1 << (min(nhash, maxSizeHintLog) - 1)
	}
	narr = min(narr, 1<<maxSizeHintLog)
	f.ci.pc = pc + 2
	f.L.charge(tableBytes + int64(narr)*int64(valueSize) + int64(nhash)*int64(nodeSize))
	*r(f.regs, a) = TableValue(NewTable(narr, nhash))
}

// Vararg runs VARARG at pc: c-1 of the extra arguments (all when c is
// 0, setting the top) copied from register a on, as execSlow does. The
// copies are made here, through pointers checked once, when the values
// fit in the stack; else varargs grows it, and the registers are found
// again.
func (f *Frame) Vararg(pc, a, c int) {
	L, ci := f.L, f.ci
	ci.pc = pc + 1
	nextra := ci.nextraargs
	ra := ci.fn + 1 + a
	n := c - 1
	if n < 0 {
		n = nextra
		if ra+n > len(L.stack) {
			L.varargs(ci, ra, c-1)
			f.regs = L.frameRegs(ci.fn + 1)
			return
		}
		L.top = ra + n
	}
	// Below ra+n, in the stack: the registers (n >= 0 is a count of
	// them, inside the frame) or the room just checked; the extra
	// arguments lie below the function.
	base := unsafe.Pointer(unsafe.SliceData(L.stack))
	from := ci.fn - nextra
	m := min(n, nextra)
	for j := 0; j < m; j++ {
		copyVal(r(base, ra+j), r(base, from+j))
	}
	for j := m; j < n; j++ {
		*r(base, ra+j) = Nil
	}
}

// VarargPrep runs VARARGPREP at pc, the first instruction of a vararg
// function with a fixed parameters: the function and those parameters
// move above the extra arguments (adjustVarargs), and the function goes
// on in the moved frame where execSlow would hand the frame back to be
// started again. With a hook set it goes through Slow, as the call hook
// belongs to that restart. When the moved frame fits in the stack the
// move is made here, through pointers checked once (adjustVarargs'
// bounds-checked stores cost about 90 instructions for closures'
// `forward(f, ...)`); else adjustVarargs grows the stack.
func (f *Frame) VarargPrep(pc, a int) int {
	L, ci := f.L, f.ci
	if L.hook.mask != 0 {
		return f.Slow(pc)
	}
	ci.pc = pc + 1
	fn, top := ci.fn, L.top
	actual := top - fn - 1
	ntop := ci.top + actual + 1
	if ntop > len(L.stack) || top+ci.cl.p.maxStack+1 > len(L.stack) || a > actual {
		L.adjustVarargs(ci, a)
		f.regs = L.frameRegs(ci.fn + 1)
		return pc + 1
	}
	// adjustVarargs' moves, all below the length just checked: the
	// function and its a parameters (all passed) go from fn to top, and
	// the parameters' old slots are cleared.
	base := unsafe.Pointer(unsafe.SliceData(L.stack))
	copyVal(r(base, top), r(base, fn))
	for j := 1; j <= a; j++ {
		copyVal(r(base, top+j), r(base, fn+j))
		*r(base, fn+j) = Nil
	}
	L.top = top + 1 + a
	ci.nextraargs = actual - a
	ci.fn = top
	ci.top = ntop
	f.regs = unsafe.Pointer(r(base, top+1))
	return pc + 1
}

// SetList runs SETLIST at pc as execSlow does: the b values above
// register a (up to the top when b is 0) stored in the table R[a] from
// index last+1, where last is C with its EXTRAARG part added; next is
// the pc after the instruction (and its EXTRAARG). Anything but a table
// in R[a] goes through Slow, which raises the error.
func (f *Frame) SetList(pc, a, b, last, next int) int {
	L, ci := f.L, f.ci
	ra := ci.fn + 1 + a
	n := b
	if n == 0 {
		n = L.top - ra - 1
	}
	rt := r(f.regs, a)
	if rt.t != tagTable || n < 0 {
		return f.Slow(pc)
	}
	t := rt.table()
	if end := last + n; last == len(t.arr) && end <= cap(t.arr) && t.node == nil && n <= 8 {
		// A constructor's items going into the array part its NEWTABLE
		// sized, no hash part to move keys from: ensureArray would store
		// nil into each slot before copy's typedslicecopy overwrote them
		// (about 170 instructions for binary_trees' `{ left, right }`).
		// copyVal writes every field, whatever the slot held past the
		// length.
		arr := t.arr[:end]
		src := L.stack[ra+1 : ra+1+n]
		for j := range src {
			copyVal(&arr[last+j], &src[j])
		}
		t.arr = arr
		L.top = ci.top
		return next
	}
	if need := last + n; need > cap(t.arr) {
		ci.pc = next
		L.chargeObject(int64(need-cap(t.arr)) * int64(valueSize))
	}
	t.ensureArray(last + n)
	copy(t.arr[last:last+n], L.stack[ra+1:ra+1+n])
	L.top = ci.top
	return next
}

// Closure runs CLOSURE: R[a] := a closure of nested prototype n.
func (f *Frame) Closure(a, n int) {
	p := f.cl.p.protos[n]
	f.L.charge(closureBytes + int64(len(p.upvals))*8)
	*r(f.regs, a) = closureValue(f.L.newClosure(f.cl, p, f.ci.fn+1))
}

// ForPrep runs FORPREP at pc and reports whether the loop is skipped.
func (f *Frame) ForPrep(pc, a int) bool {
	f.ci.pc = pc + 1
	return f.L.forPrep(f.ci.fn + 1 + a)
}

// Return runs RETURN of B-1 values from register a (all up to the top
// when B is 0) for a function that has nothing to close and no varargs
// to drop (k and C zero; the generator checks), as execSlow does.
func (f *Frame) Return(a, b int) int {
	L, ci := f.L, f.ci
	ra := ci.fn + 1 + a
	n := b - 1
	if n < 0 {
		n = L.top - ra
	}
	if L.posReturn(ci, ra, n) {
		return slowDone
	}
	return slowFrame
}

// ReturnFull runs RETURN instruction pc of B-1 values from register a
// (all up to the top when B is 0) with upvalues to close (k) or varargs
// to drop (C not 0), as execSlow does. A to-be-closed variable to close
// (whose __close may call Lua code and yield) goes through Slow.
func (f *Frame) ReturnFull(pc, a, b int) int {
	L, ci := f.L, f.ci
	i := ci.cl.p.code[pc]
	base := ci.fn + 1
	ra := base + a
	n := b - 1
	if n < 0 {
		n = L.top - ra
	}
	if i.K() {
		if len(L.tbc) > 0 && L.tbc[len(L.tbc)-1] >= base {
			return f.Slow(pc)
		}
		ci.pc = pc + 1
		ci.nyield = n
		if L.top < ra+n {
			L.top = ra + n
		}
		L.closeUpvals(base)
	}
	if c := i.C(); c != 0 {
		ci.fn -= ci.nextraargs + c
	}
	if L.posReturn(ci, ra, n) {
		return slowDone
	}
	return slowFrame
}

// TailCall runs TAILCALL instruction pc as execSlow does, without its
// decoding and dispatch: upvalues closed when k is set, the arguments up
// to the top when B is 0 (a call or VARARG left them), the frame moved
// back down by its extra arguments when the function is vararg (C not
// 0). A Lua callee takes the frame over as in the dispatch loop's fast
// path; a Go callee runs here and its results are returned. Anything
// else (__call, a full stack, an expired tick) goes through Slow.
func (f *Frame) TailCall(pc int) int {
	i := f.ci.cl.p.code[pc]
	return f.TailCallOp(pc, i.A(), i.B(), i.C(), i.K())
}

// TailCallOp is TailCall with the instruction's operands, which the
// generator knows, passed in: decoding them at run time cost about 14
// instructions a tail call.
func (f *Frame) TailCallOp(pc, a, b, c int, k bool) int {
	L, ci := f.L, f.ci
	if L.g.interrupt.countdown <= 0 {
		return f.Slow(pc)
	}
	ra := ci.fn + 1 + a
	if b != 0 {
		L.top = ra + b
	}
	delta := 0
	if c != 0 {
		delta = ci.nextraargs + c
	}
	fn := r(f.regs, a) // &L.stack[ra], without the bounds check
	switch fn.t {
	case tagLuaFn:
		ncl := fn.closure()
		p := ncl.p
		nargs := L.top - ra - 1
		nfn := ci.fn - delta
		if nfn+1+max(p.maxStack, nargs)+1 > len(L.stack) {
			return f.Slow(pc)
		}
		L.g.interrupt.tick()
		if k {
			L.closeUpvals(ci.fn + 1)
		}
		// The function and its arguments down to nfn, and the missing
		// parameters: all below the length just checked, so copied
		// through pointers without a bounds check per value.
		base := unsafe.Add(unsafe.Pointer(unsafe.SliceData(L.stack)), uintptr(nfn)*valueSize)
		d := ra - nfn
		for j := 0; j <= nargs; j++ {
			copyVal(r(base, j), r(base, d+j))
		}
		for ; nargs < p.numParams; nargs++ {
			*r(base, 1+nargs) = Nil
		}
		ci.fn = nfn
		L.top = nfn + 1 + nargs
		ci.top = nfn + 1 + p.maxStack
		ci.cl = ncl
		ci.pc = 0
		ci.status |= ciTail
		ci.nextraargs = 0
		return slowFrame
	case tagGoFn:
		L.g.interrupt.tick()
		ci.pc = pc + 1
		if k {
			L.closeUpvals(ci.fn + 1)
		}
		g := fn.gofn()
		// The frameless path, as in callGoDirect. (Through a helper
		// returning the result, and with the result's bounds-checked
		// copies, it cost about 25 instructions more of oop's `return
		// setmetatable(...)`.)
		if g.Fast != nil && L.hook.mask == 0 && L.top+minGoStack <= len(L.stack) {
			if v, ok := g.Fast(L.stack[ra+1 : L.top]); ok {
				// `return setmetatable(o, mt)`: the one result goes where
				// the frame's function was, as Return1 puts it.
				dst := ci.fn - delta
				ci.fn = dst
				L.ci = ci.prev
				if nres := ci.nresults; nres == 1 || nres == -1 {
					// As ReturnOne: dst is below the frame, in the stack.
					*(*Value)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(L.stack)), uintptr(dst)*valueSize)) = v
					L.top = dst + 1
				} else {
					L.top = dst
					for j := 0; j < nres; j++ {
						L.stack[dst+j] = Nil
						L.top++
					}
					if nres > 0 {
						L.stack[dst] = v
					}
				}
				return slowFrame - int(ci.status&ciFresh)
			}
		}
		L.callGo(ra, -1, g)
		if L.status == StatusYield {
			return slowYield
		}
		ci.fn -= delta
		n := L.top - ra
		if L.posReturn(ci, L.top-n, n) {
			return slowDone
		}
		return slowFrame
	}
	return f.Slow(pc)
}

// TForCall runs TFORCALL instruction pc: the iterator R[a] is called with
// R[a+1] and R[a+2], its c results landing from R[a+4]. A Go iterator
// (next, a coroutine.wrap function) runs here; a Lua one is entered as
// Call enters it.
func (f *Frame) TForCall(pc, a, c int) int {
	L, ci := f.L, f.ci
	regs := f.regs
	// copyVal: the iterator and the state are the same at every step,
	// and their pointer words are not written again.
	copyVal(r(regs, a+4), r(regs, a))
	copyVal(r(regs, a+5), r(regs, a+1))
	copyVal(r(regs, a+6), r(regs, a+2))
	ra := ci.fn + 1 + a + 4
	L.top = ra + 3
	ci.pc = pc + 1
	fn := r(regs, a+4)
	switch fn.t {
	case tagGoFn:
		if fn.p == nextFunction.p && L.hook.mask == 0 && L.top+minGoStack <= len(L.stack) {
			if t := r(regs, a+5); t.t == tagTable {
				// next on a table, frameless as a GoFunction.Fast: an
				// invalid key (the error) goes the way of the call.
				if k, v, next, ok := t.table().nextHint(*r(regs, a+6), L.nextHint); ok {
					L.nextHint = next
					// The c results are registers from a+4, inside
					// the frame (see r).
					copyVal(r(regs, a+4), &k)
					if c > 1 {
						if k.t == tagNil {
							v = Nil
						}
						copyVal(r(regs, a+5), &v)
						for j := 2; j < c; j++ {
							*r(regs, a+4+j) = Nil
						}
					}
					L.top = ci.top
					return pc + 1
				}
			}
		}
		L.callGoNative(ra, c, fn.gofn())
		if L.status == StatusYield {
			return slowYield
		}
		L.top = ci.top
		return f.after(pc + 1)
	case tagLuaFn:
		return f.enterLua(fn.closure(), ra, c, pc)
	}
	return f.Slow(pc)
}

// callGoDirect is Call's path for a Go function: callGo as precall runs
// it, then what execSlow does after it (yield, the top for a fixed
// number of results).
func (f *Frame) callGoDirect(fn *Value, ra, nresults, pc int) int {
	L, ci := f.L, f.ci
	g := fn.gofn()
	// The frameless path (GoFunction.Fast), when nothing can observe the
	// missing frame: no hook, and the stack has the room that callGo's
	// ensureStack would otherwise grow it to (or raise an overflow for).
	// Most Go functions have no Fast path.
	if g.Fast != nil && L.hook.mask == 0 && L.top+minGoStack <= len(L.stack) {
		if v, ok := g.Fast(L.stack[ra+1 : L.top]); ok {
			L.stack[ra] = v
			if nresults < 0 {
				L.top = ra + 1
				return pc + 1
			}
			for j := 1; j < nresults; j++ {
				L.stack[ra+j] = Nil
			}
			L.top = ci.top
			return pc + 1
		}
	}
	// callFast2, written out for the one result most finds want.
	if g.Fast2 != nil && L.hook.mask == 0 && L.top+minGoStack <= len(L.stack) {
		if a, b, n := g.Fast2(L.stack[ra+1 : L.top]); n != 0 {
			L.stack[ra] = a
			if nresults != 1 {
				L.placeFast2(ra, b, n, nresults)
				if nresults < 0 {
					return pc + 1
				}
			}
			L.top = ci.top
			return pc + 1
		}
	}
	L.callGoNative(ra, nresults, g)
	if L.status == StatusYield {
		return slowYield
	}
	if nresults >= 0 {
		L.top = ci.top
	}
	return f.after(pc + 1)
}

// callGoNative is callGo for callGoDirect and TForCall: when no hook is
// set, the stack has callGo's room and the frame record exists, the
// frame is pushed and popped here, and posReturn's move of the results
// written out for the one result most calls want (string.find's first,
// gsub's string), without the calls of ensureStack, nextCI, posReturn,
// poscall and moveResults: about 50 instructions of json's 230,000
// library calls. Other result counts call moveResults alone. Anything
// else, and a return hook set by the function, takes callGo's and
// posReturn's own paths.
func (L *State) callGoNative(fnIdx, nresults int, g *GoFunction) {
	ci := L.ci.next
	if ci == nil || L.hook.mask != 0 || L.top+minGoStack > len(L.stack) {
		L.callGo(fnIdx, nresults, g)
		return
	}
	L.ci = ci
	ci.fn = fnIdx
	ci.nresults = nresults
	ci.status = 0
	ci.top = L.top + minGoStack
	ci.k = nil
	ci.cl = nil
	ci.pending = 0
	n := g.Fn(L)
	if n == yieldSignal && L.status == StatusYield {
		return
	}
	if n < 0 || n > L.top-ci.fn-1 {
		L.runError("Go function '%s' returned %d results but pushed %d", g.Name, n, L.top-ci.fn-1)
	}
	res := L.top - n
	if L.hook.mask&hookMaskReturn != 0 {
		L.posReturn(ci, res, n)
		return
	}
	L.ci = ci.prev
	if nresults != 1 {
		L.moveResults(fnIdx, res, n, nresults)
		return
	}
	s := L.stack
	if n == 0 {
		s[fnIdx] = Nil
	} else {
		copyVal(&s[fnIdx], &s[res])
	}
	L.top = fnIdx + 1
}

// enterLua pushes the frame of a Lua function whose arguments are above
// ra (L.top set, ci.pc saved) as the dispatch loop pushes it, and runs
// it at once when it is native; it returns pc+1 when the callee has
// returned to this frame, else what execute must do (run L.ci, a yield).
func (f *Frame) enterLua(ncl *Closure, ra, nresults, pc int) int {
	L, ci := f.L, f.ci
	p := ncl.p
	nci := ci.next
	ntop := ra + 1 + p.maxStack
	if nci == nil || ntop >= len(L.stack) {
		return f.slowCall(ci.cl.p.code[pc], pc)
	}
	top := L.top
	for nargs := top - ra - 1; nargs < p.numParams; nargs++ {
		L.stack[top] = Nil
		top++
	}
	L.top = top
	nci.fn = ra
	nci.nresults = nresults
	nci.status = ciLua
	nci.top = ntop
	nci.cl = ncl
	nci.pc = 0
	nci.nextraargs = 0
	L.ci = nci
	if p.native == nil || ci.ndepth >= maxNativeDepth {
		return slowFrame
	}
	nci.ndepth = ci.ndepth + 1
	n := p.native(L, nci)
	// A vararg function hands its frame back to be started again after
	// VARARGPREP moved it, and a tail call leaves the frame to the next
	// function: go on with it here while it is native.
	for n == slowFrame && L.ci == nci && nci.cl.p.native != nil && L.hook.mask == 0 {
		n = nci.cl.p.native(L, nci)
	}
	switch {
	case n == slowFrame && L.ci == ci:
		return f.after(pc + 1)
	case n == nativeHandBack:
		return slowFrame // execute interprets L.ci, the callee
	}
	return n
}

// Less compares registers a and b as LT does for two numbers of any
// kinds (ok false for anything else, which Slow compares: strings,
// __lt).
func (f *Frame) Less(a, b int) (lt, ok bool) {
	x, y := r(f.regs, a), r(f.regs, b)
	if x.IsNumber() && y.IsNumber() {
		return numLess(*x, *y), true
	}
	return false, false
}

// LessEqual is Less for LE.
func (f *Frame) LessEqual(a, b int) (le, ok bool) {
	x, y := r(f.regs, a), r(f.regs, b)
	if x.IsNumber() && y.IsNumber() {
		return numLessEq(*x, *y), true
	}
	return false, false
}

// Close runs CLOSE at pc for register a: upvalues and to-be-closed
// variables from a up (closeAll, as execSlow).
func (f *Frame) Close(pc, a int) int {
	L, ci := f.L, f.ci
	ci.pc = pc + 1
	L.top = ci.top // __close methods are called above the frame
	L.closeAll(ci.fn+1+a, Nil, false)
	return f.after(pc + 1)
}
