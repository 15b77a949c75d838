package stdlib

import "panto/runtime"

// OpenUTF8 is being written.
func OpenUTF8(L *runtime.State) {}
