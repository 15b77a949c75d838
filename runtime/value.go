package runtime

import (
	"math"
	"unsafe"
)

// Type is a Lua type as the type function reports it.
type Type uint8

const (
	TypeNil Type = iota
	TypeBoolean
	TypeNumber
	TypeString
	TypeTable
	TypeFunction
	TypeUserdata
	TypeThread
	// TypeLightUserdata is a bare address with no metatable or user
	// values of its own (lua_type's LUA_TLIGHTUSERDATA); type() calls it
	// "userdata" too. Only debug.upvalueid makes one.
	TypeLightUserdata
)

var typeNames = [...]string{"nil", "boolean", "number", "string", "table", "function", "userdata", "thread", "userdata"}

func (t Type) String() string { return typeNames[t] }

// tag is the variant stored in a Value. It refines Type: booleans are split
// into false and true so that truth tests are one comparison, numbers into
// integers and floats, functions into Lua closures and Go functions.
type tag uint8

const (
	tagNil tag = iota
	tagFalse
	tagTrue
	tagInt
	tagFloat
	tagString
	tagTable
	tagLuaFn
	tagGoFn
	tagUserdata
	tagThread
	tagLightUserdata // p is the address; never collected, compared by p
	numTags
)

var tagTypes = [numTags]Type{
	tagNil: TypeNil, tagFalse: TypeBoolean, tagTrue: TypeBoolean,
	tagInt: TypeNumber, tagFloat: TypeNumber, tagString: TypeString,
	tagTable: TypeTable, tagLuaFn: TypeFunction, tagGoFn: TypeFunction,
	tagUserdata: TypeUserdata, tagThread: TypeThread, tagLightUserdata: TypeLightUserdata,
}

// Value is a Lua value. It is three words and never points to a heap box
// for numbers or booleans: n holds the bits of an integer or a float, p
// points to the object for reference types. A string keeps its bytes in p
// and its length in n, so Lua strings are Go strings without a header
// allocation; h caches the hash of short strings so that table lookups with
// constant or recently built keys do not hash again.
//
// The zero Value is nil.
type Value struct {
	p unsafe.Pointer
	n uint64
	t tag
	h uint32
}

// Nil is the nil value.
var Nil = Value{}

// True and False are the boolean values.
var (
	True  = Value{t: tagTrue}
	False = Value{t: tagFalse}
)

// Bool returns the Lua boolean b.
func Bool(b bool) Value {
	if b {
		return Value{t: tagTrue}
	}
	return Value{t: tagFalse}
}

// Int returns the Lua integer i.
func Int(i int64) Value { return Value{n: uint64(i), t: tagInt} }

// Float returns the Lua float f.
func Float(f float64) Value { return Value{n: math.Float64bits(f), t: tagFloat} }

// String returns the Lua string s. Short strings get their hash computed
// now, once, because they are the ones used as table keys.
func String(s string) Value {
	v := Value{p: unsafe.Pointer(unsafe.StringData(s)), n: uint64(len(s)), t: tagString}
	if len(s) <= shortStringLen {
		v.h = hashString(s)
	}
	return v
}

// TableValue wraps a table.
func TableValue(t *Table) Value { return Value{p: unsafe.Pointer(t), t: tagTable} }

// FunctionValue wraps a Go function.
func FunctionValue(f *GoFunction) Value { return Value{p: unsafe.Pointer(f), t: tagGoFn} }

// UserdataValue wraps a userdata.
func UserdataValue(u *Userdata) Value { return Value{p: unsafe.Pointer(u), t: tagUserdata} }

// ThreadValue wraps a thread.
func ThreadValue(th *State) Value { return Value{p: unsafe.Pointer(th), t: tagThread} }

func closureValue(c *Closure) Value { return Value{p: unsafe.Pointer(c), t: tagLuaFn} }

// lightUserdata makes the light userdata of address p.
func lightUserdata(p unsafe.Pointer) Value { return Value{p: p, t: tagLightUserdata} }

// Type returns the Lua type of v.
func (v Value) Type() Type { return tagTypes[v.t] }

// TypeName returns the name of v's type.
func (v Value) TypeName() string { return typeNames[tagTypes[v.t]] }

// IsNil reports whether v is nil.
func (v Value) IsNil() bool { return v.t == tagNil }

// Truthy reports whether v counts as true in a condition: everything but
// nil and false.
func (v Value) Truthy() bool { return v.t > tagFalse }

// IsInt reports whether v is an integer.
func (v Value) IsInt() bool { return v.t == tagInt }

// IsFloat reports whether v is a float.
func (v Value) IsFloat() bool { return v.t == tagFloat }

