package runtime

import (
	"fmt"
	"strings"
)

// OpenBase installs the base library into the global table.
func OpenBase(L *State) {
	G := L.Globals()
	G.SetName("_G", TableValue(G))
	G.SetStr("_VERSION", String("Lua 5.4"))
	for _, f := range []struct {
		name string
		fn   func(*State) int
	}{
		{"assert", baseAssert},
		{"collectgarbage", baseCollectGarbage},
		{"dofile", baseDofile},
		{"error", baseError},
		{"getmetatable", baseGetmetatable},
		{"ipairs", baseIpairs},
		{"load", baseLoad},
		{"loadfile", baseLoadfile},
		{"next", nil},
		{"pairs", basePairs},
		{"pcall", basePcall},
		{"print", basePrint},
		{"rawequal", baseRawequal},
		{"rawget", baseRawget},
		{"rawlen", baseRawlen},
		{"rawset", baseRawset},
		{"select", baseSelect},
		{"tonumber", baseTonumber},
		{"tostring", baseTostring},
		{"type", baseType},
		{"warn", baseWarn},
		{"xpcall", baseXpcall},
	} {
		if f.fn == nil {
			continue
		}
		G.SetName(f.name, NewFunction(f.name, f.fn))
	}
	G.GetStr("type").gofn().Fast = fastType
	G.GetStr("select").gofn().Fast = fastSelect
	G.GetStr("tonumber").gofn().Fast = fastTonumber
	// pairs returns this same function, so pairs(t) == next holds.
	G.SetName("next", nextFunction)
	G.SetName("setmetatable", FunctionValue(setmetatableFunction))
	L.g.loaded.SetStr("_G", TableValue(G))
}

func baseAssert(L *State) int {
	if L.Arg(1).Truthy() {
		return L.Top()
	}
	// Like the reference, a failed assert is error(message), so string
	// messages get the caller's position.
	L.CheckAny(1)
	L.Remove(1)
	L.PushString("assertion failed!")
	L.SetTop(1)
	return baseError(L)
}

func baseError(L *State) int {
	level := L.OptInteger(2, 1)
	L.SetTop(1)
	v := L.Arg(1)
	if v.t == tagString && level > 0 {
		v = String(L.Where(int(level)) + v.AsString())
	}
	L.throw(v)
	return 0
}

func baseGetmetatable(L *State) int {
	L.CheckAny(1)
	mt := L.metatable(L.Arg(1))
	if mt == nil {
		L.Push(Nil)
		return 1
	}
	if p := mt.getStr(metatableKey); p.t != tagNil {
		L.Push(p)
		return 1
	}
	L.Push(TableValue(mt))
	return 1
}

// setmetatableFunction is the one setmetatable of every State: the
// dispatch loop recognises it to run the common case of `return
// setmetatable(o, mt)` without a call (setmetatableFast), and its Fast
// path does the same for other calls. Its Fn is set by init, since the loop refers to
// the variable and baseSetmetatable, through the error paths, to the
// loop.
var setmetatableFunction = &GoFunction{Name: "setmetatable"}

func init() {
	setmetatableFunction.Fn = baseSetmetatable
	setmetatableFunction.Fast = fastSetmetatable
}

// fastSetmetatable is setmetatable's frameless path (GoFunction.Fast):
// setmetatable(t, mt) returns t when setmetatableFast did the call.
func fastSetmetatable(args []Value) (Value, bool) {
	if len(args) != 2 || !setmetatableFast(args) {
		return Nil, false
	}
	return args[0], true
}

// setmetatableFast is setmetatable(t, mt) for the dispatch loop, whose
// arguments are args, when the call can neither fail nor have an effect
// beyond the metatable: t is a table without a metatable (so none can be
// protected), mt a table known to have neither __gc nor __mode (so no
// finaliser or weak table to register; baseSetmetatable's fastTM calls
// record their absence). It reports whether it did the call; if not, the
// loop makes the call.
func setmetatableFast(args []Value) bool {
	t, mt := args[0], args[1]
	if t.t != tagTable || mt.t != tagTable {
		return false
	}
	tt, m := t.table(), mt.table()
	const absent = 1<<tmGC | 1<<tmMode
	if tt.meta != nil || m.tmAbsent&absent != absent {
		return false
	}
	tt.meta = m
	tt.uncache()
	return true
}

