package lexer

import (
	"strconv"
	"strings"
	"unsafe"

	"panto/diag"
	"panto/internal/luanum"
	"panto/internal/luautf8"
)

// Character classes, as the reference's ctype table has them in the C
// locale: only ASCII letters, digits and '_' make identifiers; every byte
// >= 0x80 is a stray character.
const (
	cAlpha  = 1 << iota // A-Z a-z _
	cDigit              // 0-9
	cXDigit             // 0-9 A-F a-f
	cSpace              // ' ' \t \n \v \f \r
	cStop               // bytes that end the fast path of a short string
)

// class is the character class of each byte. A composite literal, laid
// out by the linker, where a closure would run in every process's
// initialisation (docs/benchmarks.md, "Start-up and memory, sixth pass");
// TestClassTable holds it to the definition above.
var class = [256]uint8{
	'\t': cSpace,
	'\n': cSpace | cStop,
	'\v': cSpace, '\f': cSpace,
	'\r': cSpace | cStop,
	' ':  cSpace,
	'"':  cStop, '\'': cStop,
	'0': cDigit | cXDigit, '1': cDigit | cXDigit, '2': cDigit | cXDigit, '3': cDigit | cXDigit, '4': cDigit | cXDigit, '5': cDigit | cXDigit, '6': cDigit | cXDigit, '7': cDigit | cXDigit,
	'8': cDigit | cXDigit, '9': cDigit | cXDigit,
	'A': cAlpha | cXDigit, 'B': cAlpha | cXDigit, 'C': cAlpha | cXDigit, 'D': cAlpha | cXDigit, 'E': cAlpha | cXDigit, 'F': cAlpha | cXDigit,
	'G': cAlpha, 'H': cAlpha, 'I': cAlpha, 'J': cAlpha, 'K': cAlpha, 'L': cAlpha, 'M': cAlpha, 'N': cAlpha,
	'O': cAlpha, 'P': cAlpha, 'Q': cAlpha, 'R': cAlpha, 'S': cAlpha, 'T': cAlpha, 'U': cAlpha, 'V': cAlpha,
	'W': cAlpha, 'X': cAlpha, 'Y': cAlpha, 'Z': cAlpha,
	'\\': cStop,
	'_':  cAlpha,
	'a':  cAlpha | cXDigit, 'b': cAlpha | cXDigit, 'c': cAlpha | cXDigit, 'd': cAlpha | cXDigit, 'e': cAlpha | cXDigit, 'f': cAlpha | cXDigit,
	'g': cAlpha, 'h': cAlpha, 'i': cAlpha, 'j': cAlpha, 'k': cAlpha, 'l': cAlpha, 'm': cAlpha, 'n': cAlpha,
	'o': cAlpha, 'p': cAlpha, 'q': cAlpha, 'r': cAlpha, 's': cAlpha, 't': cAlpha, 'u': cAlpha, 'v': cAlpha,
	'w': cAlpha, 'x': cAlpha, 'y': cAlpha, 'z': cAlpha,
}

func isAlnum(c byte) bool { return class[c]&(cAlpha|cDigit) != 0 }

// IsNameStart reports whether c can start a name (a letter or _).
func IsNameStart(c byte) bool { return class[c]&cAlpha != 0 }

// maxInterned bounds the length of string literals that go through the
// intern table; longer ones are rarely repeated and not worth hashing.
const maxInterned = 40

// Lexer turns a source into tokens. The parser drives it with Next and,
// where the grammar needs two tokens of look-ahead (a table field "name ="),
// with Peek. After an error Tok.Kind is Illegal and Err describes it; the
// lexer then stays at that error.
type Lexer struct {
	Tok Token            // the current token
	Err *diag.Diagnostic // set when Tok.Kind == Illegal

	name     string     // the chunk name, for diagnostics
	file     *diag.File // line table, made when first needed
	src      string
	p        int // offset of the next unread byte
	ahead    Token
	hasAhead bool
	buf      []byte      // scratch for strings with escapes
	strs     internTable // names and short strings
}

