package stdlib

import (
	"math"
	"panto/internal/crmath"

	"panto/internal/luanum"
	"panto/runtime"
)

// The math library (manual §6.7), with the functions that the reference
// keeps under LUA_COMPAT_MATHLIB (atan2, cosh, sinh, tanh, pow, frexp,
// ldexp, log10), since Debian's lua5.4 is built with them.
//
// Integer arguments keep their subtype wherever the reference checks
// lua_isinteger (abs, floor, ceil, fmod, modf, max, min): that test is true
// only for integer values, so a numeric string such as "3" goes the float
// way and math.abs("-3") is 3.0.

// OpenMath opens the math library.
func OpenMath(L *runtime.State) {
	fns := []libFunc{
		{"abs", mathAbs},
		{"ceil", mathCeil},
		{"floor", mathFloor},
		{"fmod", mathFmod},
		{"modf", mathModf},
		{"max", mathMax},
		{"min", mathMin},
		{"tointeger", mathToInteger},
		{"type", mathType},
		{"ult", mathUlt},
		{"sqrt", mathSqrt},
		{"exp", mathExp},
		{"log", mathLog},
		{"sin", mathFloat1(crmath.Sin, nanInvalid)},
		{"cos", mathFloat1(crmath.Cos, nanInvalid)},
		{"tan", mathFloat1(crmath.Tan, nanInvalid)},
		{"asin", mathFloat1(crmath.Asin, nanPositive)},
		{"acos", mathFloat1(crmath.Acos, nanPositive)},
		{"atan", mathAtan},
		{"deg", mathFloat1(func(x float64) float64 { return x * degPerRad }, nanInvalid)},
		{"rad", mathFloat1(func(x float64) float64 { return x * radPerDeg }, nanInvalid)},
		// LUA_COMPAT_MATHLIB
		{"cosh", mathFloat1(fdCosh, nanInvalid)},
		{"sinh", mathFloat1(fdSinh, nanInvalid)},
		{"tanh", mathFloat1(fdTanh, nanInvalid)},
		{"log10", mathFloat1(fdLog10, nanPositive)},
		{"pow", mathPow},
		{"frexp", mathFrexp},
		{"ldexp", mathLdexp},
	}
	t := newLib(L, "math", fns)
	setFast(t, []fastFunc{{"abs", fastAbs}, {"floor", fastFloor}, {"sqrt", fastSqrt}})
	// atan2 is atan itself, as in the reference (math.atan == math.atan2).
	t.SetName("atan2", t.GetStr("atan"))
	t.SetName("pi", runtime.Float(math.Pi))
	t.SetName("huge", runtime.Float(math.Inf(1)))
	t.SetName("maxinteger", runtime.Int(math.MaxInt64))
	t.SetName("mininteger", runtime.Int(math.MinInt64))
	openRandom(L, t)
}

// NaNs. The reference prints the sign of a NaN ("-nan" or "nan"), so it
// matters which one a function returns. On x86-64 with glibc (where the
// goldens come from) a NaN argument comes back unchanged, sign included,
// and an invalid operation on ordinary arguments (sqrt(-1), fmod(1, 0),
// sin(inf), log(-1)) produces the processor's default NaN, whose sign bit
// is set, except for a few glibc functions (asin, acos, log10) that build a
// positive one. Go's math package returns its own positive NaN in most of
// these cases, so results are fixed up here.
const (
	nanInvalid  = false // invalid operations give -nan
	nanPositive = true  // invalid operations give nan
)

// Conversion factors of math.deg and math.rad, computed in double
// precision as the reference's 180.0/PI and PI/180.0 are (a Go constant
// expression would be computed exactly and could round differently).
var (
	piVar     = math.Pi
	degPerRad = 180.0 / piVar
	radPerDeg = piVar / 180.0
)

var (
	negNaN = math.Float64frombits(0xFFF8000000000000)
	posNaN = math.Float64frombits(0x7FF8000000000000)
)