func baseSetmetatable(L *State) int {
	t := L.CheckTable(1)
	mtv := L.Arg(2)
	if L.NoValue(2) || mtv.t != tagNil && mtv.t != tagTable {
		L.TypeError(2, "nil or table")
	}
	if t.meta != nil && t.meta.getStr(metatableKey).t != tagNil {
		L.Errorf("cannot change a protected metatable")
	}
	t.SetMetatable(mtv.AsTable())
	L.checkFinalizer(TableValue(t), mtv.AsTable())
	L.SetTop(1)
	return 1
}

func ipairsAux(L *State) int {
	i := L.CheckInteger(2) + 1
	v := L.Index(L.Arg(1), Int(i))
	L.Push(Int(i), v)
	if v.t == tagNil {
		return 1 // the nil on the top ends the loop
	}
	return 2
}

var ipairsIter = NewFunction("ipairs_aux", ipairsAux)

func baseIpairs(L *State) int {
	L.CheckAny(1)
	L.Push(ipairsIter, L.Arg(1), Int(0))
	return 3
}

func baseNext(L *State) int {
	t := L.CheckTable(1)
	k, v, ok := t.Next(L.Arg(2))
	if !ok {
		L.runError("invalid key to 'next'")
	}
	if k.t == tagNil {
		L.Push(Nil)
		return 1
	}
	L.Push(k, v)
	return 2
}

// nextFunction is next's value; see nextGoFunction (vm_slow.go).
var nextFunction = FunctionValue(nextGoFunction)

func basePairs(L *State) int {
	L.CheckAny(1)
	t := L.Arg(1)
	if tm := L.metaField(t, pairsKey); tm.t != tagNil {
		// __pairs may yield, as lua_callk with pairscont lets it.
		L.Push(tm, t)
		L.CallK(1, 3, 0, pairsCont)
		return 3
	}
	L.Push(nextFunction, t, Nil)
	return 3
}

// pairsCont finishes pairs after __pairs yielded: its three results are
// on the top.
func pairsCont(L *State, status Status, ctx int) int { return 3 }

func finishPcall(L *State, status Status, extra int) int {
	if status != StatusOK && status != StatusYield {
		L.Push(False, L.Get(-1))
		return 2
	}
	return L.Top() - extra
}

func basePcall(L *State) int {
	L.CheckAny(1)
	L.Push(True)
	L.Insert(1)
	st := L.PCallK(L.Top()-2, -1, 0, 0, finishPcall)
	return finishPcall(L, st, 0)
}

func baseXpcall(L *State) int {
	n := L.Top()
	L.CheckType(2, TypeFunction)
	// [f, msgh, args...] -> [f, msgh, true, f, args...]
	L.Push(True, L.Arg(1))
	L.rotate(3, 2)
	st := L.PCallK(n-2, -1, 2, 2, finishPcall)
	return finishPcall(L, st, 2)
}

// rotate rotates the values from idx to the top n positions towards the
// top (lua_rotate).
func (L *State) rotate(idx, n int) {
	start := L.absIndex(idx)
	end := L.top - 1
	s := L.stack
	reverse := func(a, b int) {
		for ; a < b; a, b = a+1, b-1 {
			s[a], s[b] = s[b], s[a]
		}
	}
	m := end - n
	if n < 0 {
		m = start - n - 1
	}
	reverse(start, m)
	reverse(m+1, end)
	reverse(start, end)
}

func basePrint(L *State) int {
	n := L.Top()
	var b []byte
	for i := 1; i <= n; i++ {
		if i > 1 {
			b = append(b, '\t')
		}
		v := L.Arg(i)
		switch v.t {
		case tagString:
			b = append(b, v.AsString()...)
		case tagInt, tagFloat:
			b = appendNumber(b, v)
		default:
			b = append(b, L.tostring(v).AsString()...)
		}
	}
	b = append(b, '\n')
	L.g.stdout.Write(b)
	// lua_writeline flushes after each print: a reader of a pipe (a
	// parent waiting for a line) sees it at once, even while the
	// script runs on.
	if f, ok := L.g.stdout.(interface{ Flush() error }); ok {
		f.Flush()
	}
	return 0
}

