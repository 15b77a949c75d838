package runtime

// SetExitHandler sets what os.exit does (see stdlib.SetExit). Without a
// handler os.exit refuses with an error, which is what an embedded host
// wants: a script must not end the host process.
func (L *State) SetExitHandler(f func(code int, close bool)) { L.g.exit = f }

// ExitHandler returns the handler set by SetExitHandler, or nil.
func (L *State) ExitHandler() func(code int, close bool) { return L.g.exit }
