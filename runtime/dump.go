package runtime

import "panto/bytecode"

// Dump serializes the prototype of a Lua function, as string.dump does:
// the bytes load back (L.Load with mode "b" or "bt") into a function with
// the same code and fresh upvalues. strip leaves out the debug information
// (source name, line info, local and upvalue names), as luac -s does; the
// result is deterministic, so dumping a function twice gives the same
// bytes. Go functions have no prototype to dump.
func (L *State) Dump(fn Value, strip bool) ([]byte, error) {
	if fn.t != tagLuaFn {
		return nil, newError(StatusRuntimeError, "unable to dump given function")
	}
	return bytecode.Encode(fn.closure().p.src, strip), nil
}