func baseRawequal(L *State) int {
	L.CheckAny(1)
	L.CheckAny(2)
	L.Push(Bool(RawEqual(L.Arg(1), L.Arg(2))))
	return 1
}

func baseRawlen(L *State) int {
	v := L.Arg(1)
	switch v.t {
	case tagTable:
		L.Push(Int(v.table().Len()))
	case tagString:
		L.Push(Int(int64(v.n)))
	default:
		L.TypeError(1, "table or string")
	}
	return 1
}

func baseRawget(L *State) int {
	t := L.CheckTable(1)
	L.CheckAny(2)
	L.Push(t.Get(L.Arg(2)))
	return 1
}

func baseRawset(L *State) int {
	t := L.CheckTable(1)
	L.CheckAny(2)
	L.CheckAny(3)
	L.rawSet(t, L.Arg(2), L.Arg(3))
	L.SetTop(1)
	return 1
}

func baseSelect(L *State) int {
	n := L.Top()
	if v := L.Arg(1); v.t == tagString && strings.HasPrefix(v.AsString(), "#") {
		L.Push(Int(int64(n - 1)))
		return 1
	}
	i := L.CheckInteger(1)
	if i < 0 {
		i = int64(n) + i
	} else if i > int64(n) {
		i = int64(n)
	}
	if i < 1 {
		L.ArgError(1, "index out of range")
	}
	return n - int(i)
}

func baseTonumber(L *State) int {
	if L.Arg(2).IsNil() {
		v := L.Arg(1)
		switch v.t {
		case tagInt, tagFloat:
			L.Push(v)
			return 1
		case tagString:
			if n, ok := stringToNumber(v.AsString()); ok {
				L.Push(n)
				return 1
			}
		default:
			L.CheckAny(1)
		}
		L.Push(Nil)
		return 1
	}
	base := L.CheckInteger(2)
	L.CheckType(1, TypeString)
	s := L.Arg(1).AsString()
	if base < 2 || base > 36 {
		L.ArgError(2, "base out of range")
	}
	if n, ok := parseIntBase(s, int(base)); ok {
		L.Push(Int(n))
		return 1
	}
	L.Push(Nil)
	return 1
}

// parseIntBase converts an integer numeral in the given base, with
// optional surrounding spaces and a sign ('-' or '+', as luaL_str2int
// in lbaselib.c takes); it wraps around on overflow like the reference.
func parseIntBase(s string, base int) (int64, bool) {
	isSpace := func(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	} else if i < len(s) && s[i] == '+' {
		i++
	}
	if i >= len(s) {
		return 0, false
	}
	var n uint64
	digits := 0
digitLoop:
	for ; i < len(s); i++ {
		c := s[i]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'z':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int(c-'A') + 10
		default:
			d = 99
		}
		if d >= base {
			break digitLoop
		}
		n = n*uint64(base) + uint64(d)
		digits++
	}
	if digits == 0 {
		return 0, false
	}
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i != len(s) {
		return 0, false
	}
	if neg {
		n = -n
	}
	return int64(n), true
}

func baseTostring(L *State) int {
	L.CheckAny(1)
	L.Push(L.tostring(L.Arg(1)))
	return 1
}

func baseType(L *State) int {
	L.CheckAny(1)
	L.PushString(L.Arg(1).TypeName())
	return 1
}

// typeNameValues are typeNames as values, hashed once.
var typeNameValues = func() (v [len(typeNames)]Value) {
	for i, n := range typeNames {
		v[i] = String(n)
	}
	return
}()

// fastSelect is select('#', ...) (GoFunction.Fast).
func fastSelect(args []Value) (Value, bool) {
	if len(args) == 0 || args[0].t != tagString || !strings.HasPrefix(args[0].AsString(), "#") {
		return Nil, false
	}
	return Int(int64(len(args) - 1)), true
}

