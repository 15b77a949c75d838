// The hand-written highlighter panto shipped before chroma, kept in a test
// file only so that BenchmarkHighlight can compare the two in one run.
// It is not linked into panto.

package highlight

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// language describes what the scanner needs to know about one language.
type language struct {
	lineComments  []string
	blockComments [][2]string
	quotes        string // characters that open and close a string
	rawQuote      byte   // a quote without escapes (Go and JS backtick)
	tripleQuotes  bool   // Python's """ and '''
	longBrackets  bool   // Lua's [[ ]] and [==[ ]==] (strings and --[[ comments)
	dollarVars    bool   // shell $NAME and ${...}
	identExtra    string // characters allowed in identifiers besides letters, digits, _
	keywords      set
	constants     set
	builtins      set
}

type set map[string]bool

func words(s string) set {
	m := set{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var lua = &language{
	lineComments: []string{"--"}, quotes: `"'`, longBrackets: true,
	keywords:  words("and break do else elseif end for function goto if in local not or repeat return then until while"),
	constants: words("nil true false"),
	builtins:  words("assert collectgarbage dofile error getmetatable ipairs load loadfile next pairs pcall print rawequal rawget rawlen rawset require select setmetatable tonumber tostring type xpcall string table math io os utf8 coroutine debug package self _G _ENV"),
}

var golang = &language{
	lineComments: []string{"//"}, blockComments: [][2]string{{"/*", "*/"}}, quotes: `"'`, rawQuote: '`',
	keywords:  words("break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var"),
	constants: words("nil true false iota"),
	builtins:  words("any append bool byte cap clear close complex copy delete error float32 float64 int int8 int16 int32 int64 len make max min new panic print println real recover rune string uint uint8 uint16 uint32 uint64 uintptr"),
}

var python = &language{
	lineComments: []string{"#"}, quotes: `"'`, tripleQuotes: true,
	keywords:  words("and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case"),
	constants: words("None True False"),
	builtins:  words("abs all any bool bytes dict enumerate filter float format getattr hasattr int isinstance len list map max min open print range repr reversed set sorted str sum super tuple type zip self"),
}

var javascript = &language{
	lineComments: []string{"//"}, blockComments: [][2]string{{"/*", "*/"}}, quotes: `"'`, rawQuote: '`', identExtra: "$",
	keywords:  words("async await break case catch class const continue debugger default delete do else export extends finally for from function if import in instanceof let new of return static super switch this throw try typeof var void while with yield interface type enum implements readonly"),
	constants: words("null undefined true false NaN Infinity"),
	builtins:  words("Array Boolean console Date Error JSON Map Math Number Object Promise RegExp Set String Symbol globalThis window document require module exports"),
}

var jsonLang = &language{
	quotes:    `"`,
	constants: words("null true false"),
}

var shell = &language{
	lineComments: []string{"#"}, quotes: `"'`, dollarVars: true, identExtra: "-",
	keywords: words("if then else elif fi for while until do done case esac in function select return break continue local export readonly declare set unset shift exit"),
	builtins: words("echo printf cd pwd test read source eval exec trap kill wait true false alias cat grep sed awk ls mkdir rm cp mv"),
}

// handLanguages maps slugs (with common aliases) to handLanguages. "diff" is
// handled apart: it is line-based.
var handLanguages = map[string]*language{
	"lua": lua,
	"go":  golang, "golang": golang,
	"python": python, "py": python,
	"javascript": javascript, "js": javascript, "jsx": javascript, "mjs": javascript,
	"typescript": javascript, "ts": javascript, "tsx": javascript,
	"json": jsonLang, "jsonc": jsonLang,
	"sh": shell, "bash": shell, "shell": shell, "zsh": shell, "console": shell,
}

// handSupported reports whether a slug is known.
func handSupported(slug string) bool {
	slug = strings.ToLower(slug)
	return handLanguages[slug] != nil || slug == "diff" || slug == "patch"
}

type scanner struct {
	lang  *language
	src   string
	i     int
	style Style
	out   strings.Builder
}

func (s *scanner) emit(role string, start int) {
	writeStyled(&s.out, s.src[start:s.i], s.style(role), role != "")
}

func (s *scanner) run() {
	for s.i < len(s.src) {
		start := s.i
		rest := s.src[s.i:]
		switch {
		case s.comment(rest):
			s.emit("comment", start)
		case s.stringLit(rest):
			s.emit("string", start)
		case s.lang.dollarVars && rest[0] == '$' && len(rest) > 1:
			s.variable()
			s.emit("constant", start)
		case isDigit(rest[0]) || (rest[0] == '.' && len(rest) > 1 && isDigit(rest[1])):
			s.number()
			s.emit("number", start)
		case s.identStart(rest):
			s.ident()
			word := s.src[start:s.i]
			switch {
			case s.lang.keywords[word]:
				s.emit("keyword", start)
			case s.lang.constants[word]:
				s.emit("constant", start)
			case s.lang.builtins[word]:
				s.emit("builtin", start)
			default:
				s.emit("", start)
			}
		default:
			_, size := utf8.DecodeRuneInString(rest)
			s.i += size
			s.emit("", start)
		}
	}
}

// comment consumes a comment at the cursor.
func (s *scanner) comment(rest string) bool {
	if s.lang.longBrackets && strings.HasPrefix(rest, "--[") {
		if n := longBracketLen(rest[2:]); n > 0 {
			s.i += 2 + n
			return true
		}
	}
	for _, bc := range s.lang.blockComments {
		if strings.HasPrefix(rest, bc[0]) {
			end := strings.Index(rest[len(bc[0]):], bc[1])
			if end < 0 {
				s.i = len(s.src)
			} else {
				s.i += len(bc[0]) + end + len(bc[1])
			}
			return true
		}
	}
	for _, lc := range s.lang.lineComments {
		if strings.HasPrefix(rest, lc) && (lc != "#" || s.atWordStart()) {
			end := strings.IndexByte(rest, '\n')
			if end < 0 {
				end = len(rest)
			}
			s.i += end
			return true
		}
	}
	return false
}

// atWordStart keeps a shell "#" inside a word (a#b, ${#x}) from starting
// a comment.
func (s *scanner) atWordStart() bool {
	if s.i == 0 {
		return true
	}
	c := s.src[s.i-1]
	return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '(' || s.lang != shell
}

// stringLit consumes a string literal at the cursor.
func (s *scanner) stringLit(rest string) bool {
	if s.lang.longBrackets && rest[0] == '[' {
		if n := longBracketLen(rest); n > 0 {
			s.i += n
			return true
		}
	}
	if s.lang.tripleQuotes && (strings.HasPrefix(rest, `"""`) || strings.HasPrefix(rest, `'''`)) {
		end := strings.Index(rest[3:], rest[:3])
		if end < 0 {
			s.i = len(s.src)
		} else {
			s.i += 3 + end + 3
		}
		return true
	}
	q := rest[0]
	if s.lang.rawQuote != 0 && q == s.lang.rawQuote {
		end := strings.IndexByte(rest[1:], q)
		if end < 0 {
			s.i = len(s.src)
		} else {
			s.i += end + 2
		}
		return true
	}
	if !strings.ContainsRune(s.lang.quotes, rune(q)) {
		return false
	}
	s.i++
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == '\\' && !(s.lang == shell && q == '\''):
			s.i += 2
		case c == q:
			s.i++
			return true
		case c == '\n' && s.lang != shell:
			return true // unterminated: stop at the line end
		default:
			s.i++
		}
	}
	s.i = min(s.i, len(s.src))
	return true
}

