package runtime

// OpenCoroutine installs the coroutine library.
func OpenCoroutine(L *State) {
	co := NewTable(0, 8)
	for _, f := range []struct {
		name string
		fn   func(*State) int
	}{
		{"close", coClose},
		{"create", coCreate},
		{"isyieldable", coIsYieldable},
		{"resume", coResume},
		{"running", coRunning},
		{"status", coStatus},
		{"wrap", coWrap},
		{"yield", coYield},
	} {
		co.SetName(f.name, NewFunction(f.name, f.fn))
	}
	L.SetGlobal("coroutine", TableValue(co))
	L.g.loaded.SetStr("coroutine", TableValue(co))
}

func checkCoroutine(L *State, n int) *State {
	co := L.Arg(n).AsThread()
	if co == nil {
		L.TypeError(n, "thread")
	}
	return co
}

func coCreate(L *State) int {
	L.CheckType(1, TypeFunction)
	co := L.NewThread()
	co.push(L.Arg(1))
	L.Push(ThreadValue(co))
	return 1
}

// NewThread creates a coroutine sharing L's globals.
func (L *State) NewThread() *State { return L.newThread() }

// Coroutine status names.
const (
	coRunningStatus   = "running"
	coSuspendedStatus = "suspended"
	coNormalStatus    = "normal"
	coDeadStatus      = "dead"
)

// coroutineStatus is auxstatus of the reference.
func coroutineStatus(L, co *State) string {
	if L == co {
		return coRunningStatus
	}
	switch co.status {
	case StatusYield:
		return coSuspendedStatus
	case StatusOK:
		if co.ci != &co.baseCI {
			return coNormalStatus
		}
		if co.top-co.baseCI.fn-1 == 0 {
			return coDeadStatus
		}
		return coSuspendedStatus
	}
	return coDeadStatus
}

// The status and close operations of the coroutine library for hosts
// that drive coroutines from Go (runtime/luv), without going through the
// Lua-visible (and replaceable) coroutine table.

// CoroutineStatus returns what coroutine.status(co) would return when
// called from L: "running", "suspended", "normal" or "dead".
func (L *State) CoroutineStatus(co *State) string { return coroutineStatus(L, co) }

// CloseCoroutine does what coroutine.close(co) does when called from L:
// a suspended or dead coroutine has its pending to-be-closed variables
// closed and becomes dead. It returns false when co is running or normal
// (it cannot be closed now), and the error a __close method raised, if
// any, as the second result.
func (L *State) CloseCoroutine(co *State) (closed bool, err Value) {
	switch coroutineStatus(L, co) {
	case coDeadStatus, coSuspendedStatus:
		status, errv := co.closeThread(L)
		if status != StatusOK {
			co.top--
			return true, errv
		}
		return true, Nil
	}
	return false, Nil
}

// auxResume moves narg values from L to co, resumes it and moves the
// results back; it returns the number of results or -1 with an error
// value on L's top.
func auxResume(L, co *State, narg int) int {
	if co.status == StatusOK {
		if co.ci != &co.baseCI {
			L.Pop(narg)
			L.PushString("cannot resume non-suspended coroutine")
			return -1
		}
		if co.top-co.baseCI.fn-1 == 0 {
			L.Pop(narg)
			L.PushString("cannot resume dead coroutine")
			return -1
		}
	} else if co.status != StatusYield {
		L.Pop(narg)
		L.PushString("cannot resume dead coroutine")
		return -1
	}
	if !co.hasRoom(narg+minGoStack) && !co.TryCheckStack(narg+minGoStack) {
		L.Pop(narg)
		L.PushString("too many arguments to resume")
		return -1
	}
	copyVals(co.stack[co.top:], L.stack[L.top-narg:L.top])
	co.top += narg
	L.top -= narg
	co.resumer = L
	status, nres := co.Resume(L, narg)
	co.resumer = nil
	if status == StatusOK || status == StatusYield {
		// Results that do not fit the resumer's stack fail the resume,
		// as lua_checkstack makes the reference's auxresume do, instead
		// of raising "stack overflow" in the resumer.
		if !L.hasRoom(nres+1) && !L.TryCheckStack(nres+1) {
			co.top -= nres
			L.PushString("too many results to resume")
			return -1
		}
		copyVals(L.stack[L.top:], co.stack[co.top-nres:co.top])
		L.top += nres
		co.top -= nres
		return nres
	}
	// The error value stays on the dead coroutine's stack too:
	// coroutine.close reports it.
	L.push(co.stack[co.top-1])
	return -1
}

