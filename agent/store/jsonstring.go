package store

import (
	"unicode/utf8"
)

// appendJSONString appends s as a JSON string, byte for byte as
// encoding/json's Marshal writes it (HTML characters escaped, invalid
// UTF-8 as U+FFFD, U+2028 and U+2029 escaped). The store writes a long
// message's text with it straight into the line it appends, where
// Marshal would build the text in a growing buffer, copy it out, and
// copy it again to wrap it in the entry: several times the text's size
// in memory for an answer that may be a gigabyte.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if jsonSafe(b) {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				// Control characters and <, >, & (which a browser
				// reading the file as HTML could misread).
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		// U+2028 and U+2029 end a line in JavaScript: escaped, as
		// Marshal does.
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// jsonSafe reports whether an ASCII byte stands for itself inside a
// JSON string as Marshal writes it.
func jsonSafe(b byte) bool {
	return b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&'
}

// jsonStringLen is len(appendJSONString(nil, s)), counted without
// writing, so a long text's line is allocated once at its size.
func jsonStringLen(s string) int {
	n := 2
	for i := 0; i < len(s); {
		b := s[i]
		switch {
		case b < utf8.RuneSelf && jsonSafe(b):
			n++
			i++
		case b < utf8.RuneSelf:
			switch b {
			case '\\', '"', '\b', '\f', '\n', '\r', '\t':
				n += 2
			default:
				n += 6
			}
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && size == 1, r == '\u2028', r == '\u2029':
				n += 6
			default:
				n += size
			}
			i += size
		}
	}
	return n
}
