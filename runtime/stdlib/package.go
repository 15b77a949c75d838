package stdlib

import "panto/runtime"

// OpenPackage is being written.
func OpenPackage(L *runtime.State, noEnv bool) {}
