package runtime

// Debug hooks (debug.sethook): call, return, line and count events. The
// VM tests hook.mask once per instruction; everything else happens here.
//
// The events follow the reference interpreter exactly, because programs
// (profilers, coverage tools, tests) depend on their sequence:
//   - a vararg function reports its call after OP_VARARGPREP has adjusted
//     the frame, and that instruction is neither counted nor traced;
//   - a line event fires when execution enters a new line, when it jumps
//     backwards (even within one line), and at the start of a function;
//   - returning to a frame does not report the line of the call again.

const (
	hookMaskCall   = 1 << 0
	hookMaskReturn = 1 << 1
	hookMaskLine   = 1 << 2
	hookMaskCount  = 1 << 3
)

type hookState struct {
	mask      uint8
	fn        Value
	count     int
	countLeft int
	// disabled is set while a hook or a finalizer runs: hooks do not
	// trace themselves. The zero value allows hooks, so new threads start
	// enabled whatever their creator was doing.
	disabled bool
	// oldpc is the last instruction traced in lastCI, for line events.
	oldpc  int
	lastCI *callInfo
	// pendingCall is a vararg frame whose call event waits for its
	// OP_VARARGPREP to finish.
	pendingCall *callInfo
}

// SetHook installs a hook function (a Lua or Go function called with the
// event name and, for line events, the line) for the events in mask
// ("c", "r", "l" letters as in debug.sethook) and a count. A nil function
// or an empty mask with no count turns hooks off.
func (L *State) SetHook(fn Value, mask string, count int) {
	var m uint8
	for i := 0; i < len(mask); i++ {
		switch mask[i] {
		case 'c':
			m |= hookMaskCall
		case 'r':
			m |= hookMaskReturn
		case 'l':
			m |= hookMaskLine
		}
	}
	if count > 0 {
		m |= hookMaskCount
	}
	if fn.IsNil() || m == 0 {
		m = 0
		fn = Nil
	}
	L.hook.mask = m
	L.hook.fn = fn
	L.hook.count = count
	L.hook.countLeft = count
	L.hook.lastCI = nil
	L.hook.pendingCall = nil
}

// inherit is the hook state of a thread created by a thread with hook
// state h. As with debug.sethook in the reference, the hook function
// belongs to its thread: the new thread gets the mask and count (which
// debug.gethook shows) but no function, so it runs no hook.
func (h *hookState) inherit() hookState {
	return hookState{mask: h.mask, count: h.count, countLeft: h.count}
}

// Hook returns the installed hook, its mask letters and count.
func (L *State) Hook() (Value, string, int) {
	m := ""
	if L.hook.mask&hookMaskCall != 0 {
		m += "c"
	}
	if L.hook.mask&hookMaskReturn != 0 {
		m += "r"
	}
	if L.hook.mask&hookMaskLine != 0 {
		m += "l"
	}
	return L.hook.fn, m, L.hook.count
}

// runHook calls the hook function for an event. ftransfer and ntransfer
// describe the values a call or return event transfers (debug.getinfo's
// "r" option), 0 when none.
func (L *State) runHook(event string, line int, ftransfer, ntransfer int) {
	if L.hook.disabled || L.hook.fn.IsNil() {
		return
	}
	ci := L.ci
	savedTop := L.top
	if ci.status&ciLua != 0 && L.top < ci.top {
		L.top = ci.top
	}
	L.hook.disabled = true
	ci.status |= ciHooked
	if ntransfer != 0 {
		ci.ftransfer, ci.ntransfer = ftransfer, ntransfer
	}
	fn := L.top
	L.ensureStack(fn + 4 + minGoStack)
	if ht := L.g.registry.getStr(hookKey); ht.t == tagTable {
		// The reference's hook dispatcher keeps the table of hooks on
		// the stack below the hook function; debug.getlocal sees it.
		L.stack[fn] = ht
		fn++
		L.top = fn
	}
	L.stack[fn] = L.hook.fn
	L.stack[fn+1] = String(event)
	if line >= 0 {
		L.stack[fn+2] = Int(int64(line))
	} else {
		L.stack[fn+2] = Nil
	}
	L.top = fn + 3
	// The hook's own calls and returns move lastCI and oldpc. When the
	// hook returns to a Lua frame, the reference's return sets L->oldpc to
	// the instruction that frame is at (rethook), so the frame carries on
	// from there: after a count hook, the same instruction's line event
	// fires (npc <= oldpc), as it does in lua5.4.
	lastCI, oldpc := L.hook.lastCI, L.hook.oldpc
	defer func() {
		ci.status &^= ciHooked
		ci.ftransfer, ci.ntransfer = 0, 0
		L.hook.disabled = false
		if ci.status&ciLua != 0 {
			L.hook.lastCI, L.hook.oldpc = ci, max(ci.pc-1, 0)
		} else {
			L.hook.lastCI, L.hook.oldpc = lastCI, oldpc
		}
	}()
	L.callNoYield(fn, 0)
	L.top = savedTop
}

