package termtext

import (
	"strconv"
	"strings"
)

// Style is the SGR (Select Graphic Rendition) state a terminal holds
// after a run of escape sequences. Wrapping needs it: a style opened on
// one row must be re-opened at the start of the next, because every row
// ends with a reset and may be drawn on its own by a differential repaint.
type Style struct {
	attrs      uint16
	fg, bg, ul string // SGR parameters of each colour ("31", "38;5;208"), "" for default
}

const (
	attrBold uint16 = 1 << iota
	attrDim
	attrItalic
	attrUnderline
	attrBlink
	attrReverse
	attrHidden
	attrStrike
	attrOverline
)

// attrCodes are the parameters that set each attribute, in bit order.
var attrCodes = [...]string{"1", "2", "3", "4", "5", "7", "8", "9", "53"}

// Reset is the sequence that returns the terminal to its default style.
const Reset = "\x1b[0m"

// IsDefault reports whether the style is the terminal default.
func (s Style) IsDefault() bool { return s == Style{} }

// Sequence returns one SGR sequence that sets this style from the default
// one, or "" for the default style.
func (s Style) Sequence() string {
	if s.IsDefault() {
		return ""
	}
	var b strings.Builder
	b.WriteString("\x1b[")
	first := true
	add := func(p string) {
		if !first {
			b.WriteByte(';')
		}
		first = false
		b.WriteString(p)
	}
	for i, code := range attrCodes {
		if s.attrs&(1<<i) != 0 {
			add(code)
		}
	}
	for _, c := range []string{s.fg, s.bg, s.ul} {
		if c != "" {
			add(c)
		}
	}
	b.WriteByte('m')
	return b.String()
}

// Apply updates the style with the parameters of one SGR sequence (the
// text between "ESC [" and "m"). Unknown parameters are ignored, as
// terminals do.
func (s *Style) Apply(params string) {
	if params == "" {
		*s = Style{}
		return
	}
	ps := strings.Split(params, ";")
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		if strings.Contains(p, ":") { // ITU T.416 sub-parameters: 4:3, 38:2::r:g:b
			s.applySub(p)
			continue
		}
		n, err := strconv.Atoi(p)
		if p == "" {
			n, err = 0, nil
		}
		if err != nil {
			continue
		}
		switch {
		case n == 0:
			*s = Style{}
		case n == 1:
			s.attrs |= attrBold
		case n == 2:
			s.attrs |= attrDim
		case n == 3:
			s.attrs |= attrItalic
		case n == 4 || n == 21:
			s.attrs |= attrUnderline
		case n == 5 || n == 6:
			s.attrs |= attrBlink
		case n == 7:
			s.attrs |= attrReverse
		case n == 8:
			s.attrs |= attrHidden
		case n == 9:
			s.attrs |= attrStrike
		case n == 22:
			s.attrs &^= attrBold | attrDim
		case n == 23:
			s.attrs &^= attrItalic
		case n == 24:
			s.attrs &^= attrUnderline
		case n == 25:
			s.attrs &^= attrBlink
		case n == 27:
			s.attrs &^= attrReverse
		case n == 28:
			s.attrs &^= attrHidden
		case n == 29:
			s.attrs &^= attrStrike
		case n == 53:
			s.attrs |= attrOverline
		case n == 55:
			s.attrs &^= attrOverline
		case n >= 30 && n <= 37, n >= 90 && n <= 97:
			s.fg = p
		case n == 39:
			s.fg = ""
		case n >= 40 && n <= 47, n >= 100 && n <= 107:
			s.bg = p
		case n == 49:
			s.bg = ""
		case n == 59:
			s.ul = ""
		case n == 38 || n == 48 || n == 58:
			c, used := extendedColour(p, ps[i+1:])
			i += used
			switch n {
			case 38:
				s.fg = c
			case 48:
				s.bg = c
			default:
				s.ul = c
			}
		}
	}
}

// extendedColour reads "5;n" or "2;r;g;b" after 38/48/58 and returns the
// colour's full parameter text and how many parameters it used. A
// malformed one yields "" (the default colour), as the sequence would be
// ignored by a terminal.
func extendedColour(lead string, rest []string) (string, int) {
	if len(rest) == 0 {
		return "", 0
	}
	switch rest[0] {
	case "5":
		if len(rest) >= 2 && isByte(rest[1]) {
			return lead + ";5;" + rest[1], 2
		}
		return "", len(rest)
	case "2":
		if len(rest) >= 4 && isByte(rest[1]) && isByte(rest[2]) && isByte(rest[3]) {
			return lead + ";2;" + rest[1] + ";" + rest[2] + ";" + rest[3], 4
		}
		return "", len(rest)
	}
	return "", 1
}

// applySub handles one colon form parameter.
func (s *Style) applySub(p string) {
	sub := strings.Split(p, ":")
	switch sub[0] {
	case "4":
		if sub[1] == "0" {
			s.attrs &^= attrUnderline
		} else {
			s.attrs |= attrUnderline
		}
	case "38", "48", "58":
		target := &s.fg
		if sub[0] == "48" {
			target = &s.bg
		} else if sub[0] == "58" {
			target = &s.ul
		}
		*target = p // replay the colon form verbatim
	}
}

func isByte(p string) bool {
	n, err := strconv.Atoi(p)
	return err == nil && n >= 0 && n <= 255
}
