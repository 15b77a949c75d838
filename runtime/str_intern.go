package runtime

import (
	"strings"
	"sync"
	"unique"
	"unsafe"
)

// Interning of short strings that name things: the constants of Lua
// functions and the names the runtime looks up itself (metamethods).
//
// Table lookups compare a string key's data pointer before its bytes, so a
// table built by one function and read by another (constructors and
// methods, a metatable and the runtime's fastTM) matches with one
// comparison when both use the same copy of the name. The reference gets
// this from interning every short string; here only names are interned,
// because strings built at run time would pay a global lookup each.
//
// The canonical copies come from package unique, which is weak: a copy
// stays canonical while someone holds its handle, so a function prototype
// keeps the handles of its constants, and the runtime pins its own few
// names. A copy that lost its last handle is only a missed shortcut: keys
// equal in content still match by comparing bytes.

// internString returns s as a Lua string backed by the canonical copy of
// its bytes, with the hash cached, and the handle that keeps the copy
// canonical. Strings longer than shortStringLen are not interned (they are
// rarely keys): they come back hashed, with a zero handle. A pinned name
// comes back as its pinned copy, with a zero handle too: it stays
// canonical for good.
func internString(s string) (Value, unique.Handle[string]) {
	if len(s) > shortStringLen || len(s) == 0 {
		v := String(s)
		v.h = hashString(s)
		return v, unique.Handle[string]{}
	}
	if c := staticName(s); c != "" {
		return internedValue(c), unique.Handle[string]{}
	}
	pinned.RLock()
	c, ok := pinned.m[s]
	pinned.RUnlock()
	if ok {
		return internedValue(c), unique.Handle[string]{}
	}
	hd := unique.Make(s)
	return internedValue(hd.Value()), hd
}

// internedValue is the Lua string of the canonical copy c.
func internedValue(c string) Value {
	return Value{p: unsafe.Pointer(unsafe.StringData(c)), n: uint64(len(c)), t: tagString, h: hashString(c)}
}

// pinned keeps names interned for good: the runtime's own (metamethod
// names) and those Go code stores with Table.SetName (library functions,
// globals). Each distinct name is pinned once, as a copy of its own that
// internString hands out from then on. It is not package unique's copy:
// a handle there costs a weak pointer and a cleanup, several hundred
// instructions each in a span's list of specials, and the two hundred
// names every State registers are paid by every panto process at
// start-up. The one case that loses the shortcut is a constant interned
// before its name is pinned (a chunk loaded before the Go module that
// defines the name): its lookups compare bytes, as for any string.
var pinned struct {
	sync.RWMutex
	m map[string]string
}

// internPinned interns s for good. It is for names, a bounded set, never
// for strings that come from data. The names pinned at compile time
// (str_static.go) cost no map insert.
func internPinned(s string) Value {
	if len(s) > shortStringLen || len(s) == 0 {
		v, _ := internString(s)
		return v
	}
	if c := staticName(s); c != "" {
		return internedValue(c)
	}
	pinned.RLock()
	c, ok := pinned.m[s]
	pinned.RUnlock()
	if !ok {
		pinned.Lock()
		if c, ok = pinned.m[s]; !ok {
			if pinned.m == nil {
				pinned.m = make(map[string]string)
			}
			c = strings.Clone(s)
			pinned.m[c] = c
		}
		pinned.Unlock()
	}
	return internedValue(c)
}

// SetName stores t[name] = v for a name that Lua code spells as a
// constant, like a library function or a global: the key is interned for
// good, so that the VM finds it from the constant by comparing pointers
// instead of bytes. Names are a bounded set; keys that come from data
// (decoded JSON, user input) belong in SetStr, which interns nothing.
func (t *Table) SetName(name string, v Value) { t.setStr(internPinned(name), v) }

// tmNameValues are the metamethod names, interned, so that fastTM's
// lookups in a metatable whose fields were set by Lua code match on the
// pointer.
var tmNameValues = func() (names [numTMs]Value) {
	for i, s := range tmNameList {
		names[i] = internPinned(s)
	}
	return names
}()

// ToPointer is Value.ToPointer as Lua programs see it: equal short
// strings are one object in the reference, which interns them all, so
// they get one address here too. Only names are interned (above), so the
// state keeps a canonical copy of each short string whose identity is
// asked for, for its whole life: that is one copy per distinct string a
// program formats with "%p", a bounded and rare cost, and an address that
// stays the same as long as the string can be seen.
func (L *State) ToPointer(v Value) uintptr {
	if v.t != tagString || v.n == 0 || v.n > shortStringLen {
		return v.ToPointer()
	}
	g := L.g
	s := v.AsString()
	c, ok := g.strIdentity[s]
	if !ok {
		if g.strIdentity == nil {
			g.strIdentity = make(map[string]string)
		}
		c = strings.Clone(s)
		g.strIdentity[c] = c
	}
	return uintptr(unsafe.Pointer(unsafe.StringData(c)))
}
