package runtime

// OpenDebug is being written.
func OpenDebug(L *State) {}