// New returns a lexer positioned before the first token of src; call Next
// to read it. name is the chunk name as load takes it ("@file.lua",
// "=stdin" or the source itself); diagnostics name the file after it.
func New(name, src string) *Lexer {
	lx := &Lexer{}
	lx.Init(name, src)
	return lx
}

// Init resets lx to read src from the start, keeping its buffers.
func (lx *Lexer) Init(name, src string) {
	lx.name, lx.src, lx.file = name, src, nil
	lx.p = 0
	lx.Tok = Token{}
	lx.Err = nil
	lx.hasAhead = false
	lx.strs.reset(len(src))
}

// Source returns the text being lexed.
func (lx *Lexer) Source() string { return lx.src }

// File returns the line table of the source, built on first use: only
// errors and debug information need lines, so scanning never counts them.
func (lx *Lexer) File() *diag.File {
	if lx.file == nil {
		lx.file = diag.NewFile(lx.name, lx.src)
	}
	return lx.file
}

// Diagnostic makes the diagnostic of an error in this source: its line is
// that of offset linePos (where the reference's line counter stands when
// it reports the error), its column that of offset colPos (the start of
// the offending token).
func (lx *Lexer) Diagnostic(linePos, colPos int, msg, near string) *diag.Diagnostic {
	f := lx.File()
	return &diag.Diagnostic{
		File:    diag.FileName(lx.name),
		Line:    f.Line(diag.Pos(linePos)),
		Column:  f.Column(diag.Pos(colPos)),
		Message: msg,
		Near:    near,
	}
}

// Next advances to the next token.
func (lx *Lexer) Next() {
	if lx.hasAhead {
		lx.Tok = lx.ahead
		lx.hasAhead = false
		return
	}
	if lx.Tok.Kind == Illegal {
		return
	}
	lx.scan(&lx.Tok)
}

// Peek reads the token after the current one without consuming it and
// returns its kind. Like the reference's lookahead it reads the token right
// away, so a lexical error in it surfaces now (as the next token).
func (lx *Lexer) Peek() Kind {
	if !lx.hasAhead {
		if lx.Tok.Kind == Illegal {
			return Illegal
		}
		lx.scan(&lx.ahead)
		lx.hasAhead = true
	}
	return lx.ahead.Kind
}

// intern returns a copy of s shared by every equal name or short string of
// this source. Copying keeps the tree (and whatever the code generator keeps
// of it) from pinning the whole source text.
func (lx *Lexer) intern(s string) string { return lx.strs.get(s) }

// internBytes is intern for a decoded string in the scratch buffer.
func (lx *Lexer) internBytes(b []byte) string {
	if len(b) > maxInterned {
		return string(b)
	}
	return lx.strs.get(unsafe.String(unsafe.SliceData(b), len(b)))
}

// fail records a lexical error at offset pos and turns t into an Illegal
// token. The reference reports a lexical error on the line its counter has
// reached, which is where the scan stopped; the column is the same place.
func (lx *Lexer) fail(t *Token, pos int, msg, near string) {
	lx.Err = lx.Diagnostic(pos, pos, msg, near)
	t.Kind = Illegal
	t.End = pos
	lx.p = len(lx.src)
}