// longBracketLen measures a Lua long bracket string starting at s ("[[",
// "[==["), or returns 0 when s does not start one.
func longBracketLen(s string) int {
	if len(s) < 2 || s[0] != '[' {
		return 0
	}
	level := 0
	for 1+level < len(s) && s[1+level] == '=' {
		level++
	}
	if 1+level >= len(s) || s[1+level] != '[' {
		return 0
	}
	closer := "]" + strings.Repeat("=", level) + "]"
	end := strings.Index(s[2+level:], closer)
	if end < 0 {
		return len(s)
	}
	return 2 + level + end + len(closer)
}

func (s *scanner) variable() {
	s.i++ // $
	if s.src[s.i] == '{' {
		if end := strings.IndexByte(s.src[s.i:], '}'); end >= 0 {
			s.i += end + 1
			return
		}
	}
	start := s.i
	for s.i < len(s.src) && (isIdent(s.src[s.i]) || s.i == start && strings.IndexByte("?#@*!$0123456789", s.src[s.i]) >= 0) {
		s.i++
		if s.i-start == 1 && !isIdent(s.src[start]) {
			break
		}
	}
}

func (s *scanner) number() {
	if strings.HasPrefix(s.src[s.i:], "0x") || strings.HasPrefix(s.src[s.i:], "0X") {
		s.i += 2
	}
	for s.i < len(s.src) {
		c := s.src[s.i]
		if isIdent(c) || c == '.' || ((c == '+' || c == '-') && (s.src[s.i-1] == 'e' || s.src[s.i-1] == 'E' || s.src[s.i-1] == 'p' || s.src[s.i-1] == 'P')) {
			s.i++
			continue
		}
		break
	}
}

func (s *scanner) identStart(rest string) bool {
	r, _ := utf8.DecodeRuneInString(rest)
	return r == '_' || unicode.IsLetter(r) || (s.lang.identExtra != "" && strings.ContainsRune(s.lang.identExtra, r) && r != '-')
}

func (s *scanner) ident() {
	for s.i < len(s.src) {
		r, size := utf8.DecodeRuneInString(s.src[s.i:])
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(s.lang.identExtra, r) {
			s.i += size
			continue
		}
		break
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c)
}

// handHighlight is the old Highlight.
func handHighlight(body, slug string, style Style) string {
	slug = strings.ToLower(strings.TrimSpace(slug))
	if slug == "diff" || slug == "patch" {
		return handDiff(body, style)
	}
	lang := handLanguages[slug]
	if lang == nil {
		return body
	}
	s := scanner{lang: lang, src: body, style: style}
	s.run()
	return s.out.String()
}
func handDiff(body string, style Style) string {
	var b strings.Builder
	lines := strings.SplitAfter(body, "\n")
	for _, line := range lines {
		text := strings.TrimSuffix(line, "\n")
		role := ""
		switch {
		case strings.HasPrefix(text, "+++"), strings.HasPrefix(text, "---"), strings.HasPrefix(text, "diff "):
			role = "heading"
		case strings.HasPrefix(text, "@@"):
			role = "constant"
		case strings.HasPrefix(text, "+"):
			role = "added"
		case strings.HasPrefix(text, "-"):
			role = "removed"
		}
		writeStyled(&b, text, style(role), role != "")
		b.WriteString(line[len(text):])
	}
	return b.String()
}