// fastTonumber is tonumber(v) of a number or of a string that converts
// (GoFunction.Fast).
func fastTonumber(args []Value) (Value, bool) {
	if len(args) == 0 || len(args) > 1 && args[1].t != tagNil {
		return Nil, false
	}
	switch v := args[0]; v.t {
	case tagInt, tagFloat:
		return v, true
	case tagString:
		return stringToNumber(v.AsString())
	}
	return Nil, false
}

// fastType is type's frameless path (GoFunction.Fast).
func fastType(args []Value) (Value, bool) {
	if len(args) == 0 {
		return Nil, false
	}
	return typeNameValues[tagTypes[args[0].t]], true
}

// baseCollectGarbage is in gc.go.

func baseWarn(L *State) int {
	n := L.Top()
	L.CheckString(1)
	for i := 2; i <= n; i++ {
		L.CheckString(i)
	}
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(L.Arg(i).AsString())
	}
	L.Warn(b.String(), n == 1)
	return 0
}

// Warn emits a warning the way lua_warning does; a single-piece message
// starting with '@' is a control message ("@on", "@off").
func (L *State) Warn(msg string, control bool) {
	g := L.g
	if control && strings.HasPrefix(msg, "@") {
		switch msg {
		case "@on":
			g.warnOn = true
		case "@off":
			g.warnOn = false
		}
		return
	}
	if !g.warnOn {
		return
	}
	fmt.Fprintf(g.stderr, "Lua warning: %s\n", msg)
}

// EnableWarnings turns warnings on, like the standalone's -W option.
func (L *State) EnableWarnings(on bool) { L.g.warnOn = on }

func loadMode(L *State, n int) string { return L.OptString(n, "bt") }

func baseLoad(L *State) int {
	chunk := L.Arg(1)
	mode := loadMode(L, 3)
	hasEnv := !L.NoValue(4)
	var src string
	var name string
	if chunk.IsNumber() {
		chunk = numberToString(chunk)
	}
	if chunk.t == tagString {
		src = chunk.AsString()
		name = L.OptString(2, src)
	} else {
		name = L.OptString(2, "=(load)")
		L.CheckType(1, TypeFunction)
		// Errors in the reader, or a piece that is not a string, make load
		// fail (return nil, message) instead of propagating.
		var b strings.Builder
		_, err := L.protected(func() {
			for {
				piece := L.Call1(chunk)
				if piece.t == tagNil {
					break
				}
				if piece.IsNumber() {
					piece = numberToString(piece)
				}
				if piece.t != tagString {
					L.runError("reader function must return a string")
				}
				if piece.n == 0 {
					break
				}
				L.ChargeAlloc(int(piece.n)) // a reader that never ends meets the memory limit
				b.WriteString(piece.AsString())
			}
		})
		if err != nil {
			// An interruption is not the reader's error to report: it
			// goes on up, as it would at the next tick.
			L.CheckInterruptNow()
			L.Push(Nil, err.(*Error).Value)
			return 2
		}
		src = b.String()
	}
	fn, err := L.Load(src, name, mode)
	if err != nil {
		L.CheckInterruptNow() // an interruption goes on up
		L.Push(Nil, String(err.Error()))
		return 2
	}
	if hasEnv {
		fn.closure().setEnv(L.Arg(4))
	}
	L.Push(fn)
	return 1
}

func baseLoadfile(L *State) int {
	name := L.OptString(1, "")
	mode := loadMode(L, 2)
	hasEnv := !L.NoValue(3)
	fn, err := L.LoadFile(name, mode)
	if err != nil {
		L.Push(Nil, String(err.Error()))
		return 2
	}
	if hasEnv {
		fn.closure().setEnv(L.Arg(3))
	}
	L.Push(fn)
	return 1
}

func dofileCont(L *State, status Status, ctx int) int {
	return L.Top() - 1
}

func baseDofile(L *State) int {
	name := L.OptString(1, "")
	L.SetTop(1)
	fn, err := L.LoadFile(name, "bt")
	if err != nil {
		L.throw(String(err.Error()))
	}
	L.Push(fn)
	L.CallK(0, -1, 0, dofileCont)
	return dofileCont(L, StatusOK, 0)
}
