package stdlib

import (
	"math"

	"panto/internal/luautf8"
	"panto/runtime"
)

// The utf8 library (manual §6.5), as in 5.4.4.
//
// The reference decodes the original UTF-8 of up to six bytes (code points
// up to 2^31-1). Strict functions then reject surrogates and code points
// above U+10FFFF; with the optional lax argument those pass. Overlong
// encodings are always invalid. The decoder reads the byte after the end of
// a Lua string as the terminating '\0', which is never a continuation byte;
// byteAt reproduces that, so sequences cut off by the end of the string (or
// of a codepoint slice, which may be decoded past its end) fail the same
// way.

const (
	maxUnicode = 0x10FFFF
	maxUTF     = luautf8.MaxCode
	// utf8CharPattern matches exactly one UTF-8 byte sequence.
	utf8CharPattern = "[\x00-\x7F\xC2-\xFD][\x80-\xBF]*"
)

// OpenUTF8 opens the utf8 library.
func OpenUTF8(L *runtime.State) {
	t := newLib(L, "utf8", []libFunc{
		{"char", utf8Char},
		{"codepoint", utf8Codepoint},
		{"codes", utf8Codes},
		{"len", utf8Len},
		{"offset", utf8Offset},
	})
	t.SetStr("charpattern", runtime.String(utf8CharPattern))
}

// byteAt returns s[i], or 0 (the terminator) past the end.
func byteAt(s string, i int64) byte {
	if i < int64(len(s)) {
		return s[i]
	}
	return 0
}

func isCont(s string, i int64) bool { return byteAt(s, i)&0xC0 == 0x80 }

// utf8Limits[n] is the smallest code point that needs n continuation
// bytes; anything below is an overlong encoding.
var utf8Limits = [...]uint32{^uint32(0), 0x80, 0x800, 0x10000, 0x200000, 0x4000000}

// utf8Decode decodes the sequence starting at s[i] and returns its code
// point and the index just past it; ok is false for an invalid sequence.
func utf8Decode(s string, i int64, strict bool) (code uint32, next int64, ok bool) {
	c := uint32(byteAt(s, i))
	if c < 0x80 {
		code = c
	} else {
		count := int64(0) // number of continuation bytes
		for ; c&0x40 != 0; c <<= 1 {
			count++
			cc := uint32(byteAt(s, i+count))
			if cc&0xC0 != 0x80 {
				return 0, 0, false
			}
			code = code<<6 | cc&0x3F
		}
		if count > 5 {
			return 0, 0, false
		}
		code |= (c & 0x7F) << (count * 5) // the first byte's payload
		if code > maxUTF || code < utf8Limits[count] {
			return 0, 0, false
		}
		i += count
	}
	if strict && (code > maxUnicode || 0xD800 <= code && code <= 0xDFFF) {
		return 0, 0, false
	}
	return code, i + 1, true
}

// posRelat turns a relative string position (negative counts from the
// end) into an absolute one; positions before the start become 0.
func posRelat(pos int64, n int) int64 {
	switch {
	case pos >= 0:
		return pos
	case -uint64(pos) > uint64(n):
		return 0
	}
	return int64(n) + pos + 1
}

// utf8Char is utf8.char(...).
func utf8Char(L *runtime.State) int {
	n := L.Top()
	var b []byte
	for i := 1; i <= n; i++ {
		code := uint64(L.CheckInteger(i))
		if code > maxUTF {
			L.ArgError(i, "value out of range")
		}
		b = luautf8.Append(b, uint32(code))
	}
	L.PushString(string(b))
	return 1
}

// utf8Len is utf8.len(s [, i [, j [, lax]]]): the number of characters
// starting in [i, j], or fail and the position of the first invalid byte.
func utf8Len(L *runtime.State) int {
	s := L.CheckString(1)
	posi := posRelat(L.OptInteger(2, 1), len(s))
	posj := posRelat(L.OptInteger(3, -1), len(s))
	lax := L.Arg(4).Truthy()
	if !(1 <= posi && posi-1 <= int64(len(s))) {
		L.ArgError(2, "initial position out of bounds")
	}
	posi--
	posj--
	if posj >= int64(len(s)) {
		L.ArgError(3, "final position out of bounds")
	}
	n := int64(0)
	for posi <= posj {
		_, next, ok := utf8Decode(s, posi, !lax)
		if !ok {
			L.Push(runtime.Nil, runtime.Int(posi+1))
			return 2
		}
		posi = next
		n++
	}
	L.Push(runtime.Int(n))
	return 1
}

