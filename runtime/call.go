package runtime

import bc "panto/bytecode"

// yieldSignal is what a Go function returns (through L.Yield) to say that
// it yielded instead of producing results.
const yieldSignal = -1

// precall starts a call of the value at stack[fnIdx] with the arguments
// between it and L.top. For a Lua function it pushes the frame and returns
// it, for the caller to run; a Go function runs to completion (or yields)
// and precall returns nil. Non-functions go through __call.
func (L *State) precall(fnIdx, nresults int) *callInfo {
	for chain := 0; ; chain++ {
		fn := L.stack[fnIdx]
		switch fn.t {
		case tagLuaFn:
			cl := fn.closure()
			p := cl.p
			nargs := L.top - fnIdx - 1
			L.ensureStack(fnIdx + 1 + p.maxStack + 1)
			s := L.stack
			for ; nargs < p.numParams; nargs++ {
				s[L.top] = Nil
				L.top++
			}
			ci := L.nextCI()
			ci.fn = fnIdx
			ci.nresults = nresults
			ci.status = ciLua
			ci.top = fnIdx + 1 + p.maxStack
			ci.cl = cl
			ci.pc = 0
			ci.nextraargs = 0
			return ci
		case tagGoFn:
			if f := fn.gofn(); f.Fast == nil || !L.callFast(fnIdx, nresults, f) {
				L.callGo(fnIdx, nresults, f)
			}
			return nil
		default:
			L.tryCallMeta(fnIdx, chain)
		}
	}
}

// callGo runs a Go function whose arguments are above fnIdx.
func (L *State) callGo(fnIdx, nresults int, f *GoFunction) {
	L.ensureStack(L.top + minGoStack)
	ci := L.nextCI()
	ci.fn = fnIdx
	ci.nresults = nresults
	ci.status = 0
	ci.top = L.top + minGoStack
	ci.k = nil
	ci.cl = nil
	ci.pending = 0 // what it charges for buffers is its own (ChargeAlloc)
	if L.hook.mask&hookMaskCall != 0 {
		L.hookCall(ci)
	}
	n := f.Fn(L)
	if n == yieldSignal && L.status == StatusYield {
		return
	}
	if n < 0 || n > L.top-ci.fn-1 {
		L.runError("Go function '%s' returned %d results but pushed %d", f.Name, n, L.top-ci.fn-1)
	}
	if L.hook.mask&hookMaskReturn == 0 {
		// posReturn's work without its calls, one result wanted (json's
		// finds and gsubs) in place.
		if ci.nresults == 1 {
			if n == 0 {
				L.stack[ci.fn] = Nil
			} else {
				L.stack[ci.fn] = L.stack[L.top-n]
			}
			L.top = ci.fn + 1
		} else {
			L.moveResults(ci.fn, L.top-n, n, ci.nresults)
		}
		L.ci = ci.prev
		return
	}
	L.posReturn(ci, L.top-n, n)
}

// callFast runs the call callGo would make through f.Fast and reports
// whether it did: when no hook is set (call and return hooks would see
// no frame), the stack has the room callGo's ensureStack asks for (so no
// growth and no "stack overflow" is skipped) and f.Fast answers.
// precall and pretailcall try it first; the dispatch loop's callGoVM,
// which runs only while no hook is set, has its own copy.
func (L *State) callFast(fnIdx, nresults int, f *GoFunction) bool {
	if L.hook.mask != 0 || L.top+minGoStack > len(L.stack) {
		return false
	}
	v, ok := f.Fast(L.stack[fnIdx+1 : L.top])
	if ok {
		L.stack[fnIdx] = v
		if nresults < 0 || nresults == 1 {
			// The one result is in place: moveResults would copy it
			// onto itself (about 50 instructions).
			L.top = fnIdx + 1
		} else {
			L.moveResults(fnIdx, fnIdx, 1, nresults)
		}
	}
	return ok
}

// callFast2 runs the call of g, whose arguments are above fnIdx up to
// the top, through g.Fast2 and reports whether it did, as callFast: only
// when no hook is set and the stack has callGo's room. The results are
// left at fnIdx, adjusted to nresults (all when -1), with the top after
// them.
func (L *State) callFast2(fnIdx, nresults int, g *GoFunction) bool {
	if L.hook.mask != 0 || L.top+minGoStack > len(L.stack) {
		return false
	}
	a, b, n := g.Fast2(L.stack[fnIdx+1 : L.top])
	if n == 0 {
		return false
	}
	L.stack[fnIdx] = a
	if nresults == 1 {
		L.top = fnIdx + 1
	} else {
		L.placeFast2(fnIdx, b, n, nresults)
	}
	return true
}

