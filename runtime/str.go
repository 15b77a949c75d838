package runtime

import (
	"hash/maphash"
	"unsafe"
)

// shortStringLen is the longest string whose hash is computed when the
// string is made. Longer strings are rarely table keys; they are hashed on
// demand.
const shortStringLen = 40

var stringSeed = maphash.MakeSeed()

// hashString hashes s; the result is never zero, so zero can mean "not yet
// computed" in a Value.
func hashString(s string) uint32 {
	h := maphash.String(stringSeed, s)
	return uint32(h) ^ uint32(h>>32) | 1
}

// stringHash returns the hash of the string value v.
func stringHash(v Value) uint32 {
	if v.h != 0 {
		return v.h
	}
	return hashString(v.AsString())
}

// bytesToString turns a buffer the caller will not touch again into a
// string without copying.
func bytesToString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// stringFromBytes makes a Lua string from a buffer the caller gives away.
func stringFromBytes(b []byte) Value { return String(bytesToString(b)) }
