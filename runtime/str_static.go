package runtime

// Names pinned at compile time. Every State registers the same two
// hundred library names (print, string.format, math.floor ...) and the
// metamethod names; pinning each at run time (internPinned) costs a map
// insert and a copy, about 1,000 instructions a name, in every process
// at start-up. The names below are pinned already: staticName finds one
// with the switch the compiler makes of str_static_names.go (a jump on
// the length, then a few comparisons) and returns the string literal,
// one copy in the binary's read-only data whatever the caller. A name
// missing from the list is only pinned the slow way.
//
// str_static_names.go is generated from what NewState and stdlib.OpenAll
// register: `go test ./runtime -run TestStaticNames -update` rewrites it,
// and TestStaticNames fails when a library registers a name it lacks.

// staticName returns the canonical copy of s when s is one of the names
// pinned at compile time, and "" otherwise.
// Names registered by generated packages (str_registered.go) come next.
func staticName(s string) string {
	if len(s) <= maxStaticNameLen {
		if c := staticNameSwitch(s); c != "" {
			return c
		}
	}
	return registeredName(s)
}
