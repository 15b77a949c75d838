package runtime

import bc "panto/bytecode"

// Coroutines are separate Lua stacks run by the same interpreter loop on
// the caller's goroutine: a resume is a Go call and a yield a return, so a
// switch costs about as much as a function call. A yield from Lua code
// called directly by the coroutine's loop returns normally; a yield with
// Go frames in between (metamethods, pcall) unwinds them with a panic, and
// the next resume "unrolls": it finishes each interrupted instruction
// (finishOp) and each interrupted Go function through its continuation.

// Yield suspends the running coroutine; a Go function uses it as
// `return L.Yield(n)` to yield its top n values.
func (L *State) Yield(n int) int { return L.YieldK(n, 0, nil) }

// YieldK is Yield with a continuation that runs when the coroutine is
// resumed, receiving the resume arguments on the stack.
func (L *State) YieldK(n, ctx int, k Continuation) int {
	if L.nny > 0 {
		if L == L.g.mainThread {
			L.runError("attempt to yield from outside a coroutine")
		}
		L.runError("attempt to yield across a C-call boundary")
	}
	L.status = StatusYield
	ci := L.ci
	ci.nyield = n
	ci.k = k
	ci.ctx = ctx
	return yieldSignal
}

// IsYieldable reports whether the running code of L may yield.
func (L *State) IsYieldable() bool { return L.nny == 0 }

// Resume starts or continues coroutine co with the nargs values on the top
// of co's stack. It returns the status and the number of values the
// coroutine yielded or returned (on co's stack top); on error the error
// value is on co's top.
func (co *State) Resume(from *State, nargs int) (Status, int) {
	if from != nil {
		co.nCcalls = from.nCcalls + 1
	} else {
		co.nCcalls = 1
	}
	if co.nCcalls >= maxCcalls {
		co.top -= nargs
		co.push(String("C stack overflow"))
		return StatusRuntimeError, 1
	}
	co.nny = 0
	co.metaEpoch++ // nCcalls no longer counts pending metamethods (pushMetaFrame)
	baseCcalls := co.nCcalls
	status := co.runResumable(func() { co.resumeBody(nargs) })
	status = co.precover(status, baseCcalls)
	switch status {
	case StatusOK:
		return StatusOK, co.top - co.baseCI.fn - 1
	case StatusYield:
		return StatusYield, co.ci.nyield
	default:
		co.status = status
		co.push(co.errValue)
		co.errValue = Nil
		co.ci.top = co.top
		return status, 1
	}
}

// runResumable runs f as the body of a resume: a yield that unwinds Go
// frames ends it with StatusYield, an error with its status (the error
// value is kept in co.errValue until a pcall inside the coroutine recovers
// it or the resume reports it).
func (co *State) runResumable(f func()) (status Status) {
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case yieldUnwind:
				status = StatusYield
			case *luaError:
				co.errValue = e.value
				status = e.status
			default:
				panic(r)
			}
		}
	}()
	f()
	if co.status == StatusYield {
		return StatusYield
	}
	return StatusOK
}

func (co *State) resumeBody(nargs int) {
	firstArg := co.top - nargs
	if co.status == StatusOK {
		fnIdx := firstArg - 1
		if ci := co.precall(fnIdx, -1); ci != nil {
			ci.status |= ciFresh
			co.execute(ci, true)
		}
		return
	}
	// Resuming after a yield.
	co.status = StatusOK
	ci := co.ci
	if ci.status&ciLua != 0 {
		// Yielded from a hook inside Lua code: just go on.
		co.top = firstArg
		co.execute(ci, true)
	} else {
		n := nargs
		if ci.k != nil {
			k := ci.k
			ci.k = nil
			n = k(co, StatusYield, ci.ctx)
			if co.status == StatusYield {
				return
			}
		}
		co.posReturn(ci, co.top-n, n) // with the return hook, as the reference
	}
	co.unroll()
}

// unroll finishes the frames interrupted by a yield: Lua frames resume at
// their saved pc after completing the interrupted instruction, Go frames
// run their continuation.
func (L *State) unroll() {
	for L.ci != &L.baseCI {
		ci := L.ci
		if ci.status&ciLua == 0 {
			L.finishGoCall(ci)
			if L.status == StatusYield {
				return
			}
		} else {
			L.finishOp(ci)
			L.execute(ci, true)
			if L.status == StatusYield {
				return
			}
		}
	}
}

// finishGoCall completes a Go function that was interrupted by a yield
// in a function it called, through its continuation.
func (L *State) finishGoCall(ci *callInfo) {
	status := StatusYield
	if ci.status&ciYPcall != 0 {
		status = L.finishPcallK(ci)
	}
	var n int
	if ci.k != nil {
		n = ci.k(L, status, ci.ctx)
		if L.status == StatusYield {
			return
		}
	} else {
		n = L.top - ci.fn - 1
	}
	L.posReturn(ci, L.top-n, n) // with the return hook, as the reference
}

