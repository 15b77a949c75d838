package runtime

import (
	"fmt"
	"unsafe"

	"panto/internal/luanum"
)

// The Go API. Inside a Go function, the stack holds the arguments at
// indexes 1..L.Top(); negative indexes count from the top. Functions named
// Check* raise Lua errors with the reference's messages ("bad argument #1
// to 'f' (number expected, got nil)"), so Go libraries read like Lua's C
// libraries.

// Top returns the number of values in the running Go function's frame.
func (L *State) Top() int { return L.top - L.ci.fn - 1 }

// SetTop sets the number of values in the frame, filling with nil or
// dropping values.
func (L *State) SetTop(n int) {
	base := L.ci.fn + 1
	if n < 0 {
		n = L.top - base + n + 1
	}
	L.ensureStack(base + n)
	for L.top < base+n {
		L.stack[L.top] = Nil
		L.top++
	}
	L.top = base + n
}

// absIndex turns a relative index into a stack slot.
func (L *State) absIndex(idx int) int {
	if idx > 0 {
		return L.ci.fn + idx
	}
	return L.top + idx
}

// Get returns the value at a stack index, or nil beyond the top.
func (L *State) Get(idx int) Value {
	i := L.absIndex(idx)
	if i <= L.ci.fn || i >= L.top {
		return Nil
	}
	return L.stack[i]
}

// Arg returns argument n (1-based) of the running Go function, nil when
// absent.
func (L *State) Arg(n int) Value { return L.Get(n) }

// Replace stores v at a stack index.
func (L *State) Replace(idx int, v Value) { L.stack[L.absIndex(idx)] = v }

// Push pushes values.
func (L *State) Push(vs ...Value) {
	for _, v := range vs {
		L.push(v)
	}
}

// Push2 pushes two values (a library function's two results), without
// Push's slice and loop.
func (L *State) Push2(a, b Value) {
	if L.top+2 > len(L.stack) {
		L.growStack(L.top + 2)
	}
	// Below len(L.stack) now: addressed without bounds checks.
	s := (*[2]Value)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(L.stack)), uintptr(L.top)*valueSize))
	s[0], s[1] = a, b
	L.top += 2
}

// Args returns the running Go function's arguments, argument n at index
// n-1. The slice is the stack's own storage: it is for reading the
// arguments at the start of a call, and is stale after anything that can
// grow the stack (a push, a call).
func (L *State) Args() []Value { return L.stack[L.ci.fn+1 : L.top] }

// PushString pushes a string.
func (L *State) PushString(s string) { L.push(String(s)) }

// Pop removes n values from the top.
func (L *State) Pop(n int) { L.top -= n }

// Insert moves the top value to position idx, shifting the others up.
func (L *State) Insert(idx int) {
	i := L.absIndex(idx)
	v := L.stack[L.top-1]
	copy(L.stack[i+1:L.top], L.stack[i:L.top-1])
	L.stack[i] = v
}

// Remove removes the value at idx, shifting the ones above down.
func (L *State) Remove(idx int) {
	i := L.absIndex(idx)
	copy(L.stack[i:], L.stack[i+1:L.top])
	L.top--
}

// NoValue reports whether argument n is absent (not even nil).
func (L *State) NoValue(n int) bool { return L.ci.fn+n >= L.top }

// CheckStack makes room for n more values.
func (L *State) CheckStack(n int) { L.checkStack(n) }

// TryCheckStack makes room for n more values above the top, like
// lua_checkstack: it reports false, instead of raising "stack overflow",
// when they would not fit under the thread's stack limit. Libraries use it
// to turn a request for too many results into their own message
// ("too many results to unpack", "string slice too long").
//
// Like the reference it counts extraStack slots of slack over the values
// in use, so that a request the reference refuses is refused here too
// (a coroutine's results are moved only when they fit this way).
func (L *State) TryCheckStack(n int) bool {
	if n < 0 || n > maxStack || L.top+extraStack > maxStack-n {
		return false
	}
	L.ensureStack(L.top + n)
	return true
}

// extraStack is the reference's EXTRA_STACK: the slots lua_checkstack
// counts as in use beyond the top.
const extraStack = 5

// ---------------------------------------------------------------------------
// Argument checking

// currentFuncName returns the name the reference would use for the running
// Go function in an argument error, and whether it was called as a method.
func (L *State) currentFuncName() (string, bool) {
	ci := L.ci
	kind, name := L.funcName(ci)
	if kind == "method" {
		return name, true
	}
	if name == "" {
		if n, ok := L.globalFuncName(L.stack[ci.fn]); ok {
			return n, false
		}
		return "?", false
	}
	return name, false
}

