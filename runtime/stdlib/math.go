package stdlib

import "panto/runtime"

// OpenMath is being written.
func OpenMath(L *runtime.State) {}