// placeFast2 places the n results of a Fast2 whose first is in place at
// dst, its second being b, for a call wanting nresults (all when -1),
// with the top after them. The room callFast2 checks holds both, and a
// fixed count's registers are inside the caller's frame.
func (L *State) placeFast2(dst int, b Value, n, nresults int) {
	s := L.stack
	if nresults < 0 {
		if n == 2 {
			s[dst+1] = b
		}
		L.top = dst + n
		return
	}
	if n == 1 {
		b = Nil
	}
	if nresults >= 2 {
		s[dst+1] = b
	}
	for j := 2; j < nresults; j++ {
		s[dst+j] = Nil
	}
	L.top = dst + nresults
}

// callGoVM runs the Go function of instruction i, a CALL at pc-1 of frame
// ci, for the dispatch loop, which has set L.top for its arguments, saved
// pc in ci and counted the call's tick: it is execSlow's CALL for a Go
// function, without the way through execSlow's dispatch and precall.
// It returns pc, or slowYield when the function yielded.
func (L *State) callGoVM(ci *callInfo, i bc.Instruction, pc int) int {
	ra := ci.fn + 1 + i.A()
	nresults := i.C() - 1
	f := L.stack[ra].gofn()
	if f.Fast != nil && L.top+minGoStack <= len(L.stack) {
		// No hook is set (see callFast): the loop would have stepped
		// through execSlow.
		if v, ok := f.Fast(L.stack[ra+1 : L.top]); ok {
			L.stack[ra] = v
			if nresults != 1 {
				L.moveResults(ra, ra, 1, nresults)
				if nresults < 0 {
					return pc
				}
			}
			L.top = ci.top
			return pc
		}
	}
	if f.Fast2 != nil && L.callFast2(ra, nresults, f) {
		if nresults >= 0 {
			L.top = ci.top
		}
		return pc
	}
	L.callGo(ra, nresults, f)
	if L.status == StatusYield {
		return slowYield
	}
	if nresults >= 0 {
		L.top = ci.top
	}
	return pc
}

// tailCallGoVM runs instruction i, a TAILCALL at pc-1 of frame ci, of a
// Go function (return setmetatable(o, mt)), for the dispatch loop, which
// has checked that the frame needs no upvalues closed (no k), is not
// vararg (C is 0) and that the interruption countdown is above zero, so
// the call's tick cannot expire it. It is execSlow's TAILCALL with
// pretailcall's Go case, without the way through both: the function runs,
// and its results are the frame's. It returns slowFrame, slowDone when ci
// was the fresh frame, or slowYield.
func (L *State) tailCallGoVM(ci *callInfo, i bc.Instruction, pc int) int {
	ra := ci.fn + 1 + i.A()
	if b := i.B(); b != 0 {
		L.top = ra + b
	}
	ci.pc = pc
	L.g.interrupt.tick()
	res := ra
	if f := L.stack[ra].gofn(); f != setmetatableFunction || L.top-ra != 3 || !setmetatableFast(L.stack[ra+1:ra+3]) {
		L.callGo(ra, -1, f)
		if L.status == StatusYield {
			return slowYield
		}
	} else {
		// return setmetatable(t, mt): t is the result.
		if ci.nresults == 1 && L.hook.mask == 0 {
			// posReturn's work for the common case, without its calls:
			// no return hook to call, one result wanted.
			moveVal(&L.stack[ci.fn], &L.stack[ra+1])
			L.top = ci.fn + 1
			L.ci = ci.prev
			if ci.status&ciFresh != 0 {
				return slowDone
			}
			return slowFrame
		}
		res, L.top = ra+1, ra+2
	}
	if L.posReturn(ci, res, L.top-res) {
		return slowDone
	}
	return slowFrame
}