// hasRoom reports whether TryCheckStack(n) would succeed without
// growing the stack: small enough to inline where a resume checks both
// threads' stacks.
func (L *State) hasRoom(n int) bool {
	return n >= 0 && L.top+n <= len(L.stack) && L.top+extraStack <= maxStack-n
}

// copyVals is copy(dst, src) for the few values a resume passes each
// way: for up to a handful, copyVal on each costs a fraction of
// typedslicecopy's call and bulk write barrier (coroutines spent 7% of
// its instructions in the two copies of auxResume).
func copyVals(dst, src []Value) {
	if len(src) > 4 {
		copy(dst, src)
		return
	}
	dst = dst[:len(src)]
	for i := range src {
		copyVal(&dst[i], &src[i])
	}
}

func coResume(L *State) int {
	co := checkCoroutine(L, 1)
	r := auxResume(L, co, L.Top()-1)
	if r < 0 {
		L.Push(False)
		L.Insert(-2)
		return 2
	}
	// true below the r results: Insert, a value at a time (see
	// copyVals).
	L.Push(True)
	s, i := L.stack, L.top-1-r
	for j := L.top - 1; j > i; j-- {
		copyVal(&s[j], &s[j-1])
	}
	s[i] = True
	return r + 1
}

func coWrap(L *State) int {
	L.CheckType(1, TypeFunction)
	co := L.NewThread()
	co.push(L.Arg(1))
	// The thread is also an upvalue, as in the reference: debug.getupvalue
	// shows it, and the collector sees the coroutine's stack through it.
	L.Push(FunctionValue(&GoFunction{Name: "wrap", Upvalues: []Value{ThreadValue(co)}, Fn: func(L *State) int {
		r := auxResume(L, co, L.Top())
		if r < 0 {
			errv := L.Get(-1)
			if co.status != StatusOK && co.status != StatusYield {
				// Close the dead coroutine and take its error off its
				// stack, so later calls find it dead.
				if st, v := co.closeThread(L); st != StatusOK {
					errv = v
					co.top--
				}
			}
			if errv.t == tagString {
				errv = String(L.Where(1) + errv.AsString())
			}
			L.throw(errv)
		}
		return r
	}}))
	return 1
}

func coYield(L *State) int { return L.Yield(L.Top()) }

func coStatus(L *State) int {
	co := checkCoroutine(L, 1)
	L.PushString(coroutineStatus(L, co))
	return 1
}

func coRunning(L *State) int {
	L.Push(ThreadValue(L), Bool(L == L.g.mainThread))
	return 2
}

func coIsYieldable(L *State) int {
	co := L
	if !L.NoValue(1) {
		co = checkCoroutine(L, 1)
	}
	L.Push(Bool(co.IsYieldable()))
	return 1
}

func coClose(L *State) int {
	co := checkCoroutine(L, 1)
	switch st := coroutineStatus(L, co); st {
	case coDeadStatus, coSuspendedStatus:
		status, errv := co.closeThread(L)
		if status == StatusOK {
			L.Push(True)
			return 1
		}
		co.top--
		L.Push(False, errv)
		return 2
	default:
		L.Errorf("cannot close a %s coroutine", st)
	}
	return 0
}
