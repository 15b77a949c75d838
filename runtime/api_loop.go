package runtime

// Coroutine control for hosts that drive coroutines from Go (runtime/luv):
// the status and close operations of the coroutine library, without
// going through the Lua-visible (and replaceable) coroutine table.

// CoroutineStatus returns what coroutine.status(co) would return when
// called from L: "running", "suspended", "normal" or "dead".
func (L *State) CoroutineStatus(co *State) string { return coroutineStatus(L, co) }

// CloseCoroutine does what coroutine.close(co) does when called from L:
// a suspended or dead coroutine has its pending to-be-closed variables
// closed and becomes dead. It returns false when co is running or normal
// (it cannot be closed now), and the error a __close method raised, if
// any, as the second result.
func (L *State) CloseCoroutine(co *State) (closed bool, err Value) {
	switch coroutineStatus(L, co) {
	case coDeadStatus, coSuspendedStatus:
		status, errv := co.closeThread(L)
		if status != StatusOK {
			co.top--
			return true, errv
		}
		return true, Nil
	}
	return false, Nil
}
