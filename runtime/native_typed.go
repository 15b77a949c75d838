package runtime

import (
	"math"
	"sync/atomic"
	"unsafe"

	"panto/internal/luanum"
)

// Helpers for the typed copies of numeric loops that compiler/gogen
// writes (see its typed.go): there, integers and floats live in Go
// locals, and the operations the dispatch loop applies to two Values are
// applied to plain int64 and float64 operands, with Lua's exact rules.

// FMod is Lua's float modulo (the sign of the divisor).
func FMod(a, b float64) float64 { return luanum.FMod(a, b) }

// FPow is Lua's exponentiation, always on floats.
func FPow(a, b float64) float64 { return luanum.Pow(a, b) }

// FIDiv is Lua's floor division of floats.
func FIDiv(a, b float64) float64 { return math.Floor(FDiv(a, b)) }

// FMul is a*b as the machine multiplies, for generated code where Go's
// compiler may see b as the constant -1. It rewrites x * -1 (and x / -1)
// into -x, which flips the sign bit of a NaN, where the multiplication
// the interpreter and lua5.4 run returns the NaN operand as it is: a
// "-nan" would print as "nan". The explicit conversion rounds the
// product, so that it is never fused with an addition that follows
// (arm64 fuses x*y+z unless told not to).
func FMul(a, b float64) float64 {
	r := float64(a * b)
	if r != r && a != a {
		return a
	}
	return r
}

// FDiv is a/b as the machine divides (see FMul).
func FDiv(a, b float64) float64 {
	r := a / b
	if r != r && a != a {
		return a
	}
	return r
}

// LtIntFloat reports i < f exactly (no rounding of i).
func LtIntFloat(i int64, f float64) bool { return ltIntFloat(i, f) }

// LeIntFloat reports i <= f exactly.
func LeIntFloat(i int64, f float64) bool { return leIntFloat(i, f) }

// LtFloatInt reports f < i exactly.
func LtFloatInt(f float64, i int64) bool { return ltFloatInt(f, i) }

// LeFloatInt reports f <= i exactly.
func LeFloatInt(f float64, i int64) bool { return leFloatInt(f, i) }

// EqIntFloat reports whether the integer i and the float f are the same
// number, as Lua's == does.
func EqIntFloat(i int64, f float64) bool { return RawEqual(Int(i), Float(f)) }

// ForCount is the iteration count FORPREP stores for an integer loop from
// i0 to lim by st (not zero) that runs at least once.
func ForCount(i0, lim, st int64) int64 { return int64(forCount(i0, lim, st)) }

// ArraySlot returns the slot of index k in the array part of the table t
// when a store may simply overwrite it (it holds a value, or t has no
// metatable to consult); otherwise nil. It is the common hit of a
// SETTABLE whose key a typed loop copy holds in an integer local,
// inlined there as IntField is for reads.
func ArraySlot(t *Value, k int64) *Value {
	if t.t != tagTable {
		return nil
	}
	tt := t.table()
	if uint64(k)-1 >= uint64(len(tt.arr)) {
		return nil
	}
	if s := &tt.arr[k-1]; s.t != tagNil || tt.meta == nil {
		return s
	}
	return nil
}

// PutInt, PutFloat and Put store a value in a slot ArraySlot returned.
func PutInt(s *Value, x int64) { setInt(s, x) }

// PutFloat stores the float x in slot s (see PutInt).
func PutFloat(s *Value, x float64) { setFloat(s, x) }

// Put stores v in slot s (see PutInt).
func Put(s, v *Value) { copyVal(s, v) }

// SetIntKey runs R[a][k] := v for an integer key that a typed loop copy
// holds in a local, as SetTable does for a key in a register.
func (f *Frame) SetIntKey(a int, k int64, v *Value) bool {
	key := Int(k)
	return f.setKey(a, &key, v)
}

// LocalWrites is the number of stores debug.setlocal has made in any
// frame of the state so far. A typed loop copy keeps registers in Go
// locals across a call and reads them again only when this moved during
// the call (or when a closure may have captured them), since nothing
// else writes a caller's registers.
func (f *Frame) LocalWrites() int64 { return int64(f.L.g.localWrites) }

// FloatField is IntField for a float key, which indexes the array part
// when it has an integer value (a key converted wrongly, out of int64's
// range, falls outside the array and gives nil too).
func FloatField(t *Value, k float64) *Value {
	if i := int64(k); float64(i) == k {
		return IntField(t, i)
	}
	return nil
}

// FloatSlot is ArraySlot for a float key (see FloatField).
func FloatSlot(t *Value, k float64) *Value {
	if i := int64(k); float64(i) == k {
		return ArraySlot(t, i)
	}
	return nil
}

// Hint is where a GETFIELD, GETTABUP or SETFIELD of a typed loop copy
// found its key last: a node index. Records of one shape keep their keys
// in the same nodes, so the key is usually there, with no hash or chain
// to follow (StrField misses a key that collided). Generated code keeps
// one per instruction in a package variable, which every State may use
// at once: it is only ever a guess, read and written atomically.
type Hint struct{ n atomic.Uint32 }

// FieldSlot returns the slot of the short string constant k in the
// table t when the hint names its node and it holds a value there;
// otherwise nil, and FieldFind or the Frame methods decide. k must not be
// empty: a key with k's pointer and length is then k (a number, a
// boolean or a light userdata has no length, another object's address
// is not inside k's bytes), which spares the check of its tag and keeps
// FieldSlot small enough for Go to inline.
func FieldSlot(t, k *Value, h *Hint) *Value {
	if t.t == tagTable {
		tb := t.table()
		// i < the node count, 1 << (32 - sizeFree>>freeBits) (nodeCount).
		if i := uintptr(h.n.Load()); tb.node != nil && i>>(32-tb.sizeFree>>freeBits) == 0 {
			n := (*node)(unsafe.Add(unsafe.Pointer(tb.node), i*nodeSize))
			if n.key.p == k.p && n.key.n == k.n && n.val.t != tagNil {
				return &n.val
			}
		}
	}
	return nil
}

// FieldFind is FieldSlot when the hint was wrong: the key's chain, and
// its node for the next time.
func FieldFind(t, k *Value, h *Hint) *Value {
	if t.t != tagTable {
		return nil
	}
	tt := t.table()
	s := probeStr(tt, k)
	if s == nil || s.t == tagNil {
		return nil
	}
	h.n.Store(uint32((uintptr(unsafe.Pointer(s)) - uintptr(unsafe.Pointer(tt.node))) / nodeSize))
	return s
}

// PinInt stores the integer x in register i, which holds an integer
// already (a typed loop copy's register pinned to integers, see gogen's
// writeBack): only the number word, where SetInt tests the pointer word
// and writes the tag too.
func (f *Frame) PinInt(i int, x int64) {
	*(*int64)(unsafe.Add(f.regs, uintptr(i)*valueSize+unsafe.Offsetof(Value{}.n))) = x
}

// PinFloat is PinInt for a register that holds a float already.
func (f *Frame) PinFloat(i int, x float64) {
	*(*float64)(unsafe.Add(f.regs, uintptr(i)*valueSize+unsafe.Offsetof(Value{}.n))) = x
}
