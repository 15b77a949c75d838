// Package stdlib holds the Lua 5.4 standard libraries other than base and
// coroutine (which live with the VM): string, table, math, utf8, os, io,
// package and debug. Each library is a file (or a few) of its own and uses
// the runtime's public API, as Lua's own libraries use the C API.
package stdlib

import "panto/runtime"

// OpenAll opens every standard library into L, as luaL_openlibs does. The
// package library is opened with the environment variables in use.
func OpenAll(L *runtime.State) {
	OpenPackage(L, false)
	OpenString(L)
	OpenTable(L)
	OpenMath(L)
	OpenUTF8(L)
	OpenOS(L)
	OpenIO(L)
	runtime.OpenDebug(L)
}

// SetExit sets what os.exit does: the standalone interpreter unwinds and
// exits the process; a host may refuse. code is the exit status, close
// tells whether the state should be closed first.
func SetExit(L *runtime.State, exit func(code int, close bool)) {
	L.SetExitHandler(exit)
}

// libFunc is a library function and its name. Libraries list theirs in
// slices, not maps: a map literal is built (every name hashed and
// inserted) at each open, in every process at start-up, only to be
// walked once.
type libFunc struct {
	name string
	fn   func(*runtime.State) int
}

// register fills a library table with Go functions.
func register(t *runtime.Table, fns []libFunc) {
	for _, f := range fns {
		t.SetName(f.name, runtime.NewFunction(f.name, f.fn))
	}
}

// newLib creates a library table, stores it as a global and in
// package.loaded, and returns it.
func newLib(L *runtime.State, name string, fns []libFunc) *runtime.Table {
	t := runtime.NewTable(0, len(fns))
	register(t, fns)
	L.SetGlobal(name, runtime.TableValue(t))
	L.Loaded().SetName(name, runtime.TableValue(t))
	return t
}
