package runtime

import "unsafe"

// Small additions to the Go API needed by the string library.

// emptyStringAnchor gives the empty string an address for ToPointer: Go may
// represent "" with a nil data pointer, but a Lua string is always an
// object.
var emptyStringAnchor byte

// ToPointer returns the identity of a collectable value as lua_topointer
// does (the address string.format's "%p" prints, the same one tostring
// shows for tables and functions), and 0 for values without identity:
// nil, booleans and numbers.
func (v Value) ToPointer() uintptr {
	switch v.t {
	case tagNil, tagFalse, tagTrue, tagInt, tagFloat:
		return 0
	case tagString:
		if v.p == nil {
			return uintptr(unsafe.Pointer(&emptyStringAnchor))
		}
	}
	return uintptr(v.p)
}
