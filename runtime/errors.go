package runtime

import (
	"fmt"
	"strings"

	bc "panto/bytecode"
	"panto/diag"
)

// luaError is the panic payload of a Lua error in flight. It is recovered
// by protected calls and resumes; any other panic is a bug and is never
// turned into a Lua error.
type luaError struct {
	value  Value
	status Status
}

// yieldUnwind is the panic payload that unwinds Go frames between a yield
// and the resume that started the coroutine.
type yieldUnwind struct{}

// Error is a Lua error returned to Go.
type Error struct {
	// Value is the error value itself (any Lua value).
	Value Value
	// Status tells a runtime error from a syntax error, an error in a
	// message handler, and so on.
	Status Status
	// Message is the value as the standalone interpreter prints it.
	Message string
	// Traceback is the stack at the point of the error ("stack
	// traceback:\n\t..."), when there is one.
	Traceback string
	// Diagnostic is the syntax error behind a failed Load, with its
	// column, which Message (the reference's words) leaves out; nil for
	// every other error. errors.As finds it too.
	Diagnostic *diag.Diagnostic
}

// Error returns the message followed by the traceback, as `lua` prints an
// uncaught error.
func (e *Error) Error() string {
	if e.Traceback == "" {
		return e.Message
	}
	return e.Message + "\n" + e.Traceback
}

// Unwrap returns the Diagnostic of a syntax error, so that callers can
// errors.As a Load error into a *diag.Diagnostic.
func (e *Error) Unwrap() error {
	if e.Diagnostic == nil {
		return nil
	}
	return e.Diagnostic
}

// newError makes an *Error for a message produced on the Go side.
func newError(st Status, msg string) *Error {
	return &Error{Value: String(msg), Status: st, Message: msg}
}

// throw raises v as a Lua error, running the message handler first.
func (L *State) throw(v Value) {
	if L.errfunc != 0 {
		h := L.stack[L.errfunc]
		L.ensureStack(L.top + 2)
		fn := L.top
		L.stack[fn] = h
		L.stack[fn+1] = v
		L.top = fn + 2
		L.nny++
		L.callUnticked(fn, 1)
		L.nny--
		v = L.stack[L.top-1]
		L.top = fn
	}
	panic(&luaError{value: v, status: StatusRuntimeError})
}

// throwStatus raises an error of a given status without the handler.
func (L *State) throwStatus(st Status, v Value) {
	panic(&luaError{value: v, status: st})
}

// Error raises v as a Lua error; it does not return.
func (L *State) Error(v Value) { L.throw(v) }

// runError raises a runtime error with the position of the running Lua
// code prefixed, as the reference's luaG_runerror does.
func (L *State) runError(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if ci := L.ci; ci.status&ciLua != 0 {
		msg = L.chunkLine(ci) + msg
	}
	L.throw(String(msg))
}

// Errorf raises an error with the position of the calling Lua code
// prefixed (luaL_error).
func (L *State) Errorf(format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	L.throw(String(L.Where(1) + msg))
}

// chunkLine returns "chunk:line: " for a Lua frame.
func (L *State) chunkLine(ci *callInfo) string {
	p := ci.cl.p.src
	return fmt.Sprintf("%s:%d: ", shortSource(p.Source), L.currentLine(ci))
}

// Where returns the "chunk:line: " prefix for the function at the given
// stack level (1 is the function that called the running Go function), or
// "" when that function is not Lua code or has no line information.
func (L *State) Where(level int) string {
	ci := L.levelCI(level)
	if ci != nil && ci.status&ciLua != 0 {
		if line := L.currentLine(ci); line > 0 {
			return fmt.Sprintf("%s:%d: ", shortSource(ci.cl.p.src.Source), line)
		}
	}
	return ""
}

// objTypeName is the type name used in messages: __name from the
// metatable when it is a string, else the basic type name.
func (L *State) objTypeName(v Value) string {
	if mt := L.metatable(v); mt != nil && (v.t == tagTable || v.t == tagUserdata) {
		if n := mt.getStr(String("__name")); n.t == tagString {
			return n.AsString()
		}
	}
	return v.TypeName()
}

// opError raises "attempt to <op> a <type> value (<varinfo>)".
func (L *State) opError(v Value, op string) {
	L.runError("attempt to %s a %s value%s", op, L.objTypeName(v), L.varInfo(v))
}

