package luanum

import (
	"math"
	"strconv"
)

// AppendQuoted appends s as string.format's "%q" writes a string (lstrlib.c
// addquoted), so that the result reads back as the same string in Lua
// source: it is enclosed in double quotes; '"', '\\' and newline are escaped
// with a backslash (a newline becomes a backslash followed by a real
// newline); other control bytes (0-31 and 127) become decimal escapes such as
// "\0", "\13" or "\9", widened to three digits ("\0001") when the next byte
// is a digit so the escape cannot absorb it; all other bytes, including
// bytes >= 0x80, are copied verbatim.
func AppendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	run := 0 // start of the pending run of bytes copied verbatim
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '"' && c != '\\' && c != '\n' && c >= 0x20 && c != 0x7f {
			continue
		}
		dst = append(dst, s[run:i]...)
		run = i + 1
		dst = append(dst, '\\')
		switch {
		case c == '"' || c == '\\' || c == '\n':
			dst = append(dst, c)
		case i+1 < len(s) && isDigit(s[i+1]):
			dst = append(dst, '0'+c/100, '0'+c/10%10, '0'+c%10)
		default:
			dst = strconv.AppendUint(dst, uint64(c), 10)
		}
	}
	dst = append(dst, s[run:]...)
	return append(dst, '"')
}

// AppendQuotedInt appends an integer as "%q" writes it: in decimal, except
// math.mininteger, which is written as 0x8000000000000000 because the
// decimal numeral -9223372036854775808 would read back as a negated float.
func AppendQuotedInt(dst []byte, v int64) []byte {
	if v == math.MinInt64 {
		return append(dst, "0x8000000000000000"...)
	}
	return strconv.AppendInt(dst, v, 10)
}

// AppendQuotedFloat appends a float as "%q" writes it (lstrlib.c
// quotefloat), choosing forms that read back as exactly the same float: inf
// as 1e9999, -inf as -1e9999, any NaN as (0/0), and every other value,
// integral ones included, in glibc's "%a" hexadecimal form (1.0 is
// "0x1p+0", 0.1 is "0x1.999999999999ap-4").
func AppendQuotedFloat(dst []byte, v float64) []byte {
	switch {
	case v != v:
		return append(dst, "(0/0)"...)
	case v > math.MaxFloat64:
		return append(dst, "1e9999"...)
	case v < -math.MaxFloat64:
		return append(dst, "-1e9999"...)
	}
	if math.Signbit(v) {
		dst = append(dst, '-')
		v = -v
	}
	return appendHexFloat(dst, v, -1, false, false)
}
