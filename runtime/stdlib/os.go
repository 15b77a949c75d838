package stdlib

import "panto/runtime"

// OpenOS is being written.
func OpenOS(L *runtime.State) {}
