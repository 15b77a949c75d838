package gogen_test

import "testing"

// Calls and tail calls that native code runs on direct paths
// (runtime/native_ops.go): tail calls with their arguments up to the top,
// from vararg functions and with upvalues to close, to Lua and Go
// callees, with errors, tracebacks and yields through them. Each
// program's output is recorded from lua5.4.
func TestCallsTranspiled(t *testing.T) {
	runTranspiledPrograms(t, "calls", 1, nil)
}