// scan reads the token that starts at or after lx.p into t.
func (lx *Lexer) scan(t *Token) {
	src := lx.src
	p := lx.p
	n := len(src)
	for {
		if p >= n {
			t.Kind, t.Pos, t.End = EOF, n, n
			lx.p = n
			return
		}
		c := src[p]
		if class[c]&cSpace != 0 {
			p++
			continue
		}
		if c == '-' && p+1 < n && src[p+1] == '-' {
			p = lx.skipComment(t, p)
			if p < 0 {
				return
			}
			continue
		}
		break
	}
	t.Pos = p
	c := src[p]
	if class[c]&cAlpha != 0 {
		q := p + 1
		for q < n && isAlnum(src[q]) {
			q++
		}
		s := src[p:q]
		k := Name
		if q-p <= 8 {
			k = keyword(s)
		}
		t.Kind, t.End = k, q
		if k == Name {
			t.Str = lx.intern(s)
		}
		lx.p = q
		return
	}
	if class[c]&cDigit != 0 {
		lx.p = lx.readNumber(t, p)
		return
	}
	k, q := Char, p+1
	switch c {
	case '"', '\'':
		lx.p = lx.readString(t, p)
		return
	case '[':
		level, q := lx.bracket(p)
		if level >= 0 {
			lx.p = lx.readLong(t, p, level, true)
			return
		}
		if q > p+1 { // "[=" not followed by '['
			lx.fail(t, q, "invalid long string delimiter", quote(src[p:q]))
			return
		}
		k = LBrack
	case '.':
		if q < n && src[q] == '.' {
			if q+1 < n && src[q+1] == '.' {
				k, q = Dots, q+2
			} else {
				k, q = Concat, q+1
			}
		} else if q < n && class[src[q]]&cDigit != 0 {
			lx.p = lx.readNumber(t, p)
			return
		} else {
			k = Dot
		}
	case '+':
		k = Plus
	case '-':
		k = Minus
	case '*':
		k = Star
	case '/':
		k = Slash
		if q < n && src[q] == '/' {
			k, q = DSlash, q+1
		}
	case '%':
		k = Percent
	case '^':
		k = Caret
	case '#':
		k = Hash
	case '&':
		k = Amp
	case '~':
		k = Tilde
		if q < n && src[q] == '=' {
			k, q = Ne, q+1
		}
	case '|':
		k = Pipe
	case '<':
		k = Lt
		if q < n {
			if src[q] == '=' {
				k, q = Le, q+1
			} else if src[q] == '<' {
				k, q = Shl, q+1
			}
		}
	case '>':
		k = Gt
		if q < n {
			if src[q] == '=' {
				k, q = Ge, q+1
			} else if src[q] == '>' {
				k, q = Shr, q+1
			}
		}
	case '=':
		k = Assign
		if q < n && src[q] == '=' {
			k, q = Eq, q+1
		}
	case '(':
		k = LParen
	case ')':
		k = RParen
	case '{':
		k = LBrace
	case '}':
		k = RBrace
	case ']':
		k = RBrack
	case ';':
		k = Semi
	case ':':
		k = Colon
		if q < n && src[q] == ':' {
			k, q = DColon, q+1
		}
	case ',':
		k = Comma
	}
	t.Kind, t.End = k, q
	lx.p = q
}

// skipComment skips the comment whose "--" starts at p and returns the
// offset after it, or -1 after an error (an unfinished long comment).
func (lx *Lexer) skipComment(t *Token, p int) int {
	src := lx.src
	n := len(src)
	q := p + 2
	if q < n && src[q] == '[' {
		if level, _ := lx.bracket(q); level >= 0 {
			t.Pos = p
			end := lx.readLong(t, q, level, false)
			if t.Kind == Illegal {
				return -1
			}
			return end
		}
	}
	// A short comment runs to the end of the line; an invalid long bracket
	// is just part of it.
	for q < n && src[q] != '\n' && src[q] != '\r' {
		q++
	}
	return q
}

// bracket examines the opening long bracket that may start at p (which
// holds '['). It returns the bracket's level (the number of '=') and the
// offset after it, or level -1 when there is no valid bracket; the offset
// then tells how far the reference read ("[=" is an error, a lone '[' not).
func (lx *Lexer) bracket(p int) (level, end int) {
	src := lx.src
	q := p + 1
	for q < len(src) && src[q] == '=' {
		q++
	}
	if q < len(src) && src[q] == '[' {
		return q - p - 1, q + 1
	}
	return -1, q
}

// skipNewline returns the offset after the line break at p: "\n", "\r",
// "\r\n" and "\n\r" are each one break.
func skipNewline(src string, p int) int {
	c := src[p]
	p++
	if p < len(src) && (src[p] == '\n' || src[p] == '\r') && src[p] != c {
		p++
	}
	return p
}