// fixNaN returns r, or, when r is a NaN, the NaN the reference would give
// for arguments args: the first NaN argument, else the default NaN.
func fixNaN(r float64, positive bool, args ...float64) float64 {
	if r == r {
		return r
	}
	for _, a := range args {
		if a != a {
			return a
		}
	}
	if positive {
		return posNaN
	}
	return negNaN
}

// mathFloat1 makes a function of one float argument with a float result.
func mathFloat1(f func(float64) float64, nan bool) func(*runtime.State) int {
	return func(L *runtime.State) int {
		x := L.CheckNumber(1)
		L.Push(runtime.Float(fixNaN(f(x), nan, x)))
		return 1
	}
}

// pushNumInt pushes a float with an integral value as an integer when it
// fits, else as the float itself (lua_Number to lua_Integer conversion of
// math.floor and math.ceil).
func pushNumInt(L *runtime.State, f float64) {
	if i, ok := luanum.FloatToInt(f); ok {
		L.Push(runtime.Int(i))
	} else {
		L.Push(runtime.Float(f))
	}
}

func mathAbs(L *runtime.State) int {
	if v := L.Arg(1); v.IsInt() {
		n := v.AsInt()
		if n < 0 {
			n = -n // wraps for mininteger, like the reference
		}
		L.Push(runtime.Int(n))
		return 1
	}
	L.Push(runtime.Float(math.Abs(L.CheckNumber(1))))
	return 1
}

func mathFloor(L *runtime.State) int {
	if v := L.Arg(1); v.IsInt() {
		L.Push(v)
		return 1
	}
	pushNumInt(L, math.Floor(L.CheckNumber(1)))
	return 1
}

func mathCeil(L *runtime.State) int {
	if v := L.Arg(1); v.IsInt() {
		L.Push(v)
		return 1
	}
	pushNumInt(L, math.Ceil(L.CheckNumber(1)))
	return 1
}

// mathFmod is math.fmod: C's truncating remainder, on integers when both
// arguments are integers.
func mathFmod(L *runtime.State) int {
	a, b := L.Arg(1), L.Arg(2)
	if a.IsInt() && b.IsInt() {
		d := b.AsInt()
		switch d {
		case 0:
			L.ArgError(2, "zero")
		case -1:
			L.Push(runtime.Int(0)) // avoids the overflow of mininteger % -1
		default:
			L.Push(runtime.Int(a.AsInt() % d))
		}
		return 1
	}
	// gcc evaluates the reference's fmod(luaL_checknumber(L, 1),
	// luaL_checknumber(L, 2)) right to left: argument 2 is checked first.
	y := L.CheckNumber(2)
	x := L.CheckNumber(1)
	L.Push(runtime.Float(fixNaN(math.Mod(x, y), nanInvalid, x, y)))
	return 1
}

// mathModf is math.modf: the integral part rounds towards zero and is an
// integer when it fits (a float otherwise, e.g. for inf); the fractional
// part is always a float.
func mathModf(L *runtime.State) int {
	if v := L.Arg(1); v.IsInt() {
		L.Push(v, runtime.Float(0))
		return 2
	}
	n := L.CheckNumber(1)
	var ip float64
	if n < 0 {
		ip = math.Ceil(n)
	} else {
		ip = math.Floor(n)
	}
	pushNumInt(L, ip)
	frac := 0.0
	if n != ip { // also keeps inf - inf from making a NaN
		frac = n - ip
	}
	L.Push(runtime.Float(frac))
	return 2
}

func mathSqrt(L *runtime.State) int {
	x := L.CheckNumber(1)
	L.Push(runtime.Float(fixNaN(math.Sqrt(x), nanInvalid, x)))
	return 1
}

func mathExp(L *runtime.State) int {
	x := L.CheckNumber(1)
	L.Push(runtime.Float(fixNaN(crmath.Exp(x), nanInvalid, x)))
	return 1
}

