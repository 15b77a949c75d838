package runtime

import (
	"io"
	"strings"
	"unsafe"
)

// The debug library (manual §6.10). Every function that takes an optional
// thread as first argument works on that thread's stack; levels count from
// the running function of that thread (level 0), and for the running thread
// level 1 is the caller of the debug function. Messages and the number of
// results (nothing at all for a missing upvalue, a single nil for a missing
// local) follow the reference interpreter, since programs test them.

// OpenDebug installs the debug library.
func OpenDebug(L *State) {
	t := NewTable(0, 20)
	for _, f := range []struct {
		name string
		fn   func(*State) int
	}{
		{"debug", dbDebug},
		{"gethook", dbGethook},
		{"getinfo", dbGetinfo},
		{"getlocal", dbGetlocal},
		{"getmetatable", dbGetmetatable},
		{"getregistry", dbGetregistry},
		{"getupvalue", dbGetupvalue},
		{"getuservalue", dbGetuservalue},
		{"setcstacklimit", dbSetcstacklimit},
		{"sethook", dbSethook},
		{"setlocal", dbSetlocal},
		{"setmetatable", dbSetmetatable},
		{"setupvalue", dbSetupvalue},
		{"setuservalue", dbSetuservalue},
		{"traceback", dbTraceback},
		{"upvalueid", dbUpvalueid},
		{"upvaluejoin", dbUpvaluejoin},
	} {
		t.SetName(f.name, NewFunction(f.name, f.fn))
	}
	L.SetGlobal("debug", TableValue(t))
	L.g.loaded.SetStr("debug", TableValue(t))
}

// dbThread returns the thread the function works on and the offset of the
// remaining arguments: 1 when the first argument is a thread.
func dbThread(L *State) (*State, int) {
	if th := L.Arg(1).AsThread(); th != nil {
		return th, 1
	}
	return L, 0
}

// checkLevel reads a level argument as the reference does: an integer
// truncated to a C int.
func checkLevel(L *State, n int) int {
	return int(int32(L.CheckInteger(n)))
}

func dbGetinfo(L *State) int {
	L1, arg := dbThread(L)
	opts := L.OptString(arg+2, "flnSrtu")
	if strings.HasPrefix(opts, ">") {
		L.ArgError(arg+2, "invalid option '>'")
	}
	var ci *callInfo
	var d DebugInfo
	if v := L.Arg(arg + 1); v.IsFunction() {
		funcInfo(v, &d)
	} else {
		ci = L1.levelCI(checkLevel(L, arg+1))
		if ci == nil {
			L.Push(Nil)
			return 1
		}
		d = L1.frameInfo(ci)
	}
	for i := 0; i < len(opts); i++ {
		if !strings.ContainsRune("SlutnrLf", rune(opts[i])) {
			L.ArgError(arg+2, "invalid option")
		}
	}
	t := NewTable(0, 16)
	has := func(c byte) bool { return strings.IndexByte(opts, c) >= 0 }
	if has('S') {
		t.SetStr("source", String(d.Source))
		t.SetStr("short_src", String(d.ShortSrc))
		t.SetStr("linedefined", Int(int64(d.LineDefined)))
		t.SetStr("lastlinedefined", Int(int64(d.LastLineDefined)))
		t.SetStr("what", String(d.What))
	}
	if has('l') {
		t.SetStr("currentline", Int(int64(d.CurrentLine)))
	}
	if has('u') {
		t.SetStr("nups", Int(int64(d.NumUpvalues)))
		t.SetStr("nparams", Int(int64(d.NumParams)))
		t.SetStr("isvararg", Bool(d.IsVararg))
	}
	if has('n') {
		if d.Name != "" {
			t.SetStr("name", String(d.Name))
		}
		t.SetStr("namewhat", String(d.NameWhat))
	}
	if has('r') {
		ft, nt := 0, 0
		if ci != nil {
			ft, nt = ci.ftransfer, ci.ntransfer
		}
		t.SetStr("ftransfer", Int(int64(ft)))
		t.SetStr("ntransfer", Int(int64(nt)))
	}
	if has('t') {
		t.SetStr("istailcall", Bool(d.IsTailCall))
	}
	if has('L') {
		t.SetStr("activelines", activeLines(d.Func))
	}
	if has('f') {
		t.SetStr("func", d.Func)
	}
	L.Push(TableValue(t))
	return 1
}

