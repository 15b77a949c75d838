// Package highlight is panto.ext.highlight: a small ANSI syntax
// highlighter for the languages tool output shows most (Lua, Go, Python,
// JavaScript/TypeScript, JSON, shell, diffs). It recognises comments,
// strings, numbers, keywords, constants and well-known builtins, which
// is what a transcript needs to be readable; it is not a parser. Colours
// come from the active theme's roles of the same names.
package highlight

import "strings"

// Style returns the SGR sequence for a role ("keyword", "string",
// "comment", "number", "constant", "builtin", "added", "removed",
// "heading"), or "" to leave that role plain.
type Style func(role string) string

const reset = "\x1b[0m"

// Highlight returns body with ANSI styles for the language named by slug.
// An unknown (or empty) slug returns body unchanged.
func Highlight(body, slug string, style Style) string {
	slug = strings.ToLower(strings.TrimSpace(slug))
	if slug == "diff" || slug == "patch" {
		return diff(body, style)
	}
	lang := languages[slug]
	if lang == nil {
		return body
	}
	s := scanner{lang: lang, src: body, style: style}
	s.run()
	return s.out.String()
}

// diff colours whole lines by their first character.
func diff(body string, style Style) string {
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

// writeStyled writes text in a style, closing and re-opening it around
// each newline so that every line stands on its own (a caller may split
// the result into lines).
func writeStyled(b *strings.Builder, text, sgr string, styled bool) {
	if !styled || sgr == "" || text == "" {
		b.WriteString(text)
		return
	}
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		if line != "" {
			b.WriteString(sgr)
			b.WriteString(line)
			b.WriteString(reset)
		}
	}
}
