package luanum

import (
	"errors"
	"math"
	"strconv"
)

// Spec is one parsed string.format conversion specification, such as the
// "-08.3f" in "%-08.3f".
//
// Verb says which argument the conversion consumes:
//
//   - 'c', 'd', 'i', 'o', 'u', 'x', 'X': an integer (AppendFormatInt)
//   - 'a', 'A', 'e', 'E', 'f', 'g', 'G': a float (AppendFormatFloat)
//   - 's': any value converted with tostring (AppendFormatString)
//   - 'q': any value, written as a Lua literal (AppendQuoted*)
//   - 'p': a pointer (AppendFormatPointer)
//   - '%': the literal "%%"; it consumes no argument
type Spec struct {
	// Flags is the run of flag characters exactly as written (a substring of
	// the format, so parsing does not allocate). Flags may repeat.
	Flags string
	// Width is the minimum field width, 0 when absent.
	Width int
	// Precision is the precision, or -1 when absent. A '.' without digits
	// means 0, as in C.
	Precision int
	// Verb is the conversion character.
	Verb byte
}

// flagSet is Spec.Flags decoded into bits, so formatters test flags cheaply.
type flagSet uint8

const (
	flMinus flagSet = 1 << iota
	flPlus
	flSpace
	flAlt
	flZero
)

func (s *Spec) flagSet() flagSet {
	var f flagSet
	for i := 0; i < len(s.Flags); i++ {
		switch s.Flags[i] {
		case '-':
			f |= flMinus
		case '+':
			f |= flPlus
		case ' ':
			f |= flSpace
		case '#':
			f |= flAlt
		case '0':
			f |= flZero
		}
	}
	return f
}

// Flags accepted by each kind of conversion (lstrlib.c's L_FMTFLAGS*).
const (
	flagsFloat    = "-+ #0"
	flagsHex      = "-#0"
	flagsSigned   = "-+ 0"
	flagsUnsigned = "-0"
	flagsChar     = "-"
)

// maxFormat mirrors MAX_FORMAT - 10 in lstrlib.c: a specification whose flag,
// width and precision characters plus the conversion character reach this
// length is rejected as too long.
const maxFormat = 22

var errFormatTooLong = errors.New("invalid format (too long)")

// ParseSpec parses the conversion specification that starts at format[i],
// just after a '%', and returns it with the index of the first byte after it.
//
// It validates exactly like Lua 5.4.4's string.format (getformat and
// checkformat in lstrlib.c) so that scripts fail with the same messages:
// each conversion allows only its own flags, the width and the precision
// have at most two digits, a width may not start with '0' when '0' is not an
// allowed flag, %c and %p take no precision, %q takes no modifiers at all,
// and unknown conversions (including C length modifiers like 'l' and the
// 'F' and 'n' conversions) are refused. The error text is Lua's message
// without position information, e.g. "invalid conversion '%y' to 'format'"
// or "invalid conversion specification: '%123d'".
//
// "%%" yields Verb '%'. Argument checks ("bad argument #2 to 'format'") are
// the caller's: Lua reports a missing argument before looking at the
// specification, and a wrongly typed integer or float argument before
// validating its flags.
func ParseSpec(format string, i int) (spec Spec, next int, err error) {
	spec.Precision = -1
	if i < 0 || i > len(format) {
		i = len(format)
	}
	if i < len(format) && format[i] == '%' {
		spec.Verb = '%'
		return spec, i + 1, nil
	}
	j := i
	for j < len(format) && isSpecByte(format[j]) {
		j++
	}
	if j-i+1 >= maxFormat {
		return spec, j, errFormatTooLong
	}
	var verb byte
	next = j
	if j < len(format) {
		verb = format[j]
		next = j + 1
	}
	var allowed string
	precisionOK := true
	switch verb {
	case 'c':
		allowed, precisionOK = flagsChar, false
	case 'd', 'i':
		allowed = flagsSigned
	case 'u':
		allowed = flagsUnsigned
	case 'o', 'x', 'X':
		allowed = flagsHex
	case 'a', 'A', 'e', 'E', 'f', 'g', 'G':
		allowed = flagsFloat
	case 'p':
		allowed, precisionOK = flagsChar, false
	case 'q':
		if j > i {
			return spec, next, errors.New("specifier '%q' cannot have modifiers")
		}
		spec.Verb = 'q'
		return spec, next, nil
	case 's':
		if j == i {
			spec.Verb = 's'
			return spec, next, nil
		}
		allowed = flagsChar
	default:
		// C prints the saved form with %s, so an embedded NUL ends it.
		return spec, next, errors.New("invalid conversion '%" + format[i:j] + string(nonNul(verb)) + "' to 'format'")
	}
	k := i
	for k < j && contains(allowed, format[k]) {
		k++
	}
	spec.Flags = format[i:k]
	if k < j && format[k] != '0' {
		k, spec.Width = get2Digits(format, k, j)
		if precisionOK && k < j && format[k] == '.' {
			k, spec.Precision = get2Digits(format, k+1, j)
		}
	}
	if k != j {
		return Spec{Precision: -1}, next, errors.New("invalid conversion specification: '%" + format[i:next] + "'")
	}
	spec.Verb = verb
	return spec, next, nil
}