// ArgError raises "bad argument #n to 'f' (msg)".
func (L *State) ArgError(n int, msg string) {
	name, method := L.currentFuncName()
	if method {
		n--
		if n == 0 {
			L.Errorf("calling '%s' on bad self (%s)", name, msg)
		}
	}
	L.Errorf("bad argument #%d to '%s' (%s)", n, name, msg)
}

// TypeName returns the type name of argument n for messages: "no value"
// when absent, else the __name or basic type name.
func (L *State) argTypeName(n int) string {
	if L.NoValue(n) {
		return "no value"
	}
	// As luaL_typeerror: __name from any value's metatable, then "light
	// userdata" for what type() calls userdata too.
	v := L.Arg(n)
	if mt := L.metatable(v); mt != nil {
		if name := mt.getStr(nameKey); name.t == tagString {
			return name.AsString()
		}
	}
	if v.t == tagLightUserdata {
		return "light userdata"
	}
	return v.TypeName()
}

// TypeError raises "bad argument #n to 'f' (expected expected, got type)".
func (L *State) TypeError(n int, expected string) {
	L.ArgError(n, fmt.Sprintf("%s expected, got %s", expected, L.argTypeName(n)))
}

// CheckAny raises an error when argument n is absent.
func (L *State) CheckAny(n int) Value {
	if L.NoValue(n) {
		L.ArgError(n, "value expected")
	}
	return L.Arg(n)
}

// CheckType raises an error unless argument n has type t.
func (L *State) CheckType(n int, t Type) Value {
	v := L.Arg(n)
	if L.NoValue(n) || v.Type() != t {
		L.TypeError(n, t.String())
	}
	return v
}

// CheckTable returns argument n as a table.
func (L *State) CheckTable(n int) *Table {
	return L.CheckType(n, TypeTable).table()
}

// CheckInteger returns argument n as an integer, converting floats with an
// integer value and numeric strings.
func (L *State) CheckInteger(n int) int64 {
	// An integer argument is read in place (see CheckString).
	if i := L.ci.fn + n; n > 0 && i < L.top {
		if v := &L.stack[i]; v.t == tagInt {
			return int64(v.n)
		}
	}
	return L.checkIntegerSlow(n)
}

// checkIntegerSlow is CheckInteger for an argument that is not an
// integer in place: a float or string that converts, or an error.
func (L *State) checkIntegerSlow(n int) int64 {
	v := L.Arg(n)
	if v.t == tagInt {
		return int64(v.n)
	}
	if i, ok := v.ToInteger(); ok {
		return i
	}
	if _, ok := v.ToNumber(); ok {
		L.ArgError(n, "number has no integer representation")
	}
	L.TypeError(n, "number")
	return 0
}

// OptInteger returns argument n as an integer, or def when it is nil or
// absent.
func (L *State) OptInteger(n int, def int64) int64 {
	if i := L.ci.fn + n; n > 0 {
		if i >= L.top {
			return def
		}
		switch v := &L.stack[i]; v.t {
		case tagInt:
			return int64(v.n)
		case tagNil:
			return def
		}
		return L.checkIntegerSlow(n)
	}
	if L.Arg(n).IsNil() {
		return def
	}
	return L.CheckInteger(n)
}

// CheckNumber returns argument n as a float (integers and numeric strings
// convert).
func (L *State) CheckNumber(n int) float64 {
	f, ok := L.Arg(n).ToNumber()
	if !ok {
		L.TypeError(n, "number")
	}
	return f
}

// CheckNumberValue returns argument n as a number value, keeping its
// integer or float subtype (strings convert).
func (L *State) CheckNumberValue(n int) Value {
	v, ok := toNumeric(L.Arg(n))
	if !ok {
		L.TypeError(n, "number")
	}
	return v
}

// OptNumber returns argument n as a float, or def.
func (L *State) OptNumber(n int, def float64) float64 {
	if L.Arg(n).IsNil() {
		return def
	}
	return L.CheckNumber(n)
}

// CheckString returns argument n as a string; numbers are converted (and
// the argument slot replaced by the string, as lua_tolstring does).
func (L *State) CheckString(n int) string {
	// A string argument is the common case (the string library's every
	// call): read its slot in place, without Arg's copy of the Value
	// and its negative-index case.
	if i := L.ci.fn + n; n > 0 && i < L.top {
		if v := &L.stack[i]; v.t == tagString {
			return v.AsString()
		}
	}
	return L.checkStringSlow(n)
}

