package termtext

import (
	"strings"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/graphemes"
	"github.com/mattn/go-runewidth"
)

// TabWidth is the tab stop interval: a tab advances to the next multiple
// of it, counted from the start of the line.
const TabWidth = 4

// cond fixes the width rules instead of following the locale, so the same
// text lays out the same way for every user and in tests: East Asian
// ambiguous characters are narrow, emoji are wide.
var cond = &runewidth.Condition{EastAsianWidth: false, StrictEmojiNeutral: true}

type tokKind uint8

const (
	tokText    tokKind = iota // one grapheme cluster
	tokSpace                  // one space (tabs arrive expanded)
	tokSGR                    // a style sequence; s holds its parameters
	tokNewline                // a line break
)

type token struct {
	kind tokKind
	s    string
	w    int
}

// tokenize splits s into grapheme clusters, spaces, SGR sequences and
// newlines. Everything else a terminal would interpret is dropped: C0 and
// C1 controls, and escape sequences other than SGR (cursor movement,
// OSC titles and hyperlinks, DCS...), since they would let a component
// draw outside its rows. Invalid UTF-8 becomes U+FFFD. Tabs expand to
// spaces; "\r\n" and a lone "\r" count as one line break.
func tokenize(s string) []token {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	toks := make([]token, 0, len(s))
	col := 0
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\x1b':
			n, params, isSGR := escapeLen(s[i:])
			if isSGR {
				toks = append(toks, token{kind: tokSGR, s: params})
			}
			i += n
		case c == '\n' || c == '\r':
			toks = append(toks, token{kind: tokNewline})
			col = 0
			if c == '\r' && i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			i++
		case c == '\t':
			for n := TabWidth - col%TabWidth; n > 0; n-- {
				toks = append(toks, token{kind: tokSpace, s: " ", w: 1})
				col++
			}
			i++
		case c == ' ':
			toks = append(toks, token{kind: tokSpace, s: " ", w: 1})
			col++
			i++
		case c < 0x20 || c == 0x7f:
			i++
		default:
			j := i
			for j < len(s) && printableStart(s, j) {
				_, size := utf8.DecodeRuneInString(s[j:])
				j += size
			}
			if j == i { // a C1 control rune
				_, size := utf8.DecodeRuneInString(s[i:])
				i += size
				continue
			}
			g := graphemes.FromString(s[i:j])
			for g.Next() {
				cl := g.Value()
				w := cond.StringWidth(cl)
				toks = append(toks, token{kind: tokText, s: cl, w: w})
				col += w
			}
			i = j
		}
	}
	return toks
}

// printableStart reports whether the rune at s[i] belongs in a text run.
func printableStart(s string, i int) bool {
	c := s[i]
	if c < 0x80 {
		return c > 0x20 && c != 0x7f
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !(r >= 0x80 && r <= 0x9f)
}

// escapeLen measures the escape sequence at the start of s (s[0] is ESC)
// and reports whether it is SGR, with its parameters.
func escapeLen(s string) (n int, params string, isSGR bool) {
	if len(s) < 2 {
		return len(s), "", false
	}
	switch s[1] {
	case '[': // CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, final 0x40-0x7E
		j := 2
		for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
			j++
		}
		p := j
		for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
			j++
		}
		if j >= len(s) {
			return len(s), "", false
		}
		if s[j] < 0x40 || s[j] > 0x7e { // malformed: drop the introducer only
			return j, "", false
		}
		params = s[2:p]
		return j + 1, params, s[j] == 'm' && p == j && sgrParams(params)
	case ']', 'P', '^', '_', 'X': // OSC, DCS, PM, APC, SOS: up to BEL or ST
		for j := 2; j < len(s); j++ {
			if s[j] == '\a' {
				return j + 1, "", false
			}
			if s[j] == '\x1b' && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2, "", false
			}
		}
		return len(s), "", false
	}
	switch {
	case s[1] >= 0x20 && s[1] <= 0x2f: // ESC intermediate final (charset designation)
		if len(s) > 2 && s[2] < 0x80 {
			return 3, "", false
		}
		return 2, "", false
	case s[1] < 0x80: // ESC and one character (ESC 7, ESC c...)
		return 2, "", false
	}
	return 1, "", false // a lone ESC before non-ASCII text: keep the text
}

func sgrParams(p string) bool {
	for i := 0; i < len(p); i++ {
		if c := p[i]; !(c >= '0' && c <= '9' || c == ';' || c == ':') {
			return false
		}
	}
	return true
}