// nonNul returns the bytes of c to print in an error form: nothing for NUL
// (end of string or embedded zero), c otherwise.
func nonNul(c byte) []byte {
	if c == 0 {
		return nil
	}
	return []byte{c}
}

// isSpecByte reports whether c belongs to the span getformat copies: the
// float flags, the digits 1-9 and the point.
func isSpecByte(c byte) bool {
	switch c {
	case '-', '+', ' ', '#', '0', '.':
		return true
	}
	return c >= '1' && c <= '9'
}

func contains(set string, c byte) bool {
	for i := 0; i < len(set); i++ {
		if set[i] == c {
			return true
		}
	}
	return false
}

// get2Digits reads at most two decimal digits of s starting at k (not past
// end) and returns the new index and their value (0 when there are none).
func get2Digits(s string, k, end int) (int, int) {
	v := 0
	for n := 0; n < 2 && k < end && isDigit(s[k]); n++ {
		v = v*10 + int(s[k]-'0')
		k++
	}
	return k, v
}

// pad applies the field width to the conversion just appended at dst[start:].
// The first prefixLen bytes of it are a sign or "0x" prefix; zero padding goes
// after them (as printf does), space padding before them or, with '-', at
// the end. Padding is inserted in place, so only dst's growth allocates.
func pad(dst []byte, start, prefixLen, width int, left, zero bool) []byte {
	n := len(dst) - start
	if width <= n {
		return dst
	}
	p := width - n
	if left {
		return appendRepeat(dst, ' ', p)
	}
	end := len(dst)
	dst = appendRepeat(dst, 0, p)
	at := start
	fill := byte(' ')
	if zero {
		at += prefixLen
		fill = '0'
	}
	copy(dst[at+p:], dst[at:end])
	for k := at; k < at+p; k++ {
		dst[k] = fill
	}
	return dst
}

func appendRepeat(dst []byte, c byte, n int) []byte {
	for ; n > 0; n-- {
		dst = append(dst, c)
	}
	return dst
}