// finishPcallK ends a yieldable pcall after a yield or, when recovering,
// after an error: the error value replaces the called function. The
// __close methods of the variables being closed may yield, and then this
// runs again on resume for the ones left: so the error value lives in the
// called function's slot (where precover put it), not in a Go variable a
// yield would lose, as finishpcallk keeps it on the stack.
func (L *State) finishPcallK(ci *callInfo) Status {
	status := Status(ci.ctxStatus)
	if status == StatusOK {
		status = StatusYield
	} else {
		fn := ci.pfn
		L.closeUpvals(fn)
		L.closeTBC(fn, L.stack[fn], true, true)
		L.top = fn + 1
		ci.ctxStatus = 0
	}
	ci.status &^= ciYPcall
	L.errfunc = ci.oldErrfunc
	return status
}

// precover handles an error that escaped to the resume: if a yieldable
// pcall is pending in the coroutine, execution continues there.
func (L *State) precover(status Status, baseCcalls int) Status {
	for status >= StatusRuntimeError {
		ci := L.findPcall()
		if ci == nil {
			break
		}
		L.ci = ci
		L.nny = 0
		L.nCcalls = baseCcalls
		L.metaEpoch++
		ci.ctxStatus = int(status)
		// The frames above the pcall are dead: its function's slot holds
		// the error from now on (finishPcallK), and top is just above it.
		// To-be-closed variables and open upvalues lie above that slot,
		// untouched.
		L.stack[ci.pfn] = L.errValue
		L.errValue = Nil
		L.top = ci.pfn + 1
		status = L.runResumable(L.unroll)
	}
	return status
}

func (L *State) findPcall() *callInfo {
	for ci := L.ci; ci != nil; ci = ci.prev {
		if ci.status&ciYPcall != 0 {
			return ci
		}
	}
	return nil
}

// finishOp completes the instruction of a Lua frame that was interrupted
// by a yield inside a metamethod: the metamethod's result is on the top.
func (L *State) finishOp(ci *callInfo) {
	base := ci.fn + 1
	i := ci.cl.p.code[ci.pc-1]
	switch i.Op() {
	case bc.OpAddI, bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpPowK, bc.OpDivK,
		bc.OpIDivK, bc.OpBandK, bc.OpBorK, bc.OpBxorK, bc.OpShrI, bc.OpShlI,
		bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpPow, bc.OpDiv, bc.OpIDiv,
		bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr,
		bc.OpUnm, bc.OpBnot, bc.OpLen, bc.OpGetTabUp, bc.OpGetTable, bc.OpGetI,
		bc.OpGetField, bc.OpSelf:
		L.top--
		L.stack[base+i.A()] = L.stack[L.top]
	case bc.OpLt, bc.OpLe, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI, bc.OpEq:
		res := L.stack[L.top-1].Truthy()
		L.top--
		if ci.status&ciLeqFallback != 0 {
			// __le emulated with not __lt.
			ci.status &^= ciLeqFallback
			res = !res
		}
		if res != i.K() {
			ci.pc++ // skip the jump
		}
	case bc.OpConcat:
		top := L.top - 1 // the metamethod's result, one past the operands
		a := base + i.A()
		total := top - 1 - a // values left to join, the result included
		L.stack[top-2] = L.stack[top]
		L.top = top - 1
		if total > 1 {
			L.concat(total)
		}
		L.top = ci.top
	case bc.OpClose:
		ci.pc--
	case bc.OpReturn:
		ra := base + i.A()
		L.top = ra + ci.nyield
		ci.pc--
	}
}

// closeThread closes the pending to-be-closed variables of a coroutine
// that is dead or suspended, and resets it (coroutine.close).
func (co *State) closeThread(from *State) (Status, Value) {
	status := co.status
	errv := Nil
	if status >= StatusRuntimeError {
		errv = co.stack[co.top-1]
	} else {
		status = StatusOK
	}
	co.ci = &co.baseCI
	co.status = StatusOK
	if from != nil {
		co.nCcalls = from.nCcalls
	}
	co.nny = 1 // closing cannot be yielded
	hasErr := status != StatusOK
	for {
		st := co.runProtected(func() {
			co.closeUpvals(1)
			co.closeTBC(1, errv, hasErr, false)
		}, func(st Status, v Value) {
			co.ci = &co.baseCI
			status = st
			errv = v
			hasErr = true
		})
		if st == StatusOK {
			break
		}
	}
	co.nny = 0
	co.tbc = co.tbc[:0]
	co.top = 1
	if status != StatusOK {
		// Like the reference (5.4.4), the error stays in the first slot and
		// the coroutine's status is reset: a second close reports success.
		co.push(errv)
	}
	co.status = StatusOK
	return status, errv
}
