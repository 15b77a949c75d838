package search

import (
	"bytes"
	"encoding/binary"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// prefilter is a set of literals at least one of which every match of
// the expression contains. Finding them with bytes.Index (vectorised)
// and running the expression only on the lines that hold one is what
// makes a regex search run at the speed of a literal one: Go's regexp
// scans a large buffer an order of magnitude slower than bytes.Index.
type prefilter struct {
	lits [][]byte
	rare []int // each literal's rarest byte (see rarest)
	// fold: the literals are lower-case ASCII and are to be found in a
	// lower-cased copy of the text.
	fold bool
	// odd: a folded literal holds k or s, whose non-ASCII fold partners
	// a lower-cased copy would miss (see hasOddFolds).
	odd bool
}

// minUseful is the shortest literal worth searching for first: shorter
// ones hit on most lines and the prefilter only adds work.
const minUseful = 2

// newPrefilter derives the literals from pattern (Perl syntax, flags as
// Go's regexp applies them); nil when none can be derived.
func newPrefilter(pattern string) *prefilter {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	alts := required(re.Simplify())
	if len(alts) == 0 || len(alts) > 8 {
		return nil
	}
	p := &prefilter{}
	for _, a := range alts {
		if a.fold {
			p.fold = true
		}
	}
	for _, a := range alts {
		s := string(a.runes)
		if len(s) < minUseful {
			return nil
		}
		if p.fold {
			if !asciiFoldable(s) {
				return nil
			}
			s = string(lowerASCII([]byte(s)))
			if strings.ContainsAny(s, "ks") {
				p.odd = true
			}
		}
		p.lits = append(p.lits, []byte(s))
		p.rare = append(p.rare, rarest([]byte(s)))
	}
	return p
}

type lit struct {
	runes []rune
	fold  bool
}

// required returns literals one of which every match of re contains,
// or nil when it cannot tell.
func required(re *syntax.Regexp) []lit {
	switch re.Op {
	case syntax.OpLiteral:
		return []lit{{re.Rune, re.Flags&syntax.FoldCase != 0}}
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		var best []lit
		for _, sub := range re.Sub {
			if c := required(sub); c != nil && better(c, best) {
				best = c
			}
		}
		return best
	case syntax.OpAlternate:
		var all []lit
		for _, sub := range re.Sub {
			c := required(sub)
			if c == nil {
				return nil
			}
			all = append(all, c...)
		}
		return all
	}
	return nil
}

// better prefers fewer alternatives, then a longer shortest literal.
func better(a, b []lit) bool {
	if b == nil {
		return true
	}
	sa, sb := shortest(a), shortest(b)
	if (sa >= 3) != (sb >= 3) {
		return sa >= 3
	}
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return sa > sb
}

func shortest(ls []lit) int {
	n := -1
	for _, l := range ls {
		if k := len(string(l.runes)); n < 0 || k < n {
			n = k
		}
	}
	return n
}

// asciiFoldable reports whether s's case-insensitive matches are all
// ASCII, so that lower-casing ASCII finds them all: non-ASCII letters
// are out, and so are k and s, which fold to the Kelvin sign and the
// long s too (those are checked per file, see hasOddFolds).
func asciiFoldable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// oddFolds are the non-ASCII characters that fold to ASCII letters
// (K, k: KELVIN SIGN; S, s: LATIN SMALL LETTER LONG S). A file holding
// one is searched without the folded prefilter.
var oddFolds = [][]byte{[]byte("\u212a"), []byte("\u017f")}

func hasOddFolds(buf []byte) bool {
	for _, f := range oddFolds {
		if bytes.Contains(buf, f) {
			return true
		}
	}
	return false
}

func lowerASCII(b []byte) []byte {
	return lowerInto(b, b)
}

// lowerInto writes src with ASCII letters lower-cased into dst (len(dst)
// >= len(src); they may be the same slice) and returns dst[:len(src)].
// Eight bytes at a time: a byte is upper-case when adding 0x80-'A' to
// its low seven bits sets bit 7 and adding 0x80-'Z'-1 does not, and it
// is ASCII; for those bytes bit 7 shifted to bit 5 (0x20) is added.
func lowerInto(dst, src []byte) []byte {
	const ones = 0x0101010101010101
	const high = 0x8080808080808080
	dst = dst[:len(src)]
	i := 0
	for ; i+8 <= len(src); i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		low7 := w &^ high
		geA := low7 + (0x80-'A')*ones
		gtZ := low7 + (0x80-'Z'-1)*ones
		upper := geA &^ gtZ &^ w & high
		binary.LittleEndian.PutUint64(dst[i:], w|upper>>2)
	}
	for ; i < len(src); i++ {
		c := src[i]
		if 'A' <= c && c <= 'Z' {
			c += 32
		}
		dst[i] = c
	}
	return dst
}

// common lists bytes from the most to the least frequent in source code
// and prose (space, lower-case letters by English frequency, then the
// usual punctuation); a byte not listed is taken to be rare.
const common = " etaoinsrlhdcu\n\tpmfgybw.,(_)v\"=k;:/-x'0{}12j*q<>z"

// rarity scores a byte: higher is rarer.
func rarity(c byte) int {
	if i := strings.IndexByte(common, c); i >= 0 {
		return i
	}
	return len(common)
}

// rarest is the position in lit of its least frequent byte: looking for
// that byte first (IndexByte is vectorised) stops at far fewer places
// than looking for the first byte, as bytes.Index does ("timeout" is
// found through its m, not its t).
func rarest(lit []byte) int {
	best := 0
	for i := 1; i < len(lit); i++ {
		if rarity(lit[i]) > rarity(lit[best]) {
			best = i
		}
	}
	return best
}

// indexRare finds lit in hay through the byte at rare.
func indexRare(hay, lit []byte, rare int) int {
	c := lit[rare]
	for pos := rare; pos < len(hay); {
		j := bytes.IndexByte(hay[pos:], c)
		if j < 0 {
			return -1
		}
		start := pos + j - rare
		if start+len(lit) <= len(hay) && bytes.Equal(hay[start:start+len(lit)], lit) {
			return start
		}
		pos += j + 1
	}
	return -1
}

// cursor finds the literals' occurrences in order in one buffer,
// remembering each literal's next occurrence so that every byte is
// scanned once per literal.
type cursor struct {
	p    *prefilter
	buf  []byte
	next []int // next occurrence of each literal at or after the last ask; -1 none; -2 unknown
}

func (p *prefilter) cursor(buf []byte) *cursor {
	c := &cursor{p: p, buf: buf, next: make([]int, len(p.lits))}
	for i := range c.next {
		c.next[i] = -2
	}
	return c
}

// find returns the first occurrence of any literal at or after pos, or
// -1.
func (c *cursor) find(pos int) int {
	best := -1
	for i, l := range c.p.lits {
		n := c.next[i]
		if n == -1 {
			continue
		}
		if n < pos {
			k := indexRare(c.buf[pos:], l, c.p.rare[i])
			if k < 0 {
				c.next[i] = -1
				continue
			}
			n = pos + k
			c.next[i] = n
		}
		if best < 0 || n < best {
			best = n
		}
	}
	return best
}
