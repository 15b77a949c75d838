package runtime

// Debug hooks (debug.sethook): call, return, line and count events. The
// VM tests hook.mask once per instruction; everything else happens here.

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
	allow     bool
	oldpc     int
	lastCI    *callInfo
}

// SetHook installs a hook function (a Lua or Go function called with the
// event name and, for line events, the line) for the events in mask
// ("c", "r", "l" letters as in debug.sethook) and a count.
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
	if fn.IsNil() {
		m = 0
	}
	L.hook.mask = m
	L.hook.fn = fn
	L.hook.count = count
	L.hook.countLeft = count
	L.hook.allow = true
	L.hook.lastCI = nil
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

// runHook calls the hook function for an event.
func (L *State) runHook(event string, line int) {
	if !L.hook.allow || L.hook.fn.IsNil() {
		return
	}
	ci := L.ci
	savedTop := L.top
	if ci.status&ciLua != 0 && L.top < ci.top {
		L.top = ci.top
	}
	L.hook.allow = false
	ci.status |= ciHooked
	fn := L.top
	L.ensureStack(fn + 3)
	L.stack[fn] = L.hook.fn
	L.stack[fn+1] = String(event)
	n := 2
	if line >= 0 {
		L.stack[fn+2] = Int(int64(line))
		n = 3
	} else {
		L.stack[fn+2] = Nil
	}
	L.top = fn + n
	defer func() {
		ci.status &^= ciHooked
		L.hook.allow = true
	}()
	L.callNoYield(fn, 0)
	L.top = savedTop
}

// hookCall reports a function entry.
func (L *State) hookCall(ci *callInfo) {
	if L.hook.mask&hookMaskCall == 0 {
		if ci.status&ciLua != 0 {
			L.hook.oldpc = 0
			L.hook.lastCI = ci
		}
		return
	}
	ev := "call"
	if ci.status&ciTail != 0 {
		ev = "tail call"
	}
	L.runHook(ev, -1)
	if ci.status&ciLua != 0 {
		L.hook.oldpc = 0
		L.hook.lastCI = ci
	}
}

// hookReturn reports a function exit.
func (L *State) hookReturn(ci *callInfo, res, n int) {
	if L.hook.mask&hookMaskReturn != 0 {
		top := L.top
		if L.top < res+n {
			L.top = res + n
		}
		L.runHook("return", -1)
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
	if !L.hook.allow {
		return
	}
	if L.hook.mask&hookMaskCount != 0 {
		L.hook.countLeft--
		if L.hook.countLeft == 0 {
			L.hook.countLeft = L.hook.count
			L.runHook("count", -1)
		}
	}
	if L.hook.mask&hookMaskLine == 0 {
		return
	}
	p := ci.cl.p.src
	npc := ci.pc - 1
	if L.hook.lastCI != ci {
		L.hook.lastCI = ci
		L.hook.oldpc = -1
	}
	oldpc := L.hook.oldpc
	L.hook.oldpc = npc
	newLine := p.Line(npc)
	if npc == 0 || oldpc < 0 || npc <= oldpc || p.Line(oldpc) != newLine {
		if len(p.LineInfo) > 0 {
			L.runHook("line", newLine)
		}
	}
}
