package gogen_test

import "testing"

// Calls and tail calls that native code runs on direct paths
// (runtime/native_ops.go): tail calls with their arguments up to the top,
// from vararg functions and with upvalues to close, to Lua and Go
// callees, with errors, tracebacks and yields through them; and library
// functions with a frameless path (GoFunction.Fast), in every case the
// path answers and every case it leaves to the function (errors at their
// line, tracebacks, hooks, yields, functions replaced by Lua code), and
// next in generic for loops; metamethods and library callbacks entered
// directly, and integer-keyed reads past the array part. Each program's
// output is recorded from lua5.4.
func TestCallsTranspiled(t *testing.T) {
	runTranspiledPrograms(t, "calls", 7, nil)
}