// hookCall reports a function entry. For a vararg Lua function the event
// is postponed until OP_VARARGPREP has run (see hookInstruction).
func (L *State) hookCall(ci *callInfo) {
	if ci.status&ciLua != 0 {
		L.hook.oldpc = 0
		L.hook.lastCI = ci
		if ci.cl.p.isVararg {
			L.hook.pendingCall = ci
			return
		}
	}
	if L.hook.mask&hookMaskCall == 0 {
		return
	}
	L.fireCall(ci)
}

// fireCall runs the call hook for frame ci.
func (L *State) fireCall(ci *callInfo) {
	ev := "call"
	if ci.status&ciTail != 0 {
		ev = "tail call"
	}
	if ci.status&ciLua == 0 {
		L.runHook(ev, -1, 1, L.top-ci.fn-1)
		return
	}
	// Hooks see the first instruction as the current one.
	pc := ci.pc
	if pc == 0 {
		ci.pc = 1
	}
	L.runHook(ev, -1, 1, ci.cl.p.numParams)
	ci.pc = pc
}

// hookReturn reports a function exit; the n results start at res.
func (L *State) hookReturn(ci *callInfo, res, n int) {
	if L.hook.mask&hookMaskReturn != 0 {
		top := L.top
		if L.top < res+n {
			L.top = res + n
		}
		// A vararg frame has already moved its function slot back over
		// the extra arguments; the hook sees the frame as it ran.
		delta := 0
		if ci.status&ciLua != 0 && ci.cl.p.isVararg {
			delta = ci.nextraargs + ci.cl.p.numParams + 1
		}
		ci.fn += delta
		L.runHook("return", -1, res-ci.fn, n)
		ci.fn -= delta
		L.top = top
	}
	if prev := ci.prev; prev != nil && prev.status&ciLua != 0 {
		L.hook.lastCI = prev
		L.hook.oldpc = prev.pc - 1
	}
}

// hookInstruction handles count and line events before an instruction
// (ci.pc already points past it).
func (L *State) hookInstruction(ci *callInfo) {
	if L.hook.disabled {
		// The code of a hook or finalizer still uses up the count, as in
		// the reference.
		if L.hook.mask&hookMaskCount != 0 {
			L.hook.countLeft--
			if L.hook.countLeft <= 0 {
				L.hook.countLeft = L.hook.count
			}
		}
		return
	}
	p := ci.cl.p
	npc := ci.pc - 1
	if p.isVararg {
		if npc == 0 {
			// OP_VARARGPREP: hooks start after it.
			return
		}
		if L.hook.pendingCall == ci && npc == 1 {
			L.hook.pendingCall = nil
			if L.hook.mask&hookMaskCall != 0 {
				L.fireCall(ci)
			}
			L.hook.lastCI = ci
			L.hook.oldpc = 1 // the next instruction starts a "new" line
		}
	}
	if L.hook.mask&hookMaskCount != 0 {
		L.hook.countLeft--
		if L.hook.countLeft == 0 {
			L.hook.countLeft = L.hook.count
			L.runHook("count", -1, 0, 0)
		}
	}
	if L.hook.mask&hookMaskLine == 0 {
		return
	}
	src := p.src
	if L.hook.lastCI != ci {
		// Back in this frame after a call (or a resume): the previous
		// instruction it executed is the one that called out.
		L.hook.lastCI = ci
		if npc > 0 {
			L.hook.oldpc = npc - 1
		} else {
			L.hook.oldpc = 0
		}
	}
	oldpc := L.hook.oldpc
	L.hook.oldpc = npc
	if len(src.Lines()) == 0 {
		// Stripped: as luaG_traceexec, no line changes, but entering
		// the function and jumping back are line events, with no line
		// (the hook gets nil).
		if npc <= oldpc {
			L.runHook("line", -1, 0, 0)
		}
		return
	}
	if npc <= oldpc || src.Line(oldpc) != src.Line(npc) {
		L.runHook("line", src.Line(npc), 0, 0)
	}
}