// activeLines returns the set of lines holding code of a Lua function, nil
// for a Go function. The OP_VARARGPREP that opens a vararg function is
// left out: no line hook ever reports it.
func activeLines(fn Value) Value {
	if fn.t != tagLuaFn {
		return Nil
	}
	p := fn.closure().p.src
	lines := p.Lines()
	t := NewTable(0, len(lines))
	start := 0
	if p.IsVararg {
		start = 1
	}
	for i := start; i < len(lines); i++ {
		t.SetInt(int64(lines[i]), True)
	}
	return TableValue(t)
}

// findLocal locates local n of frame ci of thread L: its name and stack
// slot. Negative n reaches the extra arguments of a vararg function;
// slots without a variable name are "(temporary)" (Lua) or "(C
// temporary)" (Go) while they are inside the frame.
func (L *State) findLocal(ci *callInfo, n int) (string, int) {
	base := ci.fn + 1
	name := ""
	if ci.status&ciLua != 0 {
		if n < 0 {
			p := ci.cl.p
			if p.isVararg && n >= -ci.nextraargs {
				return "(vararg)", ci.fn - ci.nextraargs - (n + 1)
			}
			return "", 0
		}
		name = ci.cl.p.src.LocalName(n, ci.pc-1)
	}
	if name == "" {
		limit := L.top
		if ci != L.ci {
			limit = ci.next.fn
		}
		if limit-base >= n && n > 0 {
			if ci.status&ciLua != 0 {
				name = "(temporary)"
			} else {
				name = "(C temporary)"
			}
		} else {
			return "", 0
		}
	}
	return name, base + n - 1
}

// paramName returns the name of parameter n of a function that need not
// be running: the locals active at its first instruction.
func paramName(fn Value, n int) Value {
	if fn.t != tagLuaFn {
		return Nil
	}
	if name := fn.closure().p.src.LocalName(n, 0); name != "" {
		return String(name)
	}
	return Nil
}

func dbGetlocal(L *State) int {
	L1, arg := dbThread(L)
	nvar := int(int32(L.CheckInteger(arg + 2)))
	if v := L.Arg(arg + 1); v.IsFunction() {
		L.Push(paramName(v, nvar))
		return 1
	}
	ci := L1.levelCI(checkLevel(L, arg+1))
	if ci == nil {
		L.ArgError(arg+1, "level out of range")
	}
	name, idx := L1.findLocal(ci, nvar)
	if name == "" {
		L.Push(Nil)
		return 1
	}
	L.Push(String(name), L1.stack[idx])
	return 2
}

func dbSetlocal(L *State) int {
	L1, arg := dbThread(L)
	level := checkLevel(L, arg+1)
	nvar := int(int32(L.CheckInteger(arg + 2)))
	ci := L1.levelCI(level)
	if ci == nil {
		L.ArgError(arg+1, "level out of range")
	}
	v := L.CheckAny(arg + 3)
	name, idx := L1.findLocal(ci, nvar)
	if name == "" {
		L.Push(Nil)
		return 1
	}
	L1.stack[idx] = v
	L.g.localWrites++
	L.PushString(name)
	return 1
}

// upvalueRef returns the name of upvalue n of fn and a pointer to its
// value; ok is false when there is no such upvalue. Go functions' upvalues
// have empty names, as C functions' do.
func upvalueRef(fn Value, n int) (name string, ref *Value, ok bool) {
	switch fn.t {
	case tagLuaFn:
		cl := fn.closure()
		if n < 1 || n > len(cl.upvals) {
			return "", nil, false
		}
		name = ""
		if n-1 < len(cl.p.upvals) {
			name = cl.p.src.UpvalueName(n - 1)
		}
		if name == "" {
			name = "(no name)"
		}
		return name, cl.upvals[n-1].v, true
	case tagGoFn:
		f := fn.gofn()
		if n < 1 || n > len(f.Upvalues) {
			return "", nil, false
		}
		return "", &f.Upvalues[n-1], true
	}
	return "", nil, false
}

