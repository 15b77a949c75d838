package stdlib

import (
	"strconv"
	"strings"

	"panto/internal/luanum"
	"panto/runtime"
)

// string.format. The conversions themselves (glibc's printf behaviour) are
// panto/internal/luanum's; this file walks the format, fetches and checks
// the arguments, and reproduces the order in which the reference reports
// problems, which Lua programs can observe:
//
//  1. a missing argument ("bad argument #n to 'format' (no value)"), before
//     the specification is even looked at;
//  2. a specification too long to copy ("invalid format (too long)");
//  3. then, depending on the conversion, either the argument's type first
//     (d i u o x X e E f g G, and %s's tostring and "string contains
//     zeros") or the specification's validity first (c a A p q).

// specSpanLimit mirrors MAX_FORMAT - 10 of the reference: a specification
// whose flags, digits and points plus the conversion character reach this
// length is rejected outright (luanum.ParseSpec reports it).
const specSpanLimit = 22

// isSpecByte reports whether c is one of the bytes the reference copies as
// the body of a specification: flags, digits and '.'.
func isSpecByte(c byte) bool {
	switch c {
	case '-', '+', ' ', '#', '0', '.':
		return true
	}
	return c >= '1' && c <= '9'
}

func strFormat(L *runtime.State) int {
	top := L.Top()
	format := L.CheckString(1)
	arg := 1
	buf := make([]byte, 0, len(format)+16*top)
	for i := 0; i < len(format); {
		if format[i] != '%' {
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				j = len(format) - i
			}
			buf = append(buf, format[i:i+j]...)
			i += j
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			buf = append(buf, '%')
			i++
			continue
		}
		arg++
		if arg > top {
			L.ArgError(arg, "no value")
		}
		// Find the conversion character the way the reference does, to
		// know which check comes first.
		start := i
		j := i
		for j < len(format) && isSpecByte(format[j]) {
			j++
		}
		var verb byte
		if j < len(format) {
			verb = format[j]
		}
		if j == start && (verb == 'd' || verb == 'i') {
			// A bare "%d" (json's integers): no spec to parse, and the
			// digits as AppendFormatInt writes them without flags,
			// width or precision.
			buf = strconv.AppendInt(buf, L.CheckInteger(arg), 10)
			i = j + 1
			continue
		}
		spec, next, err := luanum.ParseSpec(format, i)
		if err != nil && j-start+1 >= specSpanLimit {
			L.Errorf("%s", err.Error())
		}
		i = next
		switch verb {
		case 'd', 'i', 'u', 'o', 'x', 'X':
			n := L.CheckInteger(arg)
			raiseSpecError(L, err)
			buf = luanum.AppendFormatInt(buf, spec, n)
		case 'c':
			raiseSpecError(L, err)
			buf = luanum.AppendFormatInt(buf, spec, L.CheckInteger(arg))
		case 'e', 'E', 'f', 'g', 'G':
			f := L.CheckNumber(arg)
			raiseSpecError(L, err)
			buf = luanum.AppendFormatFloat(buf, spec, f)
		case 'a', 'A':
			raiseSpecError(L, err)
			buf = luanum.AppendFormatFloat(buf, spec, L.CheckNumber(arg))
		case 'p':
			raiseSpecError(L, err)
			buf = luanum.AppendFormatPointer(buf, spec, L.ToPointer(L.Arg(arg)))
		case 'q':
			raiseSpecError(L, err)
			buf = appendLiteral(L, buf, arg)
		case 's':
			s := L.ToString(L.Arg(arg))
			if j == start { // plain "%s": any string, whole
				L.ChargeAlloc(len(s))
				buf = append(buf, s...)
				break
			}
			if containsNul(s) {
				L.ArgError(arg, "string contains zeros")
			}
			raiseSpecError(L, err)
			if spec.Precision < 0 && len(s) >= 100 {
				// The reference does not format long strings without a
				// precision; it keeps them whole (widths stay below 100,
				// so the result is the same).
				L.ChargeAlloc(len(s))
				buf = append(buf, s...)
			} else {
				buf = luanum.AppendFormatString(buf, spec, s)
			}
		default:
			raiseSpecError(L, err) // "invalid conversion '%y' to 'format'"
		}
	}
	L.PushString(ownString(buf))
	return 1
}

// raiseSpecError raises a specification error from luanum.ParseSpec (the
// reference's luaL_error texts), if there is one.
func raiseSpecError(L *runtime.State, err error) {
	if err != nil {
		L.Errorf("%s", err.Error())
	}
}

// appendLiteral appends argument arg as "%q" writes it: a Lua literal that
// reads back as the same value.
func appendLiteral(L *runtime.State, buf []byte, arg int) []byte {
	v := L.Arg(arg)
	switch v.Type() {
	case runtime.TypeString:
		return luanum.AppendQuoted(buf, v.AsString())
	case runtime.TypeNumber:
		if v.IsInt() {
			return luanum.AppendQuotedInt(buf, v.AsInt())
		}
		return luanum.AppendQuotedFloat(buf, v.AsFloat())
	case runtime.TypeNil, runtime.TypeBoolean:
		// The reference uses luaL_tolstring here, so a __tostring set with
		// debug.setmetatable applies.
		return append(buf, L.ToString(v)...)
	}
	L.ArgError(arg, "value has no literal form")
	return buf
}