// checkStringSlow is CheckString for an argument that is not a string
// in place: a number, or an error.
func (L *State) checkStringSlow(n int) string {
	v := L.Arg(n)
	switch v.t {
	case tagString:
		return v.AsString()
	case tagInt, tagFloat:
		s := numberToString(v)
		L.stack[L.absIndex(n)] = s
		return s.AsString()
	}
	L.TypeError(n, "string")
	return ""
}

// OptString returns argument n as a string, or def when nil or absent.
func (L *State) OptString(n int, def string) string {
	if L.Arg(n).IsNil() {
		return def
	}
	return L.CheckString(n)
}

// CheckOption returns the index of argument n in options (def when absent),
// raising "invalid option" otherwise.
func (L *State) CheckOption(n int, def string, options []string) int {
	var s string
	if def != "" && L.Arg(n).IsNil() {
		s = def
	} else {
		s = L.CheckString(n)
	}
	for i, o := range options {
		if o == s {
			return i
		}
	}
	L.ArgError(n, fmt.Sprintf("invalid option '%s'", s))
	return -1
}

// ToString converts v as tostring does (with __tostring and __name).
func (L *State) ToString(v Value) string {
	return L.tostring(v).AsString()
}

// tostring implements luaL_tolstring.
func (L *State) tostring(v Value) Value {
	if tm := L.metaField(v, tostringKey); tm.t != tagNil {
		r := L.callMetaRes(tm, v, Nil)
		if r.t != tagString {
			if r.IsNumber() {
				return numberToString(r)
			}
			L.Errorf("'__tostring' must return a string")
		}
		return r
	}
	switch v.t {
	case tagNil:
		return String("nil")
	case tagTrue:
		return String("true")
	case tagFalse:
		return String("false")
	case tagInt, tagFloat:
		return numberToString(v)
	case tagString:
		return v
	}
	name := v.TypeName()
	if mt := L.metatable(v); mt != nil {
		if n := mt.getStr(String("__name")); n.t == tagString {
			name = n.AsString()
		}
	}
	return String(fmt.Sprintf("%s: %p", name, v.p))
}

var (
	tostringKey  = String("__tostring")
	nameKey      = String("__name")
	metatableKey = String("__metatable")
	pairsKey     = String("__pairs")
)

// metaField returns field key of v's metatable (raw), or nil. It serves
// the metafields that are not operator events: __tostring, __name,
// __metatable, __pairs.
func (L *State) metaField(v Value, key Value) Value {
	if mt := L.metatable(v); mt != nil {
		return mt.getStr(key)
	}
	return Nil
}

// ---------------------------------------------------------------------------
// Operations with metamethods, for Go code

// Index returns obj[key] with metamethods.
func (L *State) Index(obj, key Value) Value {
	if obj.t == tagTable {
		if v := obj.table().Get(key); v.t != tagNil || obj.table().meta == nil {
			return v
		}
	}
	return L.finishGet(obj, key)
}

// SetIndex performs obj[key] = val with metamethods.
func (L *State) SetIndex(obj, key, val Value) {
	if obj.t == tagTable && obj.table().meta == nil {
		L.rawSet(obj.table(), key, val)
		return
	}
	L.finishSet(obj, key, val)
}

// Equal compares with __eq.
func (L *State) Equal(a, b Value) bool { return L.equalObj(a, b) }

// LessThan compares with __lt.
func (L *State) LessThan(a, b Value) bool { return L.lessThan(a, b) }

// Len returns #v with __len.
func (L *State) Len(v Value) Value { return L.objLen(v) }

// Arith applies an arithmetic operator ("+", "-", "*", "/", "%", "^",
// "//", "&", "|", "~", "<<", ">>", "unm", "bnot") with metamethods.
func (L *State) Arith(op string, a, b Value) Value {
	ops := map[string]arithOp{"+": arithAdd, "-": arithSub, "*": arithMul, "%": arithMod,
		"^": arithPow, "/": arithDiv, "//": arithIDiv, "&": arithBand, "|": arithBor,
		"~": arithBxor, "<<": arithShl, ">>": arithShr, "unm": arithUnm, "bnot": arithBnot}
	o, ok := ops[op]
	if !ok {
		panic("runtime.Arith: unknown operator " + op)
	}
	if v, ok := arithFast(o, a, b); ok && o < arithBand {
		return v
	}
	return L.arithSlow(o, a, b)
}