// IsNumber reports whether v is an integer or a float.
func (v Value) IsNumber() bool { return v.t == tagInt || v.t == tagFloat }

// IsString reports whether v is a string.
func (v Value) IsString() bool { return v.t == tagString }

// IsFunction reports whether v is a function.
func (v Value) IsFunction() bool { return v.t == tagLuaFn || v.t == tagGoFn }

// AsInt returns the integer in v; v must be an integer.
func (v Value) AsInt() int64 { return int64(v.n) }

// AsFloat returns the float in v; v must be a float.
func (v Value) AsFloat() float64 { return math.Float64frombits(v.n) }

// AsBool returns the boolean in v.
func (v Value) AsBool() bool { return v.t == tagTrue }

// AsString returns the string in v without copying; v must be a string.
func (v Value) AsString() string {
	return unsafe.String((*byte)(v.p), int(v.n))
}

// AsTable returns the table in v, or nil.
func (v Value) AsTable() *Table {
	if v.t != tagTable {
		return nil
	}
	return (*Table)(v.p)
}

// AsUserdata returns the userdata in v, or nil.
func (v Value) AsUserdata() *Userdata {
	if v.t != tagUserdata {
		return nil
	}
	return (*Userdata)(v.p)
}

// AsThread returns the coroutine in v, or nil.
func (v Value) AsThread() *State {
	if v.t != tagThread {
		return nil
	}
	return (*State)(v.p)
}

// AsGoFunction returns the Go function in v, or nil.
func (v Value) AsGoFunction() *GoFunction {
	if v.t != tagGoFn {
		return nil
	}
	return (*GoFunction)(v.p)
}

func (v Value) table() *Table       { return (*Table)(v.p) }
func (v Value) closure() *Closure   { return (*Closure)(v.p) }
func (v Value) gofn() *GoFunction   { return (*GoFunction)(v.p) }
func (v Value) userdata() *Userdata { return (*Userdata)(v.p) }
func (v Value) thread() *State      { return (*State)(v.p) }

// ToNumber converts v to a float if it is a number or a string convertible
// to one (Lua's coercion rules).
func (v Value) ToNumber() (float64, bool) {
	switch v.t {
	case tagInt:
		return float64(int64(v.n)), true
	case tagFloat:
		return v.AsFloat(), true
	case tagString:
		n, ok := stringToNumber(v.AsString())
		if !ok {
			return 0, false
		}
		return n.ToNumber()
	}
	return 0, false
}

// ToInteger converts v to an integer if it is an integer, a float with an
// exact integer value, or a string holding one.
func (v Value) ToInteger() (int64, bool) {
	switch v.t {
	case tagInt:
		return int64(v.n), true
	case tagFloat:
		return floatToInt(v.AsFloat())
	case tagString:
		n, ok := stringToNumber(v.AsString())
		if !ok {
			return 0, false
		}
		return n.ToInteger()
	}
	return 0, false
}

// RawEqual compares two values without metamethods.
func RawEqual(a, b Value) bool {
	if a.t != b.t {
		if a.t == tagInt && b.t == tagFloat {
			return float64(int64(a.n)) == b.AsFloat() && intFitsFloat(int64(a.n), b.AsFloat())
		}
		if a.t == tagFloat && b.t == tagInt {
			return float64(int64(b.n)) == a.AsFloat() && intFitsFloat(int64(b.n), a.AsFloat())
		}
		return false
	}
	switch a.t {
	case tagNil, tagFalse, tagTrue:
		return true
	case tagInt:
		return a.n == b.n
	case tagFloat:
		return a.AsFloat() == b.AsFloat()
	case tagString:
		return stringsEqual(a, b)
	default:
		return a.p == b.p
	}
}

// intFitsFloat reports whether the integer i equals the float f exactly
// (the float conversion of i may round; equality must not).
func intFitsFloat(i int64, f float64) bool {
	fi, ok := floatToInt(f)
	return ok && fi == i
}

func stringsEqual(a, b Value) bool {
	if a.n != b.n {
		return false
	}
	if a.p == b.p {
		return true
	}
	if a.h != 0 && b.h != 0 && a.h != b.h {
		return false
	}
	return a.AsString() == b.AsString()
}

// emptyStringAnchor gives the empty string an address for ToPointer: Go may
// represent "" with a nil data pointer, but a Lua string is always an
// object.
var emptyStringAnchor byte

// ToPointer returns the identity of a collectable value as lua_topointer
// does (the address string.format's "%p" prints, the same one tostring
// shows for tables and functions), and 0 for values without identity:
// nil, booleans and numbers. For a short string it is the address of these
// very bytes; State.ToPointer gives equal short strings one identity, as
// the reference's interning does.
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
