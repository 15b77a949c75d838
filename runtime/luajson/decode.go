package luajson

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"panto/runtime"
)

// maxDepth bounds nesting so that hostile input cannot exhaust the Go
// stack.
const maxDepth = 512

// SyntaxError is a JSON error with the position where it was found.
type SyntaxError struct {
	Line, Column int
	Msg          string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// Decode parses one JSON value of any kind (object, array, string,
// number, true, false, null) with nothing but whitespace around it.
// Objects and arrays become tables (arrays marked), null becomes
// json.null, integers without a fraction or exponent that fit become Lua
// integers, other numbers floats.
func (c *Codec) Decode(s string) (runtime.Value, error) {
	d := decoder{c: c, s: s}
	v, err := d.value(0)
	if err != nil {
		return runtime.Nil, err
	}
	d.space()
	if d.i < len(s) {
		return runtime.Nil, d.errorf("unexpected %s after the value", d.what())
	}
	return v, nil
}

type decoder struct {
	c *Codec
	s string
	i int
}

func (d *decoder) errorf(format string, a ...any) error {
	line, col := 1, 1
	for _, r := range d.s[:min(d.i, len(d.s))] {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &SyntaxError{Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
}

// what names the character at the cursor for messages.
func (d *decoder) what() string {
	if d.i >= len(d.s) {
		return "end of input"
	}
	r, _ := utf8.DecodeRuneInString(d.s[d.i:])
	if r < 0x20 || r == utf8.RuneError {
		return fmt.Sprintf("character %U", r)
	}
	return fmt.Sprintf("character %q", r)
}

func (d *decoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *decoder) value(depth int) (runtime.Value, error) {
	if depth > maxDepth {
		return runtime.Nil, d.errorf("nested more than %d levels deep", maxDepth)
	}
	d.space()
	if d.i >= len(d.s) {
		if d.i == 0 {
			return runtime.Nil, d.errorf("empty input")
		}
		return runtime.Nil, d.errorf("unexpected end of input")
	}
	switch c := d.s[d.i]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		s, err := d.str()
		return runtime.String(s), err
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	case strings.HasPrefix(d.s[d.i:], "true"):
		d.i += 4
		return runtime.True, nil
	case strings.HasPrefix(d.s[d.i:], "false"):
		d.i += 5
		return runtime.False, nil
	case strings.HasPrefix(d.s[d.i:], "null"):
		d.i += 4
		return d.c.Null, nil
	}
	return runtime.Nil, d.errorf("unexpected %s", d.what())
}

func (d *decoder) object(depth int) (runtime.Value, error) {
	d.i++ // {
	t := runtime.NewTable(0, 4)
	d.space()
	if d.i < len(d.s) && d.s[d.i] == '}' {
		d.i++
		return runtime.TableValue(t), nil
	}
	for {
		d.space()
		if d.i >= len(d.s) || d.s[d.i] != '"' {
			return runtime.Nil, d.errorf("expected a string key, found %s", d.what())
		}
		k, err := d.str()
		if err != nil {
			return runtime.Nil, err
		}
		d.space()
		if d.i >= len(d.s) || d.s[d.i] != ':' {
			return runtime.Nil, d.errorf("expected ':' after an object key, found %s", d.what())
		}
		d.i++
		v, err := d.value(depth + 1)
		if err != nil {
			return runtime.Nil, err
		}
		t.SetStr(k, v)
		d.space()
		if d.i < len(d.s) && d.s[d.i] == ',' {
			d.i++
			continue
		}
		if d.i < len(d.s) && d.s[d.i] == '}' {
			d.i++
			return runtime.TableValue(t), nil
		}
		return runtime.Nil, d.errorf("expected ',' or '}' in an object, found %s", d.what())
	}
}

func (d *decoder) array(depth int) (runtime.Value, error) {
	d.i++ // [
	t := runtime.NewTable(4, 0)
	d.c.MarkArray(t)
	d.space()
	if d.i < len(d.s) && d.s[d.i] == ']' {
		d.i++
		return runtime.TableValue(t), nil
	}
	for n := int64(1); ; n++ {
		v, err := d.value(depth + 1)
		if err != nil {
			return runtime.Nil, err
		}
		t.SetInt(n, v)
		d.space()
		if d.i < len(d.s) && d.s[d.i] == ',' {
			d.i++
			continue
		}
		if d.i < len(d.s) && d.s[d.i] == ']' {
			d.i++
			return runtime.TableValue(t), nil
		}
		return runtime.Nil, d.errorf("expected ',' or ']' in an array, found %s", d.what())
	}
}

func (d *decoder) number() (runtime.Value, error) {
	start := d.i
	if d.s[d.i] == '-' {
		d.i++
	}
	digits := func() int {
		n := 0
		for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	intStart := d.i
	if digits() == 0 {
		return runtime.Nil, d.errorf("expected a digit, found %s", d.what())
	}
	if d.s[intStart] == '0' && d.i-intStart > 1 {
		d.i = intStart
		return runtime.Nil, d.errorf("a number cannot start with 0")
	}
	isInt := true
	if d.i < len(d.s) && d.s[d.i] == '.' {
		d.i++
		isInt = false
		if digits() == 0 {
			return runtime.Nil, d.errorf("expected a digit after '.', found %s", d.what())
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		d.i++
		isInt = false
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return runtime.Nil, d.errorf("expected a digit in the exponent, found %s", d.what())
		}
	}
	text := d.s[start:d.i]
	if isInt {
		if n, err := strconv.ParseInt(text, 10, 64); err == nil {
			return runtime.Int(n), nil
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		// Only overflow gets here (the syntax was checked): refuse it
		// rather than decode an infinity that encode would then refuse.
		d.i = start
		return runtime.Nil, d.errorf("number %s is out of range", text)
	}
	return runtime.Float(f), nil
}

// str reads a string literal; the cursor is on the opening quote.
func (d *decoder) str() (string, error) {
	d.i++
	start := d.i
	// Fast path: no escapes.
	for d.i < len(d.s) {
		c := d.s[d.i]
		if c == '"' {
			s := d.s[start:d.i]
			if !utf8.ValidString(s) {
				return "", d.errorf("invalid UTF-8 in a string")
			}
			d.i++
			return s, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		d.i++
	}
	var b strings.Builder
	b.WriteString(d.s[start:d.i])
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			s := b.String()
			if !utf8.ValidString(s) {
				return "", d.errorf("invalid UTF-8 in a string")
			}
			return s, nil
		case c < 0x20:
			return "", d.errorf("control character %U in a string (escape it)", rune(c))
		case c == '\\':
			if err := d.escape(&b); err != nil {
				return "", err
			}
		default:
			b.WriteByte(c)
			d.i++
		}
	}
	return "", d.errorf("unterminated string")
}

func (d *decoder) escape(b *strings.Builder) error {
	d.i++ // backslash
	if d.i >= len(d.s) {
		return d.errorf("unterminated string")
	}
	c := d.s[d.i]
	d.i++
	switch c {
	case '"', '\\', '/':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r, err := d.hex4()
		if err != nil {
			return err
		}
		if utf16.IsSurrogate(r) {
			// A pair makes one code point; a lone half becomes U+FFFD,
			// as encoding/json does.
			if strings.HasPrefix(d.s[d.i:], "\\u") {
				save := d.i
				d.i += 2
				r2, err := d.hex4()
				if err == nil {
					if p := utf16.DecodeRune(r, r2); p != utf8.RuneError {
						b.WriteRune(p)
						return nil
					}
				}
				d.i = save
			}
			r = utf8.RuneError
		}
		b.WriteRune(r)
	default:
		d.i--
		return d.errorf("invalid escape '\\%c'", c)
	}
	return nil
}

func (d *decoder) hex4() (rune, error) {
	if d.i+4 > len(d.s) {
		return 0, d.errorf("truncated \\u escape")
	}
	n, err := strconv.ParseUint(d.s[d.i:d.i+4], 16, 32)
	if err != nil {
		return 0, d.errorf("invalid \\u escape %q", d.s[d.i:d.i+4])
	}
	d.i += 4
	return rune(n), nil
}
