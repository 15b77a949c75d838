package stdlib

import "panto/runtime"

// OpenString is being written.
func OpenString(L *runtime.State) {}
