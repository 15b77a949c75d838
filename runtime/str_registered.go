package runtime

import (
	"sync"
	"sync/atomic"
)

// Names pinned by generated packages. The base layer's precompiled chunks
// (stdext/native) hold some eleven hundred distinct short string
// constants, and preparing a chunk interns each: through package unique,
// whose first handle for a string costs a weak pointer and a cleanup,
// about 7,000 instructions, a tenth of `panto run DIR --list`
// (docs/benchmarks.md, "Start-up, fifth pass"). The generator writes
// those constants as the cases of a switch that returns the string
// literal, and RegisterNames makes the literals their canonical copies:
// no handle, no allocation, for good. The switch is the compiler's (a
// jump on the length, then a binary search), as for the standard
// libraries' names (str_static.go).

// registeredNames holds the registered lookups; it is replaced, never
// changed, so that lookups read it without a lock.
var registeredNames atomic.Pointer[[]func(string) string]

var registerNamesMu sync.Mutex

// RegisterNames pins the names lookup knows for good: lookup(s) returns
// the canonical copy of s, the same string every time, or "" for a
// string it does not know; from then on interning one of its names gives
// that copy. It is for generated packages' init functions, before any
// chunk is loaded: a constant interned earlier keeps its own copy, which
// only loses the pointer comparison, as for any string.
func RegisterNames(lookup func(s string) string) {
	registerNamesMu.Lock()
	defer registerNamesMu.Unlock()
	var fns []func(string) string
	if old := registeredNames.Load(); old != nil {
		fns = append(fns, *old...)
	}
	fns = append(fns, lookup)
	registeredNames.Store(&fns)
}

// registeredName returns the registered copy of s, or "".
func registeredName(s string) string {
	p := registeredNames.Load()
	if p == nil {
		return ""
	}
	for _, lookup := range *p {
		if c := lookup(s); c != "" {
			return c
		}
	}
	return ""
}

// ShortStringLen is the length up to which the runtime interns a
// string constant: a generator gives RegisterNames only the names that
// long or shorter.
const ShortStringLen = shortStringLen
