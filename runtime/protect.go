package runtime

// pcall calls the function at fnIdx in protected mode. On error the stack
// is cut back to fnIdx, pending to-be-closed variables are closed with the
// error, and the error value is left at fnIdx (top = fnIdx+1).
func (L *State) pcall(fnIdx, nresults, errfunc int) (status Status) {
	oldCI := L.ci
	oldNny := L.nny
	oldCcalls := L.nCcalls
	oldErrfunc := L.errfunc
	L.errfunc = errfunc
	status = L.runProtected(func() { L.callNoYield(fnIdx, nresults) }, func(st Status, v Value) {
		L.ci = oldCI
		L.nny = oldNny
		L.nCcalls = oldCcalls
		st, v = L.closeProtected(fnIdx, st, v)
		L.stack[fnIdx] = v
		L.top = fnIdx + 1
		L.shrinkStack()
		status = st
	})
	L.errfunc = oldErrfunc
	return status
}

// runProtected runs f; if a Lua error escapes, onError gets its status and
// value and runProtected returns that status (onError may change the
// returned status through a closure). Yields and Go panics pass through.
func (L *State) runProtected(f func(), onError func(Status, Value)) (status Status) {
	defer func() {
		if r := recover(); r != nil {
			le, ok := r.(*luaError)
			if !ok {
				if to, ok := r.(tableOverflow); ok {
					_ = to
					le = &luaError{value: String("table overflow"), status: StatusRuntimeError}
				} else {
					panic(r)
				}
			}
			status = le.status
			if onError != nil {
				onError(le.status, le.value)
			}
		}
	}()
	f()
	return StatusOK
}

// closeProtected closes upvalues and to-be-closed variables down to level
// after an error; an error raised by a __close method replaces the current
// one and closing goes on with the rest.
func (L *State) closeProtected(level int, status Status, errv Value) (Status, Value) {
	for {
		oldCI := L.ci
		oldNny := L.nny
		oldCcalls := L.nCcalls
		st := L.runProtected(func() { L.closeAll(level, errv, true) }, func(st Status, v Value) {
			L.ci = oldCI
			L.nny = oldNny
			L.nCcalls = oldCcalls
			status = st
			errv = v
		})
		if st == StatusOK {
			return status, errv
		}
	}
}

// closeAll closes the upvalues and the to-be-closed variables at or above
// level. hasErr tells whether an error is being propagated (errv), which
// __close methods receive as their second argument.
func (L *State) closeAll(level int, errv Value, hasErr bool) {
	L.closeUpvals(level)
	L.closeTBC(level, errv, hasErr, true)
}

// newTBC registers stack slot idx as a to-be-closed variable; its value
// must be false, nil or have a __close metamethod.
func (L *State) newTBC(idx int) {
	v := L.stack[idx]
	if !v.Truthy() {
		return
	}
	if L.metaOf(v, tmClose).t == tagNil {
		name := "?"
		if ci := L.ci; ci.status&ciLua != 0 {
			if n := ci.cl.p.src.LocalName(idx-ci.fn, ci.pc-1); n != "" {
				name = n
			}
		}
		L.runError("variable '%s' got a non-closable value", name)
	}
	L.tbc = append(L.tbc, idx)
}

// closeTBC calls the __close methods of the pending variables at or above
// level, most recent first. Each variable is removed before its method
// runs, so an error or a yield in it does not close it twice.
func (L *State) closeTBC(level int, errv Value, hasErr bool, yieldable bool) {
	for n := len(L.tbc); n > 0 && L.tbc[n-1] >= level; n = len(L.tbc) {
		idx := L.tbc[n-1]
		L.tbc = L.tbc[:n-1]
		v := L.stack[idx]
		tm := L.metaOf(v, tmClose)
		arg := Nil
		if hasErr {
			arg = errv
		}
		top := L.top
		if top < idx+1 {
			top = idx + 1
		}
		L.ensureStack(top + 3)
		s := L.stack
		s[top] = tm
		s[top+1] = v
		s[top+2] = arg
		L.top = top + 3
		if yieldable {
			L.call(top, 0)
		} else {
			L.callNoYield(top, 0)
		}
		L.top = top
	}
}
