package stdlib

import (
	"strconv"
	"strings"
	"sync/atomic"
	"unsafe"

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
	// The result is built on the stack and copied into a string of its
	// size: json's "%d" and "%.14g" make a few bytes each, and a buffer
	// made for them cost an allocation of about 40 bytes to keep.
	var stack [128]byte
	buf := stack[:0]
	if cf := formats.lookup(format); cf != nil {
		buf = cf.append(L, buf, top)
	} else {
		buf = appendFormat(L, buf, format, top)
	}
	L.PushString(string(buf))
	return 1
}

// appendFormat is string.format's walk over format, its specifications
// parsed as it goes.
func appendFormat(L *runtime.State, buf []byte, format string, top int) []byte {
	arg := 1
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
		buf = appendConversion(L, buf, arg, verb, j == start, spec, err)
	}
	return buf
}

// appendConversion appends argument arg converted by the specification
// spec of conversion verb (bare: nothing between the '%' and the verb),
// or raises err, ParseSpec's error for the specification, at its turn.
func appendConversion(L *runtime.State, buf []byte, arg int, verb byte, bare bool, spec luanum.Spec, err error) []byte {
	switch verb {
	case 'd', 'i', 'u', 'o', 'x', 'X':
		n := L.CheckInteger(arg)
		raiseSpecError(L, err)
		if bare && (verb == 'd' || verb == 'i') { // AppendFormatInt's digits
			return strconv.AppendInt(buf, n, 10)
		}
		return luanum.AppendFormatInt(buf, spec, n)
	case 'c':
		raiseSpecError(L, err)
		return luanum.AppendFormatInt(buf, spec, L.CheckInteger(arg))
	case 'e', 'E', 'f', 'g', 'G':
		f := L.CheckNumber(arg)
		raiseSpecError(L, err)
		return luanum.AppendFormatFloat(buf, spec, f)
	case 'a', 'A':
		raiseSpecError(L, err)
		return luanum.AppendFormatFloat(buf, spec, L.CheckNumber(arg))
	case 'p':
		raiseSpecError(L, err)
		return luanum.AppendFormatPointer(buf, spec, L.ToPointer(L.Arg(arg)))
	case 'q':
		raiseSpecError(L, err)
		return appendLiteral(L, buf, arg)
	case 's':
		s := L.ToString(L.Arg(arg))
		if bare { // plain "%s": any string, whole
			L.ChargeAlloc(len(s))
			return append(buf, s...)
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
			return append(buf, s...)
		}
		return luanum.AppendFormatString(buf, spec, s)
	}
	raiseSpecError(L, err) // "invalid conversion '%y' to 'format'"
	return buf
}

// A compiledFormat is a format whose specifications are all valid,
// parsed once: a literal, then a conversion, for each item.
type compiledFormat struct {
	format string // the format itself (see formatCache)
	items  []formatItem
}

// formatItem is the literal text before a conversion ("%%" already made
// '%'), and the conversion; verb 0 for the text after the last one.
type formatItem struct {
	lit  string
	spec luanum.Spec
	verb byte
	bare bool // nothing between the '%' and the verb
}

// append is appendFormat for cf: the same checks of the arguments, in
// the same order, and the same conversions; the specifications, valid,
// raise nothing.
func (cf *compiledFormat) append(L *runtime.State, buf []byte, top int) []byte {
	arg := 1
	for k := range cf.items {
		it := &cf.items[k]
		buf = append(buf, it.lit...)
		if it.verb == 0 {
			break
		}
		arg++
		if arg > top {
			L.ArgError(arg, "no value")
		}
		buf = appendConversion(L, buf, arg, it.verb, it.bare, it.spec, nil)
	}
	return buf
}

// compileFormat parses format as appendFormat walks it, or returns nil
// when a specification is not valid (its error must be raised at its
// turn, after the arguments before it are checked).
func compileFormat(format string) *compiledFormat {
	cf := &compiledFormat{format: format}
	var lit []byte
	litStart := 0 // format[litStart:i] is literal text not yet in lit
	for i := 0; i < len(format); {
		if format[i] != '%' {
			i++
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			lit = append(lit, format[litStart:i+1]...) // up to one '%'
			i += 2
			litStart = i
			continue
		}
		text := format[litStart:i]
		if lit != nil {
			text = string(append(lit, text...))
			lit = nil
		}
		i++
		start, j := i, i
		for j < len(format) && isSpecByte(format[j]) {
			j++
		}
		var verb byte
		if j < len(format) {
			verb = format[j]
		}
		it := formatItem{lit: text, verb: verb, bare: j == start}
		if it.bare && (verb == 'd' || verb == 'i') {
			i = j + 1
		} else {
			spec, next, err := luanum.ParseSpec(format, i)
			if err != nil || verb == 0 {
				return nil
			}
			it.spec, i = spec, next
		}
		cf.items = append(cf.items, it)
		litStart = i
	}
	text := format[litStart:]
	if lit != nil {
		text = string(append(lit, text...))
	}
	cf.items = append(cf.items, formatItem{lit: text})
	return cf
}

// formatCache remembers compiled formats by the address of their bytes,
// as the pattern cache does patterns (pattern.errorFreePats): a constant
// format reaches string.format as the same Go string at every call. An
// entry holds its format, so its bytes cannot be freed and their address
// reused while it is there; a slot keeps the first format stored in it,
// and a format whose slot is taken is parsed at each call, as before.
// Shared by all States.
type formatCache [64]atomic.Pointer[compiledFormat]

var formats formatCache

// lookup returns format compiled, compiling it into its slot when the
// slot is free, or nil.
func (c *formatCache) lookup(format string) *compiledFormat {
	if len(format) == 0 {
		return nil
	}
	slot := &c[uint64(uintptr(unsafe.Pointer(unsafe.StringData(format))))*0x9E3779B97F4A7C15>>58]
	if cf := slot.Load(); cf != nil {
		if unsafe.StringData(cf.format) == unsafe.StringData(format) && len(cf.format) == len(format) {
			return cf
		}
		return nil
	}
	cf := compileFormat(format)
	if cf == nil {
		// Kept out of the slot: a format with an error is parsed each
		// time, and a later format may take the slot.
		return nil
	}
	slot.CompareAndSwap(nil, cf)
	return cf
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