// pretailcall reuses frame ci for a tail call of the value at fnIdx. delta
// undoes the vararg shift of the frame. For a Go function it runs it (its
// results left on the top) and returns nil.
func (L *State) pretailcall(ci *callInfo, fnIdx, delta int) *callInfo {
	for chain := 0; ; chain++ {
		fn := L.stack[fnIdx]
		switch fn.t {
		case tagLuaFn:
			cl := fn.closure()
			p := cl.p
			nargs := L.top - fnIdx - 1
			ci.fn -= delta
			need := p.maxStack
			if nargs > need {
				need = nargs
			}
			L.ensureStack(ci.fn + 1 + need + 1)
			// The function and its arguments move down one by one after
			// one bounds check each: copy's typedslicecopy cost about 80
			// instructions for the few values a tail call passes.
			src := L.stack[fnIdx : fnIdx+1+nargs]
			dst := L.stack[ci.fn : ci.fn+len(src)]
			for j := range src {
				copyVal(&dst[j], &src[j])
			}
			s := L.stack
			for ; nargs < p.numParams; nargs++ {
				s[ci.fn+1+nargs] = Nil
			}
			L.top = ci.fn + 1 + nargs
			ci.top = ci.fn + 1 + p.maxStack
			ci.cl = cl
			ci.pc = 0
			ci.status |= ciTail
			ci.nextraargs = 0
			return ci
		case tagGoFn:
			if f := fn.gofn(); f.Fast == nil || !L.callFast(fnIdx, -1, f) {
				L.callGo(fnIdx, -1, f)
			}
			return nil
		default:
			L.tryCallMeta(fnIdx, chain)
		}
	}
}

// posReturn finishes frame ci, whose n results start at res, and reports
// whether it was the frame that a Go-level call is waiting for.
func (L *State) posReturn(ci *callInfo, res, n int) bool {
	if L.hook.mask&hookMaskReturn != 0 {
		L.hookReturn(ci, res, n)
	}
	L.poscall(ci, res, n)
	return ci.status&ciFresh != 0
}

// poscall moves the results of frame ci to where its function was, adjusted
// to the number the caller wants, and pops the frame.
func (L *State) poscall(ci *callInfo, res, n int) {
	L.moveResults(ci.fn, res, n, ci.nresults)
	L.ci = ci.prev
}

// moveResults moves the n results at res down to dst, adjusted to wanted
// (all when -1), and sets the top after them. The values are copied one
// by one: there are usually one or two, for which copy's call to
// typedslicecopy costs more than the copies themselves.
func (L *State) moveResults(dst, res, n, wanted int) {
	s := L.stack
	switch wanted {
	case 0:
		L.top = dst
		return
	case 1:
		if n == 0 {
			s[dst] = Nil
		} else {
			s[dst] = s[res]
		}
		L.top = dst + 1
		return
	case 2:
		// A Lua function's two results (json's decoder returns a value
		// and the position after it), written out.
		if n >= 2 {
			s[dst] = s[res]
			s[dst+1] = s[res+1]
			L.top = dst + 2
			return
		}
	case -1:
		wanted = n
	}
	j := 0
	for ; j < n && j < wanted; j++ {
		s[dst+j] = s[res+j]
	}
	for ; j < wanted; j++ {
		s[dst+j] = Nil
	}
	L.top = dst + wanted
}

// call runs the value at fnIdx with the arguments above it, leaving
// nresults results (all when -1) at fnIdx. It is a Go-level call: the Go
// stack grows, so the depth is bounded. The callee may yield (metamethods
// called by the VM can).
func (L *State) call(fnIdx, nresults int) {
	// A call from Go counts a tick, as one from Lua does, so that a
	// library loop calling back (sort's comparator, gsub's function, a
	// load reader) is stopped by budgets and deadlines too.
	if L.g.interrupt.tick() {
		L.checkInterrupt()
	}
	L.nCcalls++
	if L.nCcalls >= maxCcalls {
		L.checkCstack()
	}
	if ci := L.precall(fnIdx, nresults); ci != nil {
		ci.status |= ciFresh
		L.runFresh(ci)
	}
	if L.status == StatusYield {
		panic(yieldUnwind{})
	}
	L.nCcalls--
}

// callUnticked is call without the tick: for the message handler, which
// runs while an error (perhaps the interruption itself) is being raised.
func (L *State) callUnticked(fnIdx, nresults int) {
	L.nCcalls++
	if L.nCcalls >= maxCcalls {
		L.checkCstack()
	}
	if ci := L.precall(fnIdx, nresults); ci != nil {
		ci.status |= ciFresh
		L.runFresh(ci)
	}
	if L.status == StatusYield {
		panic(yieldUnwind{})
	}
	L.nCcalls--
}

// callNoYield is call for callers that cannot be resumed after a yield.
func (L *State) callNoYield(fnIdx, nresults int) {
	L.nny++
	L.call(fnIdx, nresults)
	L.nny--
}

// checkCstack raises "C stack overflow" at the limit, and gives up with an
// error-handling error when even that error cannot be handled.
func (L *State) checkCstack() {
	if L.nCcalls == maxCcalls {
		L.runError("C stack overflow")
	} else if L.nCcalls >= maxCcalls/10*11 {
		L.throwStatus(StatusErrorInHandler, String("error in error handling"))
	}
}
