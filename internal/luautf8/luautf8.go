// Package luautf8 encodes code points the way Lua 5.4 does: with the
// original 1993 form of UTF-8, which goes up to six bytes and 2^31-1,
// beyond Unicode's 0x10FFFF. Both the lexer ("\u{7FFFFFFF}" in a string
// literal) and utf8.char need exactly this encoding (lobject.c's
// luaO_utf8esc); Go's unicode/utf8 stops at four bytes and replaces
// surrogates, so it cannot be used for either.
package luautf8

// MaxCode is the largest value Append encodes (the reference's MAXUTF).
const MaxCode = 0x7FFFFFFF

// Append appends the encoding of x, which must be at most MaxCode.
func Append(dst []byte, x uint32) []byte {
	if x < 0x80 {
		return append(dst, byte(x))
	}
	var buf [6]byte
	n := len(buf)
	mfb := uint32(0x3F) // largest payload that fits in the first byte
	for {
		n--
		buf[n] = byte(0x80 | x&0x3F)
		x >>= 6
		mfb >>= 1
		if x <= mfb {
			break
		}
	}
	n--
	buf[n] = byte(^mfb<<1 | x)
	return append(dst, buf[n:]...)
}