// readLong reads a long string (or, with isString false, a long comment)
// whose opening bracket of the given level starts at open. A line break
// right after the opening bracket is dropped, and every line break inside
// becomes "\n". It returns the offset after the closing bracket.
func (lx *Lexer) readLong(t *Token, open, level int, isString bool) int {
	src := lx.src
	n := len(src)
	p := open + level + 2
	if p < n && (src[p] == '\n' || src[p] == '\r') {
		p = skipNewline(src, p)
	}
	start := p
	sawCR := false
	for {
		i := strings.IndexByte(src[p:], ']')
		if i < 0 {
			if !sawCR {
				sawCR = strings.IndexByte(src[p:], '\r') >= 0
			}
			what := "comment"
			if isString {
				what = "string"
			}
			line := lx.File().Line(diag.Pos(t.Pos))
			lx.fail(t, n, "unfinished long "+what+" (starting at line "+strconv.Itoa(line)+")", "<eof>")
			return -1
		}
		if !sawCR {
			sawCR = strings.IndexByte(src[p:p+i], '\r') >= 0
		}
		q := p + i + 1
		for q < n && src[q] == '=' {
			q++
		}
		if q < n && src[q] == ']' && q-(p+i+1) == level {
			end := p + i
			if isString {
				t.Kind = String
				t.End = q + 1
				if sawCR {
					t.Str = lx.internBytes(normalizeNewlines(lx.buf[:0], src[start:end]))
				} else if end-start <= maxInterned {
					t.Str = lx.intern(src[start:end])
				} else {
					t.Str = strings.Clone(src[start:end])
				}
			}
			return q + 1
		}
		p = p + i + 1
	}
}

// normalizeNewlines appends s to dst with every line break turned into "\n".
func normalizeNewlines(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c == '\n' || c == '\r' {
			dst = append(dst, '\n')
			i = skipNewline(s, i)
			continue
		}
		dst = append(dst, c)
		i++
	}
	return dst
}

// readNumber reads the numeral starting at p (a digit, or '.' followed by a
// digit). Like the reference it first collects everything that could belong
// to a numeral — hex digits, '.', exponent marks with an optional sign, and
// one touching letter so that "3x" is one bad token — and only then
// converts the text, reporting "malformed number" if it does not convert.
func (lx *Lexer) readNumber(t *Token, p int) int {
	src := lx.src
	n := len(src)
	start := p
	d := p
	if src[d] == '.' {
		d++
	}
	e1, e2 := byte('e'), byte('E')
	if src[d] == '0' && d+1 < n && (src[d+1] == 'x' || src[d+1] == 'X') {
		e1, e2 = 'p', 'P'
		p = d + 2
	} else {
		p = d + 1
	}
	for p < n {
		c := src[p]
		if c == e1 || c == e2 {
			p++
			if p < n && (src[p] == '+' || src[p] == '-') {
				p++
			}
		} else if class[c]&cXDigit != 0 || c == '.' {
			p++
		} else {
			break
		}
	}
	if p < n && class[src[p]]&cAlpha != 0 {
		p++
	}
	s := src[start:p]
	i, f, isFloat, ok := luanum.StrToNumber(s)
	if !ok {
		lx.fail(t, p, "malformed number", quote(s))
		return len(src)
	}
	if isFloat {
		t.Kind, t.Num = Float, f
	} else {
		t.Kind, t.Int = Int, i
	}
	t.End = p
	return p
}

