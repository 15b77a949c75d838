package pattern

// Character classification for %a, %d, ... follows the C library in the "C"
// locale, which is what the reference interpreter runs with: only ASCII bytes
// ever belong to a class, bytes >= 0x80 belong to none (so they do match the
// complemented classes %A, %D, ...). A table lookup keeps the inner matching
// loop free of branches.

const (
	clAlpha uint16 = 1 << iota
	clCntrl
	clDigit
	clGraph
	clLower
	clPunct
	clSpace
	clUpper
	clAlnum
	clXdigit
	clZero // %z: the byte 0 (deprecated in the manual but still accepted by 5.4)

	clNegate // set in classOf for an upper-case class letter: complement
)

// byteClasses[c] is the set of classes byte c belongs to.
var byteClasses [256]uint16

// classOf[cl] describes the class letter cl as it appears after '%': the class
// bit plus clNegate for upper-case letters, or 0 when cl is not a class letter
// (then "%cl" stands for the byte cl itself).
var classOf [256]uint16

func init() {
	for i := 0; i < 256; i++ {
		c := byte(i)
		var b uint16
		isUpper := c >= 'A' && c <= 'Z'
		isLower := c >= 'a' && c <= 'z'
		isDigit := c >= '0' && c <= '9'
		if isUpper {
			b |= clUpper | clAlpha
		}
		if isLower {
			b |= clLower | clAlpha
		}
		if isDigit {
			b |= clDigit
		}
		if isUpper || isLower || isDigit {
			b |= clAlnum
		}
		if isDigit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') {
			b |= clXdigit
		}
		if c < 32 || c == 127 {
			b |= clCntrl
		}
		if c == ' ' || (c >= '\t' && c <= '\r') {
			b |= clSpace
		}
		if c > 32 && c < 127 {
			b |= clGraph
			if !isUpper && !isLower && !isDigit {
				b |= clPunct
			}
		}
		if c == 0 {
			b |= clZero
		}
		byteClasses[i] = b
	}
	letters := map[byte]uint16{
		'a': clAlpha, 'c': clCntrl, 'd': clDigit, 'g': clGraph, 'l': clLower,
		'p': clPunct, 's': clSpace, 'u': clUpper, 'w': clAlnum, 'x': clXdigit,
		'z': clZero,
	}
	for l, bit := range letters {
		classOf[l] = bit
		classOf[l-'a'+'A'] = bit | clNegate
	}
}

// matchClass reports whether byte c matches the escape "%cl".
func matchClass(c, cl byte) bool {
	k := classOf[cl]
	if k == 0 {
		return c == cl
	}
	in := byteClasses[c]&k != 0
	if k&clNegate != 0 {
		return !in
	}
	return in
}