// Concat concatenates values with __concat.
func (L *State) Concat(vs ...Value) Value {
	if len(vs) == 0 {
		return String("")
	}
	base := L.top
	L.ensureStack(base + len(vs))
	copy(L.stack[base:], vs)
	L.top = base + len(vs)
	L.concat(len(vs))
	L.top = base
	return L.stack[base]
}

// Metatable returns the metatable of v.
func (L *State) Metatable(v Value) *Table { return L.metatable(v) }

// SetTypeMetatable sets the metatable shared by all values of v's type
// (strings, numbers...), as debug.setmetatable does.
func (L *State) SetTypeMetatable(v Value, mt *Table) {
	switch v.t {
	case tagFalse, tagTrue:
		L.g.typeMeta[tagFalse], L.g.typeMeta[tagTrue] = mt, mt
	case tagInt, tagFloat:
		L.g.typeMeta[tagInt], L.g.typeMeta[tagFloat] = mt, mt
	case tagLuaFn, tagGoFn:
		L.g.typeMeta[tagLuaFn], L.g.typeMeta[tagGoFn] = mt, mt
	default:
		L.g.typeMeta[v.t] = mt
	}
}

// GetGlobal returns _G[name] (raw).
func (L *State) GetGlobal(name string) Value { return L.Globals().GetStr(name) }

// SetGlobal stores _G[name] = v (raw). The name is interned for good
// (see Table.SetName): globals are a bounded set of names.
func (L *State) SetGlobal(name string, v Value) { L.Globals().SetName(name, v) }

// Register sets a global Go function.
func (L *State) Register(name string, fn func(L *State) int) {
	L.SetGlobal(name, NewFunction(name, fn))
}

// ---------------------------------------------------------------------------
// Calls

// Call calls fn with args from inside a Go function, returning all
// results. Errors propagate as Lua errors. The call cannot be yielded
// across.
func (L *State) Call(fn Value, args ...Value) []Value {
	base := L.top
	L.ensureStack(base + 1 + len(args))
	L.stack[base] = fn
	copy(L.stack[base+1:], args)
	L.top = base + 1 + len(args)
	L.callNoYield(base, -1)
	res := make([]Value, L.top-base)
	copy(res, L.stack[base:L.top])
	L.top = base
	return res
}

// Call1 calls fn and returns its first result.
func (L *State) Call1(fn Value, args ...Value) Value {
	base := L.top
	L.ensureStack(base + 1 + len(args))
	s := L.stack
	s[base] = fn
	// One by one: for the one or two arguments of a callback (sort's
	// comparator), copy's call to typedslicecopy costs more than the
	// copies themselves.
	for i, v := range args {
		s[base+1+i] = v
	}
	L.top = base + 1 + len(args)
	L.callNoYieldDirect(base, 1)
	L.top = base
	return L.stack[base]
}

// Call2 is Call1 with two arguments, for a callback called many times
// (sort's comparator): no argument slice, and a Lua callee's frame
// pushed by call2 (native_call.go) right after its arguments.
func (L *State) Call2(fn, a, b Value) Value { return L.call2(fn, a, b) }

// CallStack calls the function below the top nargs values, leaving
// nresults results (all when -1), like lua_call.
func (L *State) CallStack(nargs, nresults int) {
	L.callNoYieldDirect(L.top-nargs-1, nresults)
}

// CallK is CallStack that may be yielded across: when the callee yields,
// the running Go function is abandoned and k runs on resume instead.
func (L *State) CallK(nargs, nresults, ctx int, k Continuation) {
	if k == nil || L.nny > 0 {
		L.CallStack(nargs, nresults)
		return
	}
	ci := L.ci
	ci.k = k
	ci.ctx = ctx
	L.call(L.top-nargs-1, nresults)
}

// PCallStack is lua_pcall: on error the error value (after the message
// handler at stack index msgh, 0 for none) replaces the function.
func (L *State) PCallStack(nargs, nresults, msgh int) Status {
	fn := L.top - nargs - 1
	ef := 0
	if msgh != 0 {
		ef = L.absIndex(msgh)
	}
	return L.pcall(fn, nresults, ef)
}