// mathLog is math.log(x [, base]), with log2 and log10 for those bases as
// in the reference (they are exact where log(x)/log(base) is not).
func mathLog(L *runtime.State) int {
	x := L.CheckNumber(1)
	var r float64
	if L.Arg(2).IsNil() {
		r = fixNaN(crmath.Log(x), nanInvalid, x)
	} else {
		base := L.CheckNumber(2)
		switch base {
		case 2:
			r = fixNaN(crmath.Log2(x), nanInvalid, x)
		case 10:
			r = fixNaN(fdLog10(x), nanPositive, x)
		default:
			r = fixNaN(crmath.Log(x), nanInvalid, x) / fixNaN(crmath.Log(base), nanInvalid, base)
		}
	}
	L.Push(runtime.Float(r))
	return 1
}

// mathAtan is math.atan(y [, x]).
func mathAtan(L *runtime.State) int {
	y := L.CheckNumber(1)
	x := L.OptNumber(2, 1)
	L.Push(runtime.Float(fixNaN(crmath.Atan2(y, x), nanInvalid, y, x)))
	return 1
}

func mathPow(L *runtime.State) int {
	x, y := L.CheckNumber(1), L.CheckNumber(2)
	L.Push(runtime.Float(crmath.Pow(x, y)))
	return 1
}

func mathFrexp(L *runtime.State) int {
	m, e := math.Frexp(L.CheckNumber(1))
	L.Push(runtime.Float(m), runtime.Int(int64(e)))
	return 2
}

// mathLdexp is math.ldexp(m, e); the exponent is converted to a C int as
// in the reference, so it wraps around at 32 bits.
func mathLdexp(L *runtime.State) int {
	m := L.CheckNumber(1)
	e := int32(L.CheckInteger(2))
	L.Push(runtime.Float(math.Ldexp(m, int(e))))
	return 1
}

// mathMin and mathMax use the < operator, so they accept any comparable
// values (strings, tables with __lt) and return the winning argument
// unchanged: its subtype is kept and ties go to the first one.
func mathMin(L *runtime.State) int {
	n := L.Top()
	if n < 1 {
		L.ArgError(1, "value expected")
	}
	best := L.Arg(1)
	for i := 2; i <= n; i++ {
		if v := L.Arg(i); numLess(L, v, best) {
			best = v
		}
	}
	L.Push(best)
	return 1
}

func mathMax(L *runtime.State) int {
	n := L.Top()
	if n < 1 {
		L.ArgError(1, "value expected")
	}
	best := L.Arg(1)
	for i := 2; i <= n; i++ {
		if v := L.Arg(i); numLess(L, best, v) {
			best = v
		}
	}
	L.Push(best)
	return 1
}

// numLess is a < b with a fast path for numbers of the same subtype.
func numLess(L *runtime.State, a, b runtime.Value) bool {
	switch {
	case a.IsInt() && b.IsInt():
		return a.AsInt() < b.AsInt()
	case a.IsFloat() && b.IsFloat():
		return a.AsFloat() < b.AsFloat()
	}
	return L.LessThan(a, b)
}

// mathToInteger is math.tointeger(x): in 5.4.4 it converts like
// lua_tointegerx, so numeric strings convert too ("8", "0x10", "3.0").
func mathToInteger(L *runtime.State) int {
	if i, ok := L.Arg(1).ToInteger(); ok {
		L.Push(runtime.Int(i))
		return 1
	}
	L.CheckAny(1)
	L.Push(runtime.Nil)
	return 1
}

func mathType(L *runtime.State) int {
	switch v := L.Arg(1); {
	case v.IsInt():
		L.PushString("integer")
	case v.IsFloat():
		L.PushString("float")
	default:
		L.CheckAny(1)
		L.Push(runtime.Nil)
	}
	return 1
}

func mathUlt(L *runtime.State) int {
	a, b := L.CheckInteger(1), L.CheckInteger(2)
	L.Push(runtime.Bool(uint64(a) < uint64(b)))
	return 1
}
