package stdlib

import (
	"math"

	"panto/internal/luanum"
	"panto/internal/pattern"
	"panto/runtime"
)

// Frameless paths (runtime.GoFunction.Fast) of the library functions that
// programs call most in their loops. Each answers only when its arguments
// have the common types and the call gives exactly one result and cannot
// raise an error; anything else returns false and the function's Fn runs
// as always, with its frame, its conversions and its error messages.

// fastByte is string.byte(s [, i]) for one byte inside s.
func fastByte(args []runtime.Value) (runtime.Value, bool) {
	if len(args) == 0 || len(args) > 2 || !args[0].IsString() {
		return runtime.Nil, false
	}
	s := args[0].AsString()
	i := int64(1)
	if len(args) == 2 {
		if !args[1].IsInt() {
			return runtime.Nil, false
		}
		i = args[1].AsInt()
	}
	// posrelatI and getendpos of the same raw position agree on one byte
	// exactly when it is inside the string, counted from either end.
	if i < 0 {
		i += int64(len(s)) + 1
	}
	if i < 1 || i > int64(len(s)) {
		return runtime.Nil, false
	}
	return runtime.Int(int64(s[i-1])), true
}

// fastSub is string.sub(s, i [, j]) with integer positions.
func fastSub(args []runtime.Value) (runtime.Value, bool) {
	if len(args) < 2 || len(args) > 3 || !args[0].IsString() || !args[1].IsInt() {
		return runtime.Nil, false
	}
	s := args[0].AsString()
	l := int64(len(s))
	start := posRelatI(args[1].AsInt(), len(s))
	end := int64(-1)
	if len(args) == 3 {
		switch {
		case args[2].IsInt():
			end = args[2].AsInt()
		case !args[2].IsNil():
			return runtime.Nil, false
		}
	}
	switch {
	case end > l:
		end = l
	case end >= 0:
	case end < -l:
		end = 0
	default:
		end += l + 1
	}
	switch {
	case start > end:
		return runtime.String(""), true
	case start == 1 && end == l:
		return args[0], true // the whole string: keep the value (and its hash)
	}
	return runtime.String(s[start-1 : end]), true
}

// fastChar is string.char(c) of one integer byte.
func fastChar(args []runtime.Value) (runtime.Value, bool) {
	if len(args) != 1 || !args[0].IsInt() || uint64(args[0].AsInt()) > 255 {
		return runtime.Nil, false
	}
	return runtime.String(byteStrings[args[0].AsInt()]), true
}

// fastLen is string.len(s) of a string.
func fastLen(args []runtime.Value) (runtime.Value, bool) {
	if len(args) == 0 || !args[0].IsString() {
		return runtime.Nil, false
	}
	return runtime.Int(int64(len(args[0].AsString()))), true
}

// fastFloor is math.floor(x) of a number.
func fastFloor(args []runtime.Value) (runtime.Value, bool) {
	if len(args) == 0 {
		return runtime.Nil, false
	}
	switch v := args[0]; {
	case v.IsInt():
		return v, true
	case v.IsFloat():
		f := math.Floor(v.AsFloat())
		if i, ok := luanum.FloatToInt(f); ok {
			return runtime.Int(i), true
		}
		return runtime.Float(f), true
	}
	return runtime.Nil, false
}

// fastAbs is math.abs(x) of a number.
func fastAbs(args []runtime.Value) (runtime.Value, bool) {
	if len(args) == 0 {
		return runtime.Nil, false
	}
	switch v := args[0]; {
	case v.IsInt():
		n := v.AsInt()
		if n < 0 {
			n = -n // wraps for mininteger, like the reference
		}
		return runtime.Int(n), true
	case v.IsFloat():
		return runtime.Float(math.Abs(v.AsFloat())), true
	}
	return runtime.Nil, false
}

// fastSqrt is math.sqrt(x) of a number.
func fastSqrt(args []runtime.Value) (runtime.Value, bool) {
	if len(args) == 0 {
		return runtime.Nil, false
	}
	var x float64
	switch v := args[0]; {
	case v.IsFloat():
		x = v.AsFloat()
	case v.IsInt():
		x = float64(v.AsInt())
	default:
		return runtime.Nil, false
	}
	return runtime.Float(fixNaN(math.Sqrt(x), nanInvalid, x)), true
}