// indexError reports indexing a value that cannot be indexed. Only the
// original operand gets a variable name; values met later in an __index
// chain are not in a register.
func (L *State) indexError(v, key Value, first bool) {
	info := ""
	if first {
		info = L.varInfo(v)
	}
	L.runError("attempt to index a %s value%s", L.objTypeName(v), info)
}

// callError reports calling a value that is not callable, named after the
// calling instruction.
func (L *State) callError(v Value) {
	ci := L.ci
	info := ""
	if ci.status&ciLua != 0 {
		if kind, name := L.funcNameFromCode(ci, ci.pc-1); kind != "" {
			info = fmt.Sprintf(" (%s '%s')", kind, name)
		} else {
			info = L.varInfo(v)
		}
	}
	L.runError("attempt to call a %s value%s", L.objTypeName(v), info)
}

// compareError reports an invalid comparison.
func (L *State) compareError(a, b Value) {
	t1, t2 := L.objTypeName(a), L.objTypeName(b)
	if t1 == t2 {
		L.runError("attempt to compare two %s values", t1)
	}
	L.runError("attempt to compare %s with %s", t1, t2)
}

// noIntegerError reports a float without integer value in a bitwise op.
func (L *State) noIntegerError(v Value) {
	L.runError("number%s has no integer representation", L.varInfo(v))
}

// forError reports a bad 'for' control value.
func (L *State) forError(v Value, what string) {
	L.runError("bad 'for' %s (number expected, got %s)", what, L.objTypeName(v))
}

// varInfo names the variable that holds v in the running instruction, as
// " (kind 'name')", or "" when it cannot tell. Values are matched against
// the instruction's operands in the order the reference blames them.
func (L *State) varInfo(v Value) string {
	ci := L.ci
	if ci.status&ciLua == 0 {
		return ""
	}
	p := ci.cl.p
	pc := ci.pc - 1
	if pc < 0 || pc >= len(p.code) {
		return ""
	}
	i := p.code[pc]
	base := ci.fn + 1
	same := func(w Value) bool { return w.t == v.t && w.p == v.p && w.n == v.n }
	upval := func(idx int) string {
		if idx < len(ci.cl.upvals) && same(*ci.cl.upvals[idx].v) {
			return fmt.Sprintf(" (upvalue '%s')", upvalName(p.src, idx))
		}
		return ""
	}
	reg := func(r int) (string, bool) {
		if base+r < len(L.stack) && same(L.stack[base+r]) {
			kind, name := getObjName(p.src, pc, r)
			if kind != "" {
				return fmt.Sprintf(" (%s '%s')", kind, name), true
			}
			return "", true
		}
		return "", false
	}
	switch i.Op() {
	case bc.OpGetTabUp:
		return upval(i.B())
	case bc.OpSetTabUp:
		return upval(i.A())
	case bc.OpGetTable, bc.OpGetI, bc.OpGetField, bc.OpSelf,
		bc.OpUnm, bc.OpBnot, bc.OpLen,
		bc.OpAddI, bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpPowK, bc.OpDivK,
		bc.OpIDivK, bc.OpBandK, bc.OpBorK, bc.OpBxorK, bc.OpShrI, bc.OpShlI:
		s, _ := reg(i.B())
		return s
	case bc.OpSetTable, bc.OpSetI, bc.OpSetField, bc.OpCall, bc.OpTailCall:
		s, _ := reg(i.A())
		return s
	case bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpPow, bc.OpDiv, bc.OpIDiv,
		bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr:
		if s, ok := reg(i.B()); ok {
			return s
		}
		s, _ := reg(i.C())
		return s
	case bc.OpConcat:
		for r := i.A(); r < i.A()+i.B(); r++ {
			if s, ok := reg(r); ok {
				return s
			}
		}
	}
	return ""
}

// shortSource formats a chunk name for messages (a stripped function's
// bytecode.NoSource prints "?").
func shortSource(source string) string { return chunkID(source) }

// ErrorMessage returns the message of a recovered error value the way the
// standalone interpreter prints it.
func errorObjectString(L *State, v Value) string {
	switch v.t {
	case tagString:
		return v.AsString()
	case tagInt, tagFloat:
		return string(appendNumber(nil, v))
	}
	return fmt.Sprintf("(error object is a %s value)", v.TypeName())
}

var _ = strings.Builder{}
