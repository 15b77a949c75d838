package luanum

import (
	"math"
	"strconv"
)

// FormatFloat renders a float the way tostring, print and string
// concatenation do (lobject.c's tostringbuff): C's "%.14g", followed by ".0"
// when the result would otherwise read back as an integer, so that "3.0"
// stays distinguishable from 3 while "1e+100" and "0.5" are left alone.
// Infinities and NaNs are spelled as glibc prints them: "inf", "-inf", "nan"
// and "-nan" (the sign bit of a NaN is visible; on x86 the NaN produced by
// 0/0 has it set, which is why the reference interpreter prints "-nan").
func FormatFloat(f float64) string {
	var buf [32]byte
	return string(AppendFloat(buf[:0], f))
}

// AppendFloat appends FormatFloat(f) to dst. It is the allocation-free form
// used by the VM's concatenation and tostring paths.
func AppendFloat(dst []byte, f float64) []byte {
	if math.Signbit(f) {
		dst = append(dst, '-')
		f = -f
	}
	if f != f {
		return append(dst, "nan"...)
	}
	if f > math.MaxFloat64 {
		return append(dst, "inf"...)
	}
	// Fast path: an integral value below 1e14 has at most 14 digits, so
	// "%.14g" prints it exactly, with no exponent.
	if f < 1e14 && f == math.Trunc(f) {
		dst = strconv.AppendInt(dst, int64(f), 10)
		return append(dst, '.', '0')
	}
	start := len(dst)
	dst = appendG(dst, f, 14, false, false)
	for _, c := range dst[start:] {
		if c != '-' && (c < '0' || c > '9') {
			return dst
		}
	}
	return append(dst, '.', '0')
}

// AppendInt appends the decimal form of i, as Lua's "%lld" (LUA_INTEGER_FMT)
// prints integers for tostring and concatenation.
func AppendInt(dst []byte, i int64) []byte {
	return strconv.AppendInt(dst, i, 10)
}

// two63 is 2^63, the first float above the int64 range. Comparisons against
// it are exact, unlike comparisons against float64(math.MaxInt64), which
// rounds up to 2^63.
const two63 = 9223372036854775808.0

// FloatToInt converts f to an integer only when f has an exact integer value
// inside the int64 range (Lua's F2Ieq mode). It is what makes 3.0 usable as a
// table key or bitwise operand while 3.5, 2^63 and NaN are not.
func FloatToInt(f float64) (int64, bool) {
	if f >= -two63 && f < two63 {
		i := int64(f)
		if float64(i) == f {
			return i, true
		}
	}
	return 0, false
}

// FloorToInt returns floor(f) as an integer (Lua's F2Ifloor mode), used by
// math.floor and by numeric 'for' loops to clip float limits. ok is false
// when the floor lies outside the int64 range or f is NaN; callers decide
// what that means (math.floor then returns the float itself).
func FloorToInt(f float64) (int64, bool) {
	f = math.Floor(f)
	if f >= -two63 && f < two63 {
		return int64(f), true
	}
	return 0, false
}

// CeilToInt returns ceil(f) as an integer (Lua's F2Iceil mode), used by
// math.ceil and by 'for' loops counting downwards. ok is false outside the
// int64 range or for NaN.
func CeilToInt(f float64) (int64, bool) {
	f = math.Ceil(f)
	if f >= -two63 && f < two63 {
		return int64(f), true
	}
	return 0, false
}

// appendG appends the C "%.<prec>g" rendering of a, which must be finite and
// non-negative (the caller emits the sign). alt selects the '#' form, which
// keeps trailing zeros and the decimal point; upper selects 'E'.
//
// strconv is used only for its correctly rounded digits (the "%e" form with
// prec-1 fraction digits); the choice between fixed and exponent notation
// and the trailing-zero removal follow the C standard: with P significant
// digits and decimal exponent X, fixed notation is used when P > X >= -4.
// The rewriting happens in place inside dst to avoid a scratch buffer.
func appendG(dst []byte, a float64, prec int, alt, upper bool) []byte {
	if prec < 0 {
		prec = 6
	} else if prec == 0 {
		prec = 1
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, a, 'e', prec-1, 64)
	// Split off the exponent: the output ends in e[+-]dd...
	ei := len(dst) - 1
	for dst[ei] != 'e' {
		ei--
	}
	x := 0
	for _, c := range dst[ei+2:] {
		x = x*10 + int(c-'0')
	}
	if dst[ei+1] == '-' {
		x = -x
	}
	dst = dst[:ei] // mantissa: "d" or "d.ddd" (prec digits)
	if x < prec && x >= -4 {
		if x > 0 {
			// "d.dddd" -> move the point x places right. prec > x >= 1,
			// so the mantissa has a point and at least x digits after it.
			copy(dst[start+1:start+1+x], dst[start+2:start+2+x])
			dst[start+1+x] = '.'
		} else if x < 0 {
			// "d.ddd" -> "0.000ddd": drop the point, then shift everything
			// right by 1-x to make room for "0." and -x-1 zeros.
			if prec > 1 {
				copy(dst[start+1:], dst[start+2:])
				dst = dst[:len(dst)-1]
			}
			shift := 1 - x
			n := len(dst)
			for k := 0; k < shift; k++ {
				dst = append(dst, 0)
			}
			copy(dst[start+shift:], dst[start:n])
			dst[start] = '0'
			dst[start+1] = '.'
			for k := start + 2; k < start+shift; k++ {
				dst[k] = '0'
			}
		}
		return finishMantissa(dst, start, alt)
	}
	if alt && x == prec && prec <= 22 && a < math.Pow10(prec) {
		// glibc quirk: it picks fixed notation from the unrounded exponent
		// (P-1 here), and when rounding then carries to 10^P it switches to
		// exponent notation but keeps the fixed-notation count of mandatory
		// fraction digits, which is zero. So "%#g" of 999999.5 prints
		// "1.e+06", not "1.00000e+06". (10^P is exact for P <= 22, and such
		// a carry is impossible for P >= 17 anyway.)
		dst = append(dst[:start], '1', '.')
		return appendExp(dst, x, upper)
	}
	dst = finishMantissa(dst, start, alt)
	return appendExp(dst, x, upper)
}

// finishMantissa applies %g's trailing-zero rule to dst[start:]: without '#'
// zeros after the point and then a bare point are removed; with '#' a point
// is always present.
func finishMantissa(dst []byte, start int, alt bool) []byte {
	dot := -1
	for k := start; k < len(dst); k++ {
		if dst[k] == '.' {
			dot = k
			break
		}
	}
	if alt {
		if dot < 0 {
			dst = append(dst, '.')
		}
		return dst
	}
	if dot < 0 {
		return dst
	}
	end := len(dst)
	for end > dot+1 && dst[end-1] == '0' {
		end--
	}
	if end == dot+1 {
		end = dot
	}
	return dst[:end]
}

// appendExp appends a C-style decimal exponent: 'e', a sign and at least two
// digits.
func appendExp(dst []byte, x int, upper bool) []byte {
	if upper {
		dst = append(dst, 'E')
	} else {
		dst = append(dst, 'e')
	}
	if x < 0 {
		dst = append(dst, '-')
		x = -x
	} else {
		dst = append(dst, '+')
	}
	if x < 10 {
		dst = append(dst, '0')
	}
	return strconv.AppendInt(dst, int64(x), 10)
}
