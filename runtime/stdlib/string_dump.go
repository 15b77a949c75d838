package stdlib

import "panto/runtime"

// strDump is string.dump(f [, strip]): the function's prototype in panto's
// bytecode format (docs/bytecode.md), which load accepts in mode "b". Go
// functions have no prototype to dump.
func strDump(L *runtime.State) int {
	fn := L.CheckType(1, runtime.TypeFunction)
	b, err := L.Dump(fn, L.Arg(2).Truthy())
	if err != nil {
		L.Errorf("%s", err.Error())
	}
	L.Push(runtime.String(string(b)))
	return 1
}