// fastFind is string.find(s, p [, init [, plain]]) in findAux's two
// cases that neither tick nor allocate, so that a call without its frame
// is invisible: a plain search of fewer than 1024 bytes (TickBytes counts
// none), and a pattern that the pattern cache already knows to be one
// single-byte item (FindSingle, which reports no steps). Any other
// pattern, argument or count goes to strFind.
func fastFind(args []runtime.Value) (runtime.Value, runtime.Value, int) {
	if len(args) < 2 || len(args) > 4 || !args[0].IsString() || !args[1].IsString() {
		return runtime.Nil, runtime.Nil, 0
	}
	s, p := args[0].AsString(), args[1].AsString()
	init := int64(1)
	if len(args) > 2 {
		switch a := args[2]; {
		case a.IsInt():
			init = a.AsInt()
		case !a.IsNil():
			return runtime.Nil, runtime.Nil, 0
		}
	}
	init = posRelatI(init, len(s)) - 1
	if init > int64(len(s)) {
		return runtime.Nil, runtime.Nil, 1
	}
	// json's finds: a pattern of two bytes or more has a special when it
	// is a single item, so FindSingle's answer is findAux's.
	if len(p) > 1 && (len(args) < 4 || !args[3].Truthy()) {
		if st, known := pattern.FindSingle(s, p, int(init)); known {
			if st < 0 {
				return runtime.Nil, runtime.Nil, 1
			}
			pos := runtime.Int(int64(st + 1))
			return pos, pos, 2
		}
	}
	return fastFindPlain(s, p, int(init), len(args) == 4 && args[3].Truthy())
}

// fastFindPlain is fastFind's plain search, out of line to leave
// fastFind's own frame small.
//
//go:noinline
func fastFindPlain(s, p string, init int, plain bool) (runtime.Value, runtime.Value, int) {
	if len(s)-init >= 1024 || !plain && pattern.HasSpecials(p) {
		return runtime.Nil, runtime.Nil, 0
	}
	if i := pattern.IndexPlain(s, p, init); i >= 0 {
		return runtime.Int(int64(i + 1)), runtime.Int(int64(i + len(p))), 2
	}
	return runtime.Nil, runtime.Nil, 1
}

// fastGsub is string.gsub(s, p, repl) when the pattern cache knows that
// nothing is replaced (pattern.GsubNothing: json's escapes, mostly): the
// subject itself and 0, as strGsub gives after its checks of repl's type,
// which a wrong type leaves to strGsub and its error.
func fastGsub(args []runtime.Value) (runtime.Value, runtime.Value, int) {
	if len(args) != 3 || !args[0].IsString() || !args[1].IsString() {
		return runtime.Nil, runtime.Nil, 0
	}
	switch args[2].Type() {
	case runtime.TypeString, runtime.TypeNumber, runtime.TypeTable, runtime.TypeFunction:
	default:
		return runtime.Nil, runtime.Nil, 0
	}
	if !pattern.GsubNothing(args[0].AsString(), args[1].AsString()) {
		return runtime.Nil, runtime.Nil, 0
	}
	return args[0], runtime.Int(0), 2
}

// fastRemove is table.remove(t) of the last element of a plain table
// (no metatable) whose border lies in its array part: that element,
// and t[#t] = nil. The rest (a position, a proxy, an empty list, a
// border in the hash part) goes to tabRemove.
func fastRemove(args []runtime.Value) (runtime.Value, bool) {
	if len(args) != 1 {
		return runtime.Nil, false
	}
	t := args[0].AsTable()
	if t == nil || t.Metatable() != nil {
		return runtime.Nil, false
	}
	n := t.Len()
	a := t.Array()
	if n < 1 || n > int64(len(a)) {
		return runtime.Nil, false
	}
	v := a[n-1]
	a[n-1] = runtime.Nil
	return v, true
}

// fastFunc names a library function and its frameless path.
type fastFunc struct {
	name string
	fast func([]runtime.Value) (runtime.Value, bool)
}

// setFast gives the functions of library t named in fns their frameless
// paths (a slice, not a map, as for libFunc).
func setFast(t *runtime.Table, fns []fastFunc) {
	for _, f := range fns {
		if g := t.GetStr(f.name).AsGoFunction(); g != nil {
			g.Fast = f.fast
		}
	}
}
