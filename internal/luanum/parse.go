package luanum

import (
	"math"
	"math/bits"
	"strconv"
)

// isSpace reports whether c is whitespace for Lua's purposes. Lua uses its
// own ctype table (lctype.c), which in the C locale agrees with isspace:
// space, \t, \n, \v, \f and \r. strtod skips the same set of leading blanks.
func isSpace(c byte) bool {
	return c == ' ' || (c >= '\t' && c <= '\r')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// hexValue returns the value of hexadecimal digit c, or -1 when c is not one.
func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// StrToInt converts a string holding a Lua integer numeral: optional leading
// and trailing whitespace (C isspace), an optional sign ('-' or '+', as Lua's
// isneg accepts both), then decimal digits or "0x"/"0X" followed by hex
// digits.
//
// Hexadecimal numerals wrap around modulo 2^64 (so "0xffffffffffffffff" is
// -1), because Lua treats them as bit patterns. A decimal numeral that does
// not fit in an int64 returns ok=false instead, so that callers fall back to
// StrToFloat and "9223372036854775808" becomes the float 2^63, exactly like
// lobject.c's l_str2int. Any other byte, including an embedded NUL, makes the
// whole string invalid, because Lua requires the numeral to span the entire
// string.
func StrToInt(s string) (v int64, ok bool) {
	const maxBy10 = uint64(math.MaxInt64 / 10) // 922337203685477580
	const maxLastDigit = uint64(math.MaxInt64 % 10)
	i, n := 0, len(s)
	for i < n && isSpace(s[i]) {
		i++
	}
	neg := uint64(0)
	if i < n {
		if s[i] == '-' {
			neg = 1
			i++
		} else if s[i] == '+' {
			i++
		}
	}
	var a uint64
	empty := true
	if i+1 < n && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') {
		i += 2
		for i < n {
			d := hexValue(s[i])
			if d < 0 {
				break
			}
			a = a<<4 | uint64(d)
			empty = false
			i++
		}
	} else {
		for i < n && isDigit(s[i]) {
			d := uint64(s[i] - '0')
			// A negative numeral may reach one past MaxInt64 (MinInt64).
			if a >= maxBy10 && (a > maxBy10 || d > maxLastDigit+neg) {
				return 0, false
			}
			a = a*10 + d
			empty = false
			i++
		}
	}
	for i < n && isSpace(s[i]) {
		i++
	}
	if empty || i != n {
		return 0, false
	}
	if neg != 0 {
		a = -a
	}
	return int64(a), true
}

