package runtime

// runFresh runs frame ci, which a Go-level call (call, callUnticked) has
// just pushed and marked fresh, until it returns. A native prototype's
// Go code is called directly when no hook is set: sort's comparator,
// gsub's replacement function and the other callbacks of the library
// then skip execute's entry (its frame, the hook test, the prototype
// test and the switch on what native code returned) for the common case
// of a callee that returns to its caller. Anything else it hands to
// execute as execute's own native label would: another frame to run
// (an interpreted callee, a metamethod's frame), a yield, a hand-back.
func (L *State) runFresh(ci *callInfo) {
	if p := ci.cl.p; p.native != nil && L.hook.mask == 0 {
		ci.ndepth = 0
		switch p.native(L, ci) {
		case slowDone:
			return
		case slowYield:
			// execute's answer for a frame it cannot leave resumable.
			panic(yieldUnwind{})
		case slowFrame:
			// As execute's slowDone switch, and its returned label.
			nci := L.ci
			if nci.status&(ciLua|ciMetaPending) != ciLua {
				if nci.status&ciLua == 0 {
					return
				}
				L.finishMetaFrame(nci)
				nci = L.ci
			}
			L.execute(nci, false)
			return
		}
		// A hand-back: execute interprets the frame from its saved pc
		// (it goes to its hooked label, a hook having been set).
	}
	L.execute(ci, false)
}