// readString reads the short string whose opening quote is at start and
// returns the offset after its closing quote. Strings without escapes are
// sliced straight out of the source; the others are decoded into lx.buf.
func (lx *Lexer) readString(t *Token, start int) int {
	src := lx.src
	n := len(src)
	del := src[start]
	p := start + 1
	for p < n {
		c := src[p]
		if class[c]&cStop == 0 || (c == '"' || c == '\'') && c != del {
			p++
			continue
		}
		break
	}
	if p < n && src[p] == del {
		t.Kind, t.End = String, p+1
		if p-start-1 <= maxInterned {
			t.Str = lx.intern(src[start+1 : p])
		} else {
			t.Str = strings.Clone(src[start+1 : p])
		}
		return p + 1
	}
	buf := append(lx.buf[:0], src[start+1:p]...)
	defer func() { lx.buf = buf[:0] }()
	for {
		if p >= n {
			lx.fail(t, n, "unfinished string", "<eof>")
			return n
		}
		c := src[p]
		switch {
		case c == del:
			t.Kind, t.End = String, p+1
			t.Str = lx.internBytes(buf)
			return p + 1
		case c == '\n' || c == '\r':
			lx.fail(t, p, "unfinished string", quoteBytes(del, buf, ""))
			return n
		case c != '\\':
			buf = append(buf, c)
			p++
			continue
		}
		// An escape sequence; esc is the backslash.
		esc := p
		p++
		if p >= n {
			continue // "unfinished string" at the end of input
		}
		c = src[p]
		switch c {
		case 'a':
			buf = append(buf, '\a')
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'v':
			buf = append(buf, '\v')
		case '\\', '"', '\'':
			buf = append(buf, c)
		case '\n', '\r':
			buf = append(buf, '\n')
			p = skipNewline(src, p)
			continue
		case 'z':
			p++
			for p < n && class[src[p]]&cSpace != 0 {
				p++
			}
			continue
		case 'x':
			v := 0
			for k := 1; k <= 2; k++ {
				if p+k >= n || class[src[p+k]]&cXDigit == 0 {
					lx.escapeError(t, del, buf, esc, p+k, "hexadecimal digit expected")
					return n
				}
				v = v<<4 | hexValue(src[p+k])
			}
			buf = append(buf, byte(v))
			p += 3
			continue
		case 'u':
			q := p + 1
			if q >= n || src[q] != '{' {
				lx.escapeError(t, del, buf, esc, q, "missing '{'")
				return n
			}
			q++
			if q >= n || class[src[q]]&cXDigit == 0 {
				lx.escapeError(t, del, buf, esc, q, "hexadecimal digit expected")
				return n
			}
			r := uint32(hexValue(src[q]))
			for q++; q < n && class[src[q]]&cXDigit != 0; q++ {
				if r > 0x7FFFFFFF>>4 {
					lx.escapeError(t, del, buf, esc, q, "UTF-8 value too large")
					return n
				}
				r = r<<4 | uint32(hexValue(src[q]))
			}
			if q >= n || src[q] != '}' {
				lx.escapeError(t, del, buf, esc, q, "missing '}'")
				return n
			}
			buf = luautf8.Append(buf, r)
			p = q + 1
			continue
		default:
			if class[c]&cDigit == 0 {
				lx.escapeError(t, del, buf, esc, p, "invalid escape sequence")
				return n
			}
			v, q := 0, p
			for ; q < n && q < p+3 && class[src[q]]&cDigit != 0; q++ {
				v = v*10 + int(src[q]-'0')
			}
			if v > 255 {
				lx.escapeError(t, del, buf, esc, q, "decimal escape too large")
				return n
			}
			buf = append(buf, byte(v))
			p = q
			continue
		}
		p++
	}
}

// escapeError reports a bad escape sequence. The reference quotes the
// string read so far, the raw escape up to the offending byte, and that byte
// too (unless the input ended); it consumes the byte without counting it as
// a line break, so the line is the one of the offending byte.
func (lx *Lexer) escapeError(t *Token, del byte, buf []byte, esc, at int, msg string) {
	end := at
	if at < len(lx.src) {
		end++
	}
	lx.fail(t, at, msg, quoteBytes(del, buf, lx.src[esc:end]))
}

func hexValue(c byte) int {
	switch {
	case c <= '9':
		return int(c - '0')
	case c >= 'a':
		return int(c-'a') + 10
	default:
		return int(c-'A') + 10
	}
}

// quote formats token text as the reference shows it after "near": in
// single quotes, cut at the first NUL byte (the reference formats it as a C
// string).
func quote(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return "'" + s + "'"
}

// quoteBytes is quote for the reference's string buffer: the opening
// delimiter, the decoded text so far and a raw tail.
func quoteBytes(del byte, buf []byte, tail string) string {
	b := make([]byte, 0, len(buf)+len(tail)+3)
	b = append(b, '\'', del)
	b = append(b, buf...)
	b = append(b, tail...)
	if i := indexNUL(b[1:]); i >= 0 {
		b = b[:1+i]
	}
	return string(append(b, '\''))
}

