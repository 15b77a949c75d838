package agent

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Mention is an @path in a prompt: Path is what follows the @ (without
// the quotes of the @"with spaces" form), Start and End the byte range
// of the whole mention in the prompt.
type Mention struct {
	Path       string
	Start, End int
}

// ParseMentions finds the @path mentions of a prompt, in order. A
// mention starts with @ at the start of the prompt or after white
// space (so an e-mail address is none), and runs to the next white
// space; @"…" takes a path with spaces. Punctuation that ends a
// sentence after a path (a comma, a closing parenthesis, a final
// period) is not part of it, the way one writes "look at @main.go."; a
// lone @ is none.
func ParseMentions(text string) []Mention {
	var out []Mention
	for i := 0; i < len(text); i++ {
		if text[i] != '@' {
			continue
		}
		if i > 0 {
			r, _ := utf8.DecodeLastRuneInString(text[:i])
			if !unicode.IsSpace(r) {
				continue
			}
		}
		rest := text[i+1:]
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexAny(rest[1:], "\"\n")
			if end > 0 && rest[1+end] == '"' {
				out = append(out, Mention{Path: rest[1 : 1+end], Start: i, End: i + 1 + end + 2})
				i += end + 2
			}
			continue
		}
		end := strings.IndexFunc(rest, unicode.IsSpace)
		if end < 0 {
			end = len(rest)
		}
		word := strings.TrimRight(rest[:end], ",;:!?)]}'\"`")
		word = strings.TrimRight(word, ".")
		if word == "" || word == "~" {
			continue
		}
		out = append(out, Mention{Path: word, Start: i, End: i + 1 + len(word)})
		i += end
	}
	return out
}