func dbGetupvalue(L *State) int {
	n := int(int32(L.CheckInteger(2)))
	fn := L.CheckType(1, TypeFunction)
	name, ref, ok := upvalueRef(fn, n)
	if !ok {
		return 0
	}
	L.Push(String(name), *ref)
	return 2
}

func dbSetupvalue(L *State) int {
	v := L.CheckAny(3)
	n := int(int32(L.CheckInteger(2)))
	fn := L.CheckType(1, TypeFunction)
	name, ref, ok := upvalueRef(fn, n)
	if !ok {
		return 0
	}
	*ref = v
	L.PushString(name)
	return 1
}

// upvalueKey identifies the variable behind upvalue n of fn (the shared
// upval cell of a Lua closure, the slot of a Go function), or nil.
func upvalueKey(fn Value, n int) unsafe.Pointer {
	switch fn.t {
	case tagLuaFn:
		cl := fn.closure()
		if n >= 1 && n <= len(cl.upvals) {
			return unsafe.Pointer(cl.upvals[n-1])
		}
	case tagGoFn:
		f := fn.gofn()
		if n >= 1 && n <= len(f.Upvalues) {
			return unsafe.Pointer(&f.Upvalues[n-1])
		}
	}
	return nil
}

// checkUpval reads a function and an upvalue index argument, as
// upvalueid and upvaluejoin do; with must set, a bad index is an error.
func checkUpval(L *State, argf, argn int, must bool) (Value, int, unsafe.Pointer) {
	n := int(int32(L.CheckInteger(argn)))
	fn := L.CheckType(argf, TypeFunction)
	key := upvalueKey(fn, n)
	if must && key == nil {
		L.ArgError(argn, "invalid upvalue index")
	}
	return fn, n, key
}

func dbUpvalueid(L *State) int {
	_, _, key := checkUpval(L, 1, 2, false)
	if key == nil {
		L.Push(Nil)
		return 1
	}
	// The reference returns the upvalue's address as a light userdata:
	// equal for closures sharing the upvalue, never collected.
	L.Push(lightUserdata(key))
	return 1
}

func dbUpvaluejoin(L *State) int {
	f1, n1, _ := checkUpval(L, 1, 2, true)
	f2, n2, _ := checkUpval(L, 3, 4, true)
	if f1.t != tagLuaFn {
		L.ArgError(1, "Lua function expected")
	}
	if f2.t != tagLuaFn {
		L.ArgError(3, "Lua function expected")
	}
	f1.closure().upvals[n1-1] = f2.closure().upvals[n2-1]
	return 0
}

// hookKey names the registry table that maps threads to the hook
// functions set by debug.sethook (weak keys), as in the reference.
var hookKey = String("_HOOKKEY")

func dbSethook(L *State) int {
	L1, arg := dbThread(L)
	fn, mask, count := Nil, "", 0
	if !L.Arg(arg + 1).IsNil() {
		mask = L.CheckString(arg + 2)
		fn = L.CheckType(arg+1, TypeFunction)
		count = int(int32(L.OptInteger(arg+3, 0)))
	}
	ht := L.g.registry.getStr(hookKey).AsTable()
	if ht == nil {
		ht = NewTable(0, 2)
		mt := NewTable(0, 1)
		mt.SetStr("__mode", String("k"))
		ht.SetMetatable(mt)
		L.g.registry.Set(hookKey, TableValue(ht))
	}
	ht.Set(ThreadValue(L1), fn)
	L1.SetHook(fn, mask, count)
	return 0
}

