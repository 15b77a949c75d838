package runtime

import "unsafe"

// runFresh runs frame ci, which a Go-level call (call, callUnticked,
// callNoYieldDirect) has just pushed and marked fresh, until it returns. A native prototype's
// Go code is called directly when no hook is set: sort's comparator,
// gsub's replacement function and the other callbacks of the library
// then skip execute's entry (its frame, the hook test, the prototype
// test and the switch on what native code returned) for the common case
// of a callee that returns to its caller. Anything else it hands to
// execute as execute's own native label would: another frame to run
// (an interpreted callee, a metamethod's frame), a yield, a hand-back.
func (L *State) runFresh(ci *callInfo) {
	if p := ci.cl.p; p.native != nil && L.hook.mask == 0 {
		ci.ndepth = 0
		if n := p.native(L, ci); n != slowDone {
			L.afterFresh(ci, n)
		}
		return
	}
	L.execute(ci, false)
}

// afterFresh is the rest of runFresh when the native function of fresh
// frame ci returned n, not slowDone.
func (L *State) afterFresh(ci *callInfo, n int) {
	switch n {
	case slowYield:
		// execute's answer for a frame it cannot leave resumable.
		panic(yieldUnwind{})
	case slowFrame:
		// As execute's slowDone switch, and its returned label.
		nci := L.ci
		if nci.status&(ciLua|ciMetaPending) != ciLua {
			if nci.status&ciLua == 0 {
				return
			}
			L.finishMetaFrame(nci)
			nci = L.ci
		}
		L.execute(nci, false)
		return
	}
	// A hand-back: execute interprets the frame from its saved pc (it
	// goes to its hooked label, a hook having been set).
	L.execute(ci, false)
}

// callNoYieldDirect is callNoYield for Call1 and CallStack: a Lua
// callee's frame is pushed here, as precall pushes it, and run by
// runFresh (directly when native, else by execute), without call's and
// precall's general cases. A Go function, __call, no room and the
// C-level call limit near take callNoYield.
func (L *State) callNoYieldDirect(fnIdx, nresults int) {
	fn := &L.stack[fnIdx]
	if fn.t != tagLuaFn || L.nCcalls+1 >= maxCcalls {
		L.callNoYield(fnIdx, nresults)
		return
	}
	cl := fn.closure()
	p := cl.p
	nci := L.ci.next
	ntop := fnIdx + 1 + p.maxStack
	if nci == nil || ntop+1 >= len(L.stack) {
		L.callNoYield(fnIdx, nresults)
		return
	}
	L.nny++
	if L.g.interrupt.tick() {
		L.checkInterrupt()
	}
	L.nCcalls++
	s := L.stack
	for nargs := L.top - fnIdx - 1; nargs < p.numParams; nargs++ {
		s[L.top] = Nil
		L.top++
	}
	L.ci = nci
	nci.fn = fnIdx
	nci.nresults = nresults
	nci.status = ciLua | ciFresh
	nci.top = ntop
	nci.cl = cl
	nci.pc = 0
	nci.nextraargs = 0
	// runFresh, written out: a library callback's call (sort's
	// comparator) spares its entry.
	if p.native != nil && L.hook.mask == 0 {
		nci.ndepth = 0
		if n := p.native(L, nci); n != slowDone {
			L.afterFresh(nci, n)
		}
	} else {
		L.execute(nci, false)
	}
	if L.status == StatusYield {
		panic(yieldUnwind{})
	}
	L.nCcalls--
	L.nny--
}

// call2 is Call2 (sort's comparator) with callNoYieldDirect written out:
// the callee's frame is pushed right after its arguments are stored,
// without a second call, a second entry, or the reading back of the
// function and the argument count from the stack. Anything but a Lua
// function with room for its frame and the C-level call limit far takes
// call2Slow, Call2's general path. The frame's push and run repeat
// callNoYieldDirect's on purpose: one helper for both, not inlined,
// cost sort 1.5-2% more instructions (117.1-117.7 M against 115.5-115.6
// M, callgrind, interpreted, sort 10000).
func (L *State) call2(fn, a, b Value) Value {
	base := L.top
	if fn.t != tagLuaFn || L.nCcalls+1 >= maxCcalls {
		return L.call2Slow(fn, a, b)
	}
	cl := fn.closure()
	p := cl.p
	nci := L.ci.next
	ntop := base + 1 + p.maxStack
	if nci == nil || ntop+1 >= len(L.stack) || base+3 > ntop {
		return L.call2Slow(fn, a, b)
	}
	// The three slots are below ntop, inside the stack.
	// Whole-Value stores: copyVal would take the parameters' addresses,
	// which puts all nine words in memory first.
	s := unsafe.Add(unsafe.Pointer(unsafe.SliceData(L.stack)), uintptr(base)*valueSize)
	*r(s, 0) = fn
	*r(s, 1) = a
	*r(s, 2) = b
	top := base + 3
	L.nny++
	if L.g.interrupt.tick() {
		L.top = top
		L.checkInterrupt()
	}
	L.nCcalls++
	for nargs := 2; nargs < p.numParams; nargs++ {
		*r(s, 1+nargs) = Nil
		top++
	}
	L.top = top
	L.ci = nci
	nci.fn = base
	nci.nresults = 1
	nci.status = ciLua | ciFresh
	nci.top = ntop
	nci.cl = cl
	nci.pc = 0
	nci.nextraargs = 0
	if p.native != nil && L.hook.mask == 0 {
		nci.ndepth = 0
		if n := p.native(L, nci); n != slowDone {
			L.afterFresh(nci, n)
		}
	} else {
		L.execute(nci, false)
	}
	if L.status == StatusYield {
		panic(yieldUnwind{})
	}
	L.nCcalls--
	L.nny--
	L.top = base
	// The stack may have moved; base is below its length.
	return *(*Value)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(L.stack)), uintptr(base)*valueSize))
}

// call2Slow is Call2's general path: the arguments pushed, and the call
// made by callNoYieldDirect.
func (L *State) call2Slow(fn, a, b Value) Value {
	base := L.top
	L.ensureStack(base + 3)
	s := L.stack[base : base+3]
	copyVal(&s[0], &fn)
	copyVal(&s[1], &a)
	copyVal(&s[2], &b)
	L.top = base + 3
	L.callNoYieldDirect(base, 1)
	L.top = base
	return L.stack[base]
}