// utf8Codepoint is utf8.codepoint(s [, i [, j [, lax]]]): the code points
// of the characters starting in [i, j].
func utf8Codepoint(L *runtime.State) int {
	s := L.CheckString(1)
	posi := posRelat(L.OptInteger(2, 1), len(s))
	pose := posRelat(L.OptInteger(3, posi), len(s))
	lax := L.Arg(4).Truthy()
	if posi < 1 {
		L.ArgError(2, "out of bounds")
	}
	if pose > int64(len(s)) {
		L.ArgError(3, "out of bounds")
	}
	if posi > pose {
		return 0
	}
	if pose-posi >= math.MaxInt32 {
		L.Errorf("string slice too long")
	}
	if !L.TryCheckStack(int(pose-posi) + 1) {
		L.Errorf("stack overflow (string slice too long)")
	}
	n := 0
	for i := posi - 1; i < pose; {
		code, next, ok := utf8Decode(s, i, !lax)
		if !ok {
			L.Errorf("invalid UTF-8 code")
		}
		L.Push(runtime.Int(int64(code)))
		n++
		i = next
	}
	return n
}

// utf8Offset is utf8.offset(s, n [, i]): the byte position where the n-th
// character (counting from position i) starts; n == 0 finds the start of
// the character containing byte i.
func utf8Offset(L *runtime.State) int {
	s := L.CheckString(1)
	n := L.CheckInteger(2)
	def := int64(1)
	if n < 0 {
		def = int64(len(s)) + 1
	}
	posi := posRelat(L.OptInteger(3, def), len(s))
	if !(1 <= posi && posi-1 <= int64(len(s))) {
		L.ArgError(3, "position out of bounds")
	}
	posi--
	if n == 0 {
		for posi > 0 && isCont(s, posi) {
			posi--
		}
	} else {
		if isCont(s, posi) {
			L.Errorf("initial position is a continuation byte")
		}
		if n < 0 {
			for n < 0 && posi > 0 { // move back
				posi--
				for posi > 0 && isCont(s, posi) {
					posi--
				}
				n++
			}
		} else {
			n-- // the first character is the one at posi
			for n > 0 && posi < int64(len(s)) {
				posi++
				for isCont(s, posi) { // stops at the terminator
					posi++
				}
				n--
			}
		}
	}
	if n == 0 {
		L.Push(runtime.Int(posi + 1))
	} else {
		L.Push(runtime.Nil)
	}
	return 1
}

// utf8Codes is utf8.codes(s [, lax]): the generic-for triple.
func utf8Codes(L *runtime.State) int {
	lax := L.Arg(2).Truthy()
	L.CheckString(1)
	iter := codesStrict
	if lax {
		iter = codesLax
	}
	L.Push(iter, L.Arg(1), runtime.Int(0))
	return 3
}

var (
	codesStrict = runtime.NewFunction("for iterator", func(L *runtime.State) int { return codesNext(L, true) })
	codesLax    = runtime.NewFunction("for iterator", func(L *runtime.State) int { return codesNext(L, false) })
)

// codesNext is the iterator of utf8.codes. The control value is the
// position of the previous character (0 at the start); continuation bytes
// after it are skipped, so stray ones are stepped over rather than
// reported (5.4.4), while an invalid sequence raises an error.
func codesNext(L *runtime.State, strict bool) int {
	s := L.CheckString(1)
	n, _ := L.Arg(2).ToInteger()
	i := uint64(n)
	for i < uint64(len(s)) && isCont(s, int64(i)) {
		i++
	}
	if i >= uint64(len(s)) { // also when the control value was negative
		return 0
	}
	code, _, ok := utf8Decode(s, int64(i), strict)
	if !ok {
		L.Errorf("invalid UTF-8 code")
	}
	L.Push(runtime.Int(int64(i)+1), runtime.Int(int64(code)))
	return 2
}