func dbGethook(L *State) int {
	L1, _ := dbThread(L)
	fn, mask, count := L1.Hook()
	if L1.hook.mask == 0 {
		L.Push(Nil)
		return 1
	}
	L.Push(fn, String(mask), Int(int64(count)))
	return 3
}

func dbGetmetatable(L *State) int {
	v := L.CheckAny(1)
	if mt := L.metatable(v); mt != nil {
		L.Push(TableValue(mt))
	} else {
		L.Push(Nil)
	}
	return 1
}

func dbSetmetatable(L *State) int {
	mtv := L.Arg(2)
	if mtv.t != tagNil && mtv.t != tagTable {
		L.TypeError(2, "nil or table")
	}
	L.SetTop(2)
	L.SetMetatable(L.Arg(1), mtv.AsTable())
	L.SetTop(1)
	return 1
}

func dbGetregistry(L *State) int {
	L.Push(TableValue(L.g.registry))
	return 1
}

func dbGetuservalue(L *State) int {
	n := int(int32(L.OptInteger(2, 1)))
	u := L.Arg(1).AsUserdata()
	if u == nil {
		L.Push(Nil)
		return 1
	}
	v, ok := u.UserValue(n)
	if !ok {
		L.Push(Nil)
		return 1
	}
	L.Push(v, True)
	return 2
}

func dbSetuservalue(L *State) int {
	n := int(int32(L.OptInteger(3, 1)))
	L.CheckType(1, TypeUserdata)
	v := L.CheckAny(2)
	if !L.Arg(1).AsUserdata().SetUserValue(n, v) {
		L.Push(Nil)
		return 1
	}
	L.SetTop(1)
	return 1
}

// dbSetcstacklimit is kept for compatibility: 5.4.4 ignores the limit and
// answers the fixed C-call limit.
func dbSetcstacklimit(L *State) int {
	L.CheckInteger(1)
	L.Push(Int(maxCcalls))
	return 1
}

func dbTraceback(L *State) int {
	L1, arg := dbThread(L)
	msgv := L.Arg(arg + 1)
	msg, hasMsg := "", false
	switch msgv.t {
	case tagString:
		msg, hasMsg = msgv.AsString(), true
	case tagInt, tagFloat:
		msg, hasMsg = numberToString(msgv).AsString(), true
	case tagNil:
	default:
		// A non-string message is returned untouched, so that
		// debug.traceback can be a message handler for any error value.
		L.Push(msgv)
		return 1
	}
	def := int64(0)
	if L1 == L {
		def = 1
	}
	level := int(int32(L.OptInteger(arg+2, def)))
	tb := L1.Traceback(msg, level)
	if hasMsg && msg == "" {
		tb = "\n" + tb
	}
	L.PushString(tb)
	return 1
}

// dbDebug is an interactive prompt on the standard streams: each line is
// run as a chunk until a line reads "cont" (or input ends). Lines are read
// a byte at a time so that nothing past the line is taken from stdin.
func dbDebug(L *State) int {
	for {
		io.WriteString(L.g.stderr, "lua_debug> ")
		line, ok := readDebugLine(L.g.stdin)
		if !ok || line == "cont\n" {
			return 0
		}
		fn, err := L.Load(line, "=(debug command)", "bt")
		if err == nil {
			base := L.top
			L.Push(fn)
			if L.pcall(base, 0, 0) != StatusOK {
				io.WriteString(L.g.stderr, L.ToString(L.stack[base])+"\n")
			}
			L.top = base
			continue
		}
		io.WriteString(L.g.stderr, err.Error()+"\n")
	}
}

// readDebugLine reads one line like fgets with a 250-byte buffer: at most
// 249 bytes, keeping the newline.
func readDebugLine(r io.Reader) (string, bool) {
	var b []byte
	var c [1]byte
	for len(b) < 249 {
		n, err := r.Read(c[:])
		if n == 1 {
			b = append(b, c[0])
			if c[0] == '\n' {
				break
			}
			continue
		}
		if err != nil {
			break
		}
	}
	return string(b), len(b) > 0
}
