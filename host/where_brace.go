package host

import "strings"

// Lua gives a table constructor's first instruction the line of the
// token before its '{' (the compiler emits it before it reads the
// brace), so a table that starts a line of its own, as the items of a
// list and Allman-style tables do, would be placed on the line before
// it: for a list, the closing line of the previous item. panto build
// reads the source and names the brace's line. When the host has the
// source (a folder, not a bundle), these functions find the brace in
// it; the chunk's lines bound what they may answer, so a source they
// misread never moves a message outside the table.

// luaToken is one token of a Lua source, as far as finding a brace
// needs: a string literal's text is what lies between its delimiters,
// unescaped only when it holds no escape.
type luaToken struct {
	text string
	str  bool
	line int
}

// is reports whether the token is the punctuation or name s.
func (t luaToken) is(s string) bool { return !t.str && t.text == s }

// luaTokens splits a Lua source into tokens, skipping spaces and
// comments and counting lines as Lua does ("\n", "\r", "\r\n" and
// "\n\r" each end one). An unfinished string or comment ends the list.
func luaTokens(src string) []luaToken {
	var toks []luaToken
	line := 1
	i := 0
	// skipNewline steps over the line end at i and counts it.
	skipNewline := func() {
		c := src[i]
		i++
		if i < len(src) && (src[i] == '\r' || src[i] == '\n') && src[i] != c {
			i++
		}
		line++
	}
	// long reads a long bracket [==[ ... ]==] at i (after a "--" for a
	// comment); ok is false when i holds no long bracket or it never
	// closes.
	long := func() (text string, ok bool) {
		j := i + 1
		for j < len(src) && src[j] == '=' {
			j++
		}
		if j >= len(src) || src[j] != '[' {
			return "", false
		}
		closing := "]" + strings.Repeat("=", j-i-1) + "]"
		end := strings.Index(src[j+1:], closing)
		if end < 0 {
			i = len(src)
			return "", false
		}
		start := j + 1
		for i = start; i < start+end; {
			if src[i] == '\n' || src[i] == '\r' {
				skipNewline()
			} else {
				i++
			}
		}
		i += len(closing)
		return src[start : start+end], true
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n' || c == '\r':
			skipNewline()
		case c == ' ' || c == '\t' || c == '\f' || c == '\v':
			i++
		case strings.HasPrefix(src[i:], "--"):
			i += 2
			if i < len(src) && src[i] == '[' {
				start := i
				if _, ok := long(); ok || i >= len(src) {
					continue
				}
				i = start
			}
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		case c == '[' && i+1 < len(src) && (src[i+1] == '[' || src[i+1] == '='):
			at, start := line, i
			if text, ok := long(); ok {
				toks = append(toks, luaToken{text: text, str: true, line: at})
				continue
			}
			if i >= len(src) {
				return toks
			}
			i = start + 1
			toks = append(toks, luaToken{text: "[", line: at})
		case c == '"' || c == '\'':
			at, start := line, i+1
			for i++; i < len(src) && src[i] != c; {
				switch src[i] {
				case '\\':
					i++
					switch {
					case i < len(src) && (src[i] == '\n' || src[i] == '\r'):
						skipNewline()
					case i < len(src) && src[i] == 'z':
						// \z skips the spaces and line ends after it.
						for i++; i < len(src) && strings.IndexByte(" \t\f\v\n\r", src[i]) >= 0; {
							if src[i] == '\n' || src[i] == '\r' {
								skipNewline()
							} else {
								i++
							}
						}
					default:
						i++
					}
				case '\n', '\r':
					return toks // an unfinished string
				default:
					i++
				}
			}
			if i >= len(src) {
				return toks
			}
			toks = append(toks, luaToken{text: src[start:i], str: true, line: at})
			i++
		case isNameByte(c):
			start := i
			for i < len(src) && (isNameByte(src[i]) || isDigit(src[i])) {
				i++
			}
			toks = append(toks, luaToken{text: src[start:i], line: line})
		case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
			// A numeral, read as Lua reads one: digits, letters and
			// points, and a sign after an exponent mark.
			start, expo := i, "Ee"
			if strings.HasPrefix(src[i:], "0x") || strings.HasPrefix(src[i:], "0X") {
				expo = "Pp"
			}
			for i++; i < len(src); i++ {
				d := src[i]
				if !isNameByte(d) && !isDigit(d) && d != '.' && !((d == '+' || d == '-') && strings.IndexByte(expo, src[i-1]) >= 0) {
					break
				}
			}
			toks = append(toks, luaToken{text: src[start:i], line: line})
		case strings.ContainsRune("=~<>", rune(c)) && i+1 < len(src) && src[i+1] == '=':
			toks = append(toks, luaToken{text: src[i : i+2], line: line})
			i += 2
		default:
			toks = append(toks, luaToken{text: src[i : i+1], line: line})
			i++
		}
	}
	return toks
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// declarationBrace is the line of the '{' that opens the table whose
// field name = "value" has its value on line line (the line the chunk
// gives that field), or 0 when the source has no such field inside a
// table constructor.
func declarationBrace(toks []luaToken, value string, line int) int {
	var open []int // the lines of the braces not yet closed
	for i, t := range toks {
		switch {
		case t.is("{"):
			open = append(open, t.line)
		case t.is("}"):
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case t.is("name") && len(open) > 0 && i > 0 && (toks[i-1].is("{") || toks[i-1].is(",") || toks[i-1].is(";")) &&
			i+2 < len(toks) && toks[i+1].is("=") && toks[i+2].str && toks[i+2].text == value && toks[i+2].line == line:
			return open[len(open)-1]
		}
	}
	return 0
}

// returnBrace is the line of the '{' that directly follows the last
// "return" on line line, or 0 when none does.
func returnBrace(toks []luaToken, line int) int {
	found := 0
	for i, t := range toks {
		if t.line > line {
			break
		}
		if t.line == line && t.is("return") && i+1 < len(toks) && toks[i+1].is("{") {
			found = toks[i+1].line
		}
	}
	return found
}