// PCallK is lua_pcallk: a protected call that may be yielded across inside
// coroutines; after a yield or an error recovered on resume, k finishes the
// Go function.
func (L *State) PCallK(nargs, nresults, msgh, ctx int, k Continuation) Status {
	fn := L.top - nargs - 1
	ef := 0
	if msgh != 0 {
		ef = L.absIndex(msgh)
	}
	if k == nil || L.nny > 0 {
		return L.pcall(fn, nresults, ef)
	}
	ci := L.ci
	ci.k = k
	ci.ctx = ctx
	ci.pfn = fn
	ci.oldErrfunc = L.errfunc
	L.errfunc = ef
	ci.status |= ciYPcall
	L.call(fn, nresults)
	ci.status &^= ciYPcall
	L.errfunc = ci.oldErrfunc
	return StatusOK
}

// PCall calls fn from the host, in protected mode. An error comes back as
// *Error: the error value, its message as the standalone interpreter
// prints it, and the traceback of where it was raised.
func (L *State) PCall(fn Value, args ...Value) (results []Value, err error) {
	var rep errorReport
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(yieldUnwind); ok {
				err = &Error{Value: String("attempt to yield from outside a coroutine"), Status: StatusRuntimeError,
					Message: "attempt to yield from outside a coroutine"}
				return
			}
			panic(r)
		}
	}()
	handler := NewFunction("traceback", func(L *State) int {
		v := L.Arg(1)
		rep.recorded = true
		rep.value = v
		rep.message, rep.wantTraceback = L.describeError(v, false)
		if rep.wantTraceback {
			rep.traceback = L.Traceback("", 1)
		}
		L.Push(v)
		return 1
	})
	msgh := L.top
	L.ensureStack(msgh + 2 + len(args))
	L.stack[msgh] = handler
	base := msgh + 1
	L.stack[base] = fn
	copy(L.stack[base+1:], args)
	L.top = base + 1 + len(args)
	st := L.pcall(base, -1, msgh)
	if st != StatusOK {
		v := L.stack[base]
		L.top = msgh
		e := &Error{Value: v, Status: st}
		if rep.recorded && RawEqual(rep.value, v) {
			e.Message, e.Traceback = rep.message, rep.traceback
		} else {
			e.Message, _ = L.describeError(v, true)
		}
		return nil, e
	}
	results = make([]Value, L.top-base)
	copy(results, L.stack[base:L.top])
	L.top = msgh
	return results, nil
}

// errorReport is what PCall's message handler learns where the error is
// raised, before the stack unwinds.
type errorReport struct {
	recorded      bool
	value         Value
	message       string
	traceback     string
	wantTraceback bool
}

// describeError renders an error value the way the standalone interpreter
// does: strings and numbers as they are, objects through __tostring (and
// then without a traceback), others as "(error object is a T value)".
// Inside a message handler (safe false) an error raised by __tostring
// propagates and re-enters the handler, as in the reference.
func (L *State) describeError(v Value, safe bool) (msg string, withTraceback bool) {
	switch v.t {
	case tagString, tagInt, tagFloat:
		return errorObjectString(L, v), true
	}
	if tm := L.metaField(v, tostringKey); tm.t != tagNil {
		var s Value
		var err error
		if safe {
			_, err = L.protected(func() { s = L.Call1(tm, v) })
		} else {
			s = L.Call1(tm, v)
		}
		if err == nil && s.t == tagString {
			return s.AsString(), false
		}
	}
	return fmt.Sprintf("(error object is a %s value)", v.TypeName()), true
}

// MessageHandler is the standalone interpreter's message handler: it
// turns the error value into the message the interpreter prints (with a
// traceback appended unless the value's __tostring gave the message).
var MessageHandler = NewFunction("msghandler", func(L *State) int {
	msg, tb := L.describeError(L.Arg(1), false)
	if tb {
		msg = L.Traceback(msg, 1)
	}
	L.PushString(msg)
	return 1
})

// protected runs f, turning a Lua error into a Go error.
func (L *State) protected(f func()) (st Status, err error) {
	oldCI, oldTop, oldNny, oldCcalls := L.ci, L.top, L.nny, L.nCcalls
	st = L.runProtected(f, func(s Status, v Value) {
		L.ci, L.top, L.nny, L.nCcalls = oldCI, oldTop, oldNny, oldCcalls
		err = &Error{Value: v, Status: s, Message: errorObjectString(L, v)}
	})
	return st, err
}

// FormatNumber formats a number as tostring does.
func FormatNumber(v Value) string {
	if v.t == tagInt {
		return string(luanum.AppendInt(nil, int64(v.n)))
	}
	return luanum.FormatFloat(v.AsFloat())
}