// AppendFormatInt appends v formatted as glibc's printf formats the integer
// conversion spec.Verb with an "ll" length modifier, which is what
// string.format passes to the C library: 'd' and 'i' are signed; 'u', 'o',
// 'x' and 'X' print the two's-complement bit pattern as an unsigned 64-bit
// number (so "%x" of -1 is "ffffffffffffffff"); 'c' writes the low byte of v
// (any byte, including NUL). Other verbs are treated as 'd'.
//
// C rules reproduced here: a precision is the minimum number of digits and
// turns off the '0' flag, "%.0d" of 0 prints no digits at all, '#' adds "0x"
// only to nonzero hex values and makes octal start with 0, and '+'/' ' apply
// to signed conversions only.
func AppendFormatInt(dst []byte, spec Spec, v int64) []byte {
	fl := spec.flagSet()
	left := fl&flMinus != 0
	start := len(dst)
	if spec.Verb == 'c' {
		dst = append(dst, byte(v))
		return pad(dst, start, 0, spec.Width, left, false)
	}
	base := 10
	signed := false
	u := uint64(v)
	switch spec.Verb {
	case 'o':
		base = 8
	case 'x', 'X':
		base = 16
	case 'u':
	default:
		signed = true
	}
	if signed {
		if v < 0 {
			dst = append(dst, '-')
			u = -u
		} else if fl&flPlus != 0 {
			dst = append(dst, '+')
		} else if fl&flSpace != 0 {
			dst = append(dst, ' ')
		}
	}
	if base == 16 && fl&flAlt != 0 && u != 0 {
		dst = append(dst, '0', spec.Verb)
	}
	prefixLen := len(dst) - start
	var buf [24]byte
	digits := buf[:0]
	if spec.Precision != 0 || u != 0 {
		digits = strconv.AppendUint(digits, u, base)
	}
	nzeros := 0
	if spec.Precision > len(digits) {
		nzeros = spec.Precision - len(digits)
	}
	if base == 8 && fl&flAlt != 0 && nzeros == 0 && (len(digits) == 0 || digits[0] != '0') {
		nzeros = 1
	}
	dst = appendRepeat(dst, '0', nzeros)
	if spec.Verb == 'X' {
		for _, c := range digits {
			if c >= 'a' {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
		}
	} else {
		dst = append(dst, digits...)
	}
	zero := fl&flZero != 0 && !left && spec.Precision < 0
	return pad(dst, start, prefixLen, spec.Width, left, zero)
}

// AppendFormatFloat appends v formatted as glibc's printf formats the float
// conversion spec.Verb ('e', 'E', 'f', 'F', 'g', 'G', 'a' or 'A'; anything
// else is treated as 'g').
//
// Digits come from strconv, which rounds exactly (ties to even) like glibc,
// so "%.99f" of 1e300 prints the full binary value and "%5.1f" of 0.05 gives
// "  0.1". Everything around the digits follows glibc: negative zero keeps
// its sign, infinities and NaNs print as inf/nan (INF/NAN for upper-case
// verbs) with their sign and without zero padding, '#' keeps the point and
// %g's trailing zeros, and %a prints hexadecimal floats the glibc way
// ("0x1p+0", subnormals as "0x0.xxxp-1022", precision rounding half-even on
// the last hex digit without renormalising, so "%.0a" of 1.5 is "0x2p+0").
func AppendFormatFloat(dst []byte, spec Spec, v float64) []byte {
	fl := spec.flagSet()
	left := fl&flMinus != 0
	alt := fl&flAlt != 0
	verb := spec.Verb
	switch verb {
	case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
	default:
		verb = 'g'
	}
	upper := verb == 'E' || verb == 'F' || verb == 'G' || verb == 'A'
	start := len(dst)
	neg := math.Signbit(v)
	a := math.Abs(v)
	if neg {
		dst = append(dst, '-')
	} else if fl&flPlus != 0 {
		dst = append(dst, '+')
	} else if fl&flSpace != 0 {
		dst = append(dst, ' ')
	}
	prefixLen := len(dst) - start
	zero := fl&flZero != 0 && !left
	switch {
	case a != a:
		zero = false
		if upper {
			dst = append(dst, "NAN"...)
		} else {
			dst = append(dst, "nan"...)
		}
	case a > math.MaxFloat64:
		zero = false
		if upper {
			dst = append(dst, "INF"...)
		} else {
			dst = append(dst, "inf"...)
		}
	default:
		switch verb {
		case 'e', 'E':
			prec := spec.Precision
			if prec < 0 {
				prec = 6
			}
			numStart := len(dst)
			dst = strconv.AppendFloat(dst, a, 'e', prec, 64)
			if alt && prec == 0 {
				// "de+XX" -> "d.e+XX"
				dst = append(dst, 0)
				copy(dst[numStart+2:], dst[numStart+1:])
				dst[numStart+1] = '.'
			}
			if upper {
				for k := numStart; k < len(dst); k++ {
					if dst[k] == 'e' {
						dst[k] = 'E'
					}
				}
			}
		case 'f', 'F':
			prec := spec.Precision
			if prec < 0 {
				prec = 6
			}
			dst = strconv.AppendFloat(dst, a, 'f', prec, 64)
			if alt && prec == 0 {
				dst = append(dst, '.')
			}
		case 'g', 'G':
			dst = appendG(dst, a, spec.Precision, alt, upper)
		case 'a', 'A':
			prefixLen += 2 // zero padding goes after "0x"
			dst = appendHexFloat(dst, a, spec.Precision, alt, upper)
		}
	}
	return pad(dst, start, prefixLen, spec.Width, left, zero)
}

// appendHexFloat appends glibc's "%a" rendering of a finite, non-negative a.
// prec < 0 means "as many hex digits as needed" (trailing zeros dropped).
func appendHexFloat(dst []byte, a float64, prec int, alt, upper bool) []byte {
	const hexLower = "0123456789abcdef"
	const hexUpper = "0123456789ABCDEF"
	digits := hexLower
	if upper {
		digits = hexUpper
	}
	b := math.Float64bits(a)
	bexp := int(b>>52) & 0x7ff
	mant := b & (1<<52 - 1) // 13 hex digits
	lead := uint64(1)
	exp := bexp - 1023
	if bexp == 0 {
		lead = 0
		if mant == 0 {
			exp = 0
		} else {
			exp = -1022 // glibc prints subnormals as 0x0.xxxp-1022
		}
	}
	ndig := 13
	if prec >= 0 && prec < 13 {
		// Round lead.mant to prec hex digits, ties to even. A carry may turn
		// the leading digit into 2 (or 0 into 1); glibc keeps it that way.
		shift := uint(4 * (13 - prec))
		full := lead<<52 | mant
		kept := full >> shift
		rem := full & (1<<shift - 1)
		half := uint64(1) << (shift - 1)
		if rem > half || (rem == half && kept&1 == 1) {
			kept++
		}
		lead = kept >> uint(4*prec)
		mant = kept & (1<<uint(4*prec) - 1)
		ndig = prec
	} else if prec < 0 {
		for ndig > 0 && mant&0xf == 0 {
			mant >>= 4
			ndig--
		}
	}
	if upper {
		dst = append(dst, '0', 'X')
	} else {
		dst = append(dst, '0', 'x')
	}
	dst = append(dst, digits[lead])
	if ndig > 0 || alt || prec > 0 {
		dst = append(dst, '.')
	}
	for k := ndig - 1; k >= 0; k-- {
		dst = append(dst, digits[(mant>>uint(4*k))&0xf])
	}
	if prec > 13 {
		dst = appendRepeat(dst, '0', prec-13)
	}
	if upper {
		dst = append(dst, 'P')
	} else {
		dst = append(dst, 'p')
	}
	if exp < 0 {
		dst = append(dst, '-')
		exp = -exp
	} else {
		dst = append(dst, '+')
	}
	return strconv.AppendInt(dst, int64(exp), 10)
}

// AppendFormatString appends s formatted with "%s": a precision truncates s
// to that many bytes, and the width pads with spaces on the left (or on the
// right with '-'). Lua's special case of keeping a string of 100 bytes or
// more whole when there is no precision needs no code here, since a width
// from ParseSpec is at most 99. Lua's other preconditions stay with the
// caller: it applies tostring (__tostring, __name) first, and raises
// "string contains zeros" for an embedded NUL when the spec has modifiers
// (a bare "%s" copies any string).
func AppendFormatString(dst []byte, spec Spec, s string) []byte {
	if spec.Precision >= 0 && spec.Precision < len(s) {
		s = s[:spec.Precision]
	}
	left := spec.flagSet()&flMinus != 0
	p := spec.Width - len(s)
	if p > 0 && !left {
		dst = appendRepeat(dst, ' ', p)
	}
	dst = append(dst, s...)
	if p > 0 && left {
		dst = appendRepeat(dst, ' ', p)
	}
	return dst
}

// AppendFormatPointer appends a pointer formatted with "%p" as Lua 5.4.4
// does: glibc's "0x" followed by lower-case hex digits, padded to the width,
// and, for a null pointer (values without identity such as numbers), the
// string "(null)" formatted as with "%s" under the same flags.
func AppendFormatPointer(dst []byte, spec Spec, p uintptr) []byte {
	if p == 0 {
		return AppendFormatString(dst, spec, "(null)")
	}
	start := len(dst)
	dst = append(dst, '0', 'x')
	dst = strconv.AppendUint(dst, uint64(p), 16)
	return pad(dst, start, 0, spec.Width, spec.flagSet()&flMinus != 0, false)
}