func indexNUL(b []byte) int {
	for i, c := range b {
		if c == 0 {
			return i
		}
	}
	return -1
}

// TokenText returns how the reference names token t in messages: the
// spelling in quotes for names, numerals and fixed tokens, the string with
// its delimiters (escapes decoded, as the reference keeps it in its buffer)
// for string literals, "<eof>" for the end, "'<\N>'" for an unprintable
// stray byte, and "" (no near part at all) for a NUL byte.
func (lx *Lexer) TokenText(t *Token) string {
	src := lx.src
	switch t.Kind {
	case Name, Int, Float:
		return quote(src[t.Pos:t.End])
	case String:
		if src[t.Pos] == '[' {
			level, _ := lx.bracket(t.Pos)
			return quote(src[t.Pos:t.Pos+level+2] + t.Str + src[t.End-level-2:t.End])
		}
		del := src[t.Pos]
		return quote(string(del) + t.Str + string(del))
	case Char:
		c := src[t.Pos]
		if c == 0 {
			// The reference's code for this token is 0, which it also
			// uses to mean "no token": the message gets no near part.
			return ""
		}
		if c >= 0x20 && c < 0x7f {
			return "'" + string(c) + "'"
		}
		return "'<\\" + strconv.Itoa(int(c)) + ">'"
	case Illegal:
		if lx.Err != nil {
			return lx.Err.Near
		}
	}
	return t.Kind.String()
}

// TokenStart returns where the token at or after pos begins, skipping
// spaces and comments: the reference reports errors at the line of the
// token it stands on.
func TokenStart(src string, pos diag.Pos) diag.Pos {
	if pos < 0 || int(pos) >= len(src) {
		return diag.Pos(len(src))
	}
	var lx Lexer
	lx.src = src
	lx.p = int(pos)
	lx.scan(&lx.Tok)
	return diag.Pos(lx.Tok.Pos)
}

// SkipSpace returns where the token at or after pos starts, skipping
// spaces and comments without reading the token itself (which, for a
// name, would cost an intern table): the code generator asks it where the
// reference's parser stands after a token it has read.
func SkipSpace(src string, pos diag.Pos) diag.Pos {
	n := len(src)
	if pos < 0 || int(pos) >= n {
		return diag.Pos(n)
	}
	var lx Lexer
	lx.src = src
	var t Token
	p := int(pos)
	for p < n {
		c := src[p]
		if class[c]&cSpace != 0 {
			p++
			continue
		}
		if c == '-' && p+1 < n && src[p+1] == '-' {
			if p = lx.skipComment(&t, p); p < 0 {
				return diag.Pos(n) // an unfinished long comment
			}
			continue
		}
		break
	}
	return diag.Pos(p)
}

// TokenEnd returns the end of the token at or after pos: the code
// generator asks it for the end of a numeral, whose node records only where
// it starts, when it looks for the separator that follows one.
func TokenEnd(src string, pos diag.Pos) diag.Pos {
	if pos < 0 || int(pos) >= len(src) {
		return diag.Pos(len(src))
	}
	var lx Lexer
	lx.src = src
	lx.p = int(pos)
	lx.scan(&lx.Tok)
	return diag.Pos(lx.Tok.End)
}

// NearText returns how the reference names the token that starts at pos
// in messages ("'end'", "'x'", "'\"abc\"'", "<eof>", "'<\\1>'" ...). The code
// generator uses it to add " near ..." to its own errors. It returns "" for
// a NUL byte, for which the reference leaves out the near part. pos past
// the last token (or NoPos) is "<eof>".
func NearText(src string, pos diag.Pos) string {
	if pos < 0 || int(pos) >= len(src) {
		return "<eof>"
	}
	var lx Lexer
	lx.src = src
	lx.p = int(pos)
	lx.scan(&lx.Tok)
	return lx.TokenText(&lx.Tok)
}
