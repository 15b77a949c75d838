package runtime

// Userdata is a Go value exposed to Lua, with an optional metatable and
// user values.
type Userdata struct {
	Value      any
	meta       *Table
	userValues []Value
}

// NewUserdata returns a userdata holding v with metatable mt (may be nil).
func NewUserdata(v any, mt *Table) *Userdata {
	return &Userdata{Value: v, meta: mt}
}

// Metatable returns the userdata's metatable.
func (u *Userdata) Metatable() *Table { return u.meta }

// SetMetatable replaces the userdata's metatable.
func (u *Userdata) SetMetatable(mt *Table) { u.meta = mt }

// User values (Lua 5.4): a full userdata carries a fixed number of Lua
// values, set when it is created, reachable from Lua only through
// debug.getuservalue and debug.setuservalue. The collector traverses them.

// NewUserdataUV returns a userdata holding v with metatable mt (may be nil)
// and nuv user values, all nil, like lua_newuserdatauv. Pass the metatable
// through State.SetMetatable instead when it may have a __gc field, so
// that the finalizer is registered.
func NewUserdataUV(v any, mt *Table, nuv int) *Userdata {
	u := &Userdata{Value: v, meta: mt}
	if nuv > 0 {
		u.userValues = make([]Value, nuv)
	}
	return u
}

// NumUserValues returns how many user values the userdata has.
func (u *Userdata) NumUserValues() int { return len(u.userValues) }

// UserValue returns user value n (1-based); ok is false when the
// userdata has no such value.
func (u *Userdata) UserValue(n int) (v Value, ok bool) {
	if n < 1 || n > len(u.userValues) {
		return Nil, false
	}
	return u.userValues[n-1], true
}

// SetUserValue sets user value n (1-based) and reports whether the
// userdata has such a value.
func (u *Userdata) SetUserValue(n int, v Value) bool {
	if n < 1 || n > len(u.userValues) {
		return false
	}
	u.userValues[n-1] = v
	return true
}
