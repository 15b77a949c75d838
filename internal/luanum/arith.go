package luanum

import (
	"math"

	"panto/internal/crmath"
)

// Integer and float arithmetic with Lua 5.4's rules, shared by the VM and
// the compiler's constant folding so both compute the same values.

// IDiv is floor division on integers; b must not be 0.
func IDiv(a, b int64) int64 {
	if b == -1 {
		return -a // avoids the overflow trap of minint / -1
	}
	q := a / b
	if a%b != 0 && (a^b) < 0 {
		q--
	}
	return q
}

// Mod is the integer modulo whose sign follows the divisor; b must not be 0.
func Mod(a, b int64) int64 {
	if b == -1 {
		return 0
	}
	r := a % b
	if r != 0 && (r^b) < 0 {
		r += b
	}
	return r
}

// FMod is the float modulo: C's fmod adjusted to the divisor's sign.
//
// A NaN result has the sign the reference prints: on x86-64 glibc's fmod
// returns a NaN operand unchanged (the first one) and otherwise the
// processor's default NaN, whose sign bit is set ("-nan" for inf % 2),
// where Go's math.Mod returns a positive NaN.
func FMod(a, b float64) float64 {
	m := math.Mod(a, b)
	if m != m {
		switch {
		case a != a:
			return a
		case b != b:
			return b
		}
		return defaultNaN
	}
	if (m > 0 && b < 0) || (m < 0 && b > 0) {
		m += b
	}
	return m
}

// defaultNaN is the NaN an invalid operation produces on x86-64: the quiet
// NaN with the sign bit set.
var defaultNaN = math.Float64frombits(0xFFF8000000000000)

// ShiftLeft shifts x by y bits: shifts of 64 or more give 0, negative
// shifts go right, and right shifts are logical.
func ShiftLeft(x, y int64) int64 {
	if y < 0 {
		if y <= -64 {
			return 0
		}
		return int64(uint64(x) >> uint(-y))
	}
	if y >= 64 {
		return 0
	}
	return int64(uint64(x) << uint(y))
}

// Pow is exponentiation as the VM computes it: correctly rounded, which
// is what the reference's C library gives for the cases programs meet (Go's
// math.Pow is off by one unit in the last place for about half of the
// non-integer cases).
func Pow(a, b float64) float64 {
	if b == 2 {
		return a * a
	}
	return crmath.Pow(a, b)
}