// StrToFloat converts a float numeral the way lua_stringtonumber does, which
// is C strtod restricted to what Lua accepts: decimal numerals with optional
// fraction and exponent ("5.", ".5", "1e-3"), and hexadecimal numerals with
// an optional fraction and optional binary exponent ("0x.8", "0x1p4"),
// converted exactly with round-half-even like glibc's strtod. Surrounding
// whitespace and a leading sign are allowed.
//
// Lua rejects "inf" and "nan" (l_str2d refuses any string containing 'n'
// before it calls strtod), and everything strtod would only partially
// consume ("1e", "0x", "0x8p", "1 2", embedded NUL) is rejected because the
// numeral must span the whole string. Out-of-range values become ±Inf or
// (signed) zero, as strtod returns them and Lua ignores errno.
func StrToFloat(s string) (v float64, ok bool) {
	i, n := 0, len(s)
	for i < n && isSpace(s[i]) {
		i++
	}
	start := i
	neg := false
	if i < n && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	if i+1 < n && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') {
		return parseHexFloat(s, i+2, neg)
	}
	// Decimal: digits [. digits] with at least one digit, then [eE][+-]digits.
	// mag tracks the decimal exponent of the first nonzero digit, so that
	// overflow can be detected without strconv's allocating range error.
	digits := 0
	mag := 0
	nonzero := false
	for i < n && isDigit(s[i]) {
		if nonzero {
			mag++
		} else if s[i] != '0' {
			nonzero = true
		}
		i++
		digits++
	}
	if i < n && s[i] == '.' {
		i++
		for i < n && isDigit(s[i]) {
			if !nonzero {
				mag--
				nonzero = s[i] != '0'
			}
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		eneg := false
		if j < n && (s[j] == '+' || s[j] == '-') {
			eneg = s[j] == '-'
			j++
		}
		if j >= n || !isDigit(s[j]) {
			// strtod would stop before the 'e', leaving trailing garbage.
			return 0, false
		}
		e := 0
		for j < n && isDigit(s[j]) {
			if e < 1<<50 {
				e = e*10 + int(s[j]-'0')
			}
			j++
		}
		if eneg {
			e = -e
		}
		mag += e
		i = j
	}
	end := i
	for i < n && isSpace(s[i]) {
		i++
	}
	if i != n {
		return 0, false
	}
	if nonzero && mag >= 309 {
		// At least 1e309: beyond the largest double (about 1.8e308).
		if neg {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	// The syntax accepted above is a subset of strconv's, and strconv is
	// correctly rounded like glibc; a range error still carries the ±Inf
	// (or zero) that strtod would return.
	f, err := strconv.ParseFloat(s[start:end], 64)
	if err != nil {
		if ne, isNum := err.(*strconv.NumError); !isNum || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	return f, true
}

// parseHexFloat parses the part of a hexadecimal float numeral after "0x",
// starting at s[i]. It is written by hand because strconv insists on a 'p'
// exponent, while C (and therefore Lua) makes it optional. The mantissa keeps
// the first 64 significant bits plus a sticky bit, which is enough to round
// exactly to the nearest double.
func parseHexFloat(s string, i int, neg bool) (float64, bool) {
	n := len(s)
	var mant uint64
	sticky := false
	exp := 0 // binary exponent adjustment from digit positions
	digits := 0
	sigBits := 0 // significant bits held in mant
	addDigit := func(d int, afterDot bool) {
		digits++
		if mant == 0 && d == 0 {
			// Leading zero: only its position matters.
			if afterDot {
				exp -= 4
			}
			return
		}
		if sigBits+4 <= 64 {
			mant = mant<<4 | uint64(d)
			if sigBits == 0 {
				sigBits = bits.Len64(mant)
			} else {
				sigBits += 4
			}
			if afterDot {
				exp -= 4
			}
			return
		}
		// No room left: the digit only contributes to rounding.
		if d != 0 {
			sticky = true
		}
		if !afterDot {
			exp += 4
		}
	}
	for i < n {
		d := hexValue(s[i])
		if d < 0 {
			break
		}
		addDigit(d, false)
		i++
	}
	if i < n && s[i] == '.' {
		i++
		for i < n {
			d := hexValue(s[i])
			if d < 0 {
				break
			}
			addDigit(d, true)
			i++
		}
	}
	if digits == 0 {
		// "0x" or "0x." : strtod reads only the "0", leaving "x..." behind.
		return 0, false
	}
	if i < n && (s[i] == 'p' || s[i] == 'P') {
		j := i + 1
		eneg := false
		if j < n && (s[j] == '+' || s[j] == '-') {
			eneg = s[j] == '-'
			j++
		}
		if j >= n || !isDigit(s[j]) {
			return 0, false
		}
		e := 0
		for j < n && isDigit(s[j]) {
			// Saturate far beyond any representable exponent but far below
			// int overflow, leaving room for the digit-position adjustment.
			if e < 1<<50 {
				e = e*10 + int(s[j]-'0')
			}
			j++
		}
		if eneg {
			e = -e
		}
		exp += e
		i = j
	}
	for i < n && isSpace(s[i]) {
		i++
	}
	if i != n {
		return 0, false
	}
	return makeFloat(mant, exp, sticky, neg), true
}

// makeFloat returns the double nearest to mant * 2^exp (ties to even), where
// sticky records nonzero bits below mant that were dropped.
func makeFloat(mant uint64, exp int, sticky, neg bool) float64 {
	var sign uint64
	if neg {
		sign = 1 << 63
	}
	if mant == 0 {
		return math.Float64frombits(sign)
	}
	lz := bits.LeadingZeros64(mant)
	mant <<= uint(lz)
	exp -= lz
	// Now value = mant * 2^exp with bit 63 of mant set, i.e. 1.f * 2^e2.
	e2 := exp + 63
	if e2 > 1023 {
		return math.Float64frombits(sign | 0x7ff<<52)
	}
	shift := 11 // keep 53 bits for a normal number
	if e2 < -1022 {
		shift += -1022 - e2 // subnormal: fewer bits survive
		if shift > 64 {
			// Below half the smallest subnormal: rounds to zero.
			return math.Float64frombits(sign)
		}
	}
	var kept, rem, half uint64
	if shift == 64 {
		kept, rem, half = 0, mant, 1<<63
	} else {
		kept = mant >> uint(shift)
		rem = mant & (1<<uint(shift) - 1)
		half = 1 << uint(shift-1)
	}
	if rem > half || (rem == half && (sticky || kept&1 == 1)) {
		kept++
	}
	if e2 < -1022 {
		// Subnormal: the biased exponent field is 0; a carry into bit 52
		// correctly produces the smallest normal number.
		return math.Float64frombits(sign | kept)
	}
	if kept == 1<<53 {
		kept >>= 1
		e2++
		if e2 > 1023 {
			return math.Float64frombits(sign | 0x7ff<<52)
		}
	}
	return math.Float64frombits(sign | uint64(e2+1023)<<52 | kept&(1<<52-1))
}

// StrToNumber converts a string to a Lua number as luaO_str2num does: it
// tries an integer numeral first and then a float numeral, so "10" is an
// integer, "10.0" and "1e1" are floats, and an out-of-range decimal integer
// such as "9223372036854775808" becomes a float. isFloat tells which of i or
// f holds the result; ok is false when s is not a numeral at all.
func StrToNumber(s string) (i int64, f float64, isFloat bool, ok bool) {
	if v, ok := StrToInt(s); ok {
		return v, 0, false, true
	}
	if v, ok := StrToFloat(s); ok {
		return 0, v, true, true
	}
	return 0, 0, false, false
}
