package walk

import (
	"fmt"
	"regexp"
	"strings"
)

// Glob is a compiled glob in the syntax of panto's find and grep (and of
// shells and ripgrep): * any run but "/", ? one character but "/",
// [abc] [a-z] [!abc] [^abc] a set, {a,b} alternatives (nested, holding
// the others), ** as a whole segment any number of folders, \x the
// character x. Without a "/" it matches an entry's name, with one the
// path below the searched folder ("./" in front ignored).
type Glob struct {
	re      *regexp.Regexp
	hasPath bool
}

// CompileGlob translates pattern into a regular expression.
func CompileGlob(pattern string) (*Glob, error) {
	p := strings.TrimPrefix(pattern, "./")
	var b strings.Builder
	b.WriteString(`^`)
	if err := translate(&b, p, 0); err != nil {
		return nil, fmt.Errorf("%s in glob %q", err.Error(), pattern)
	}
	b.WriteString(`$`)
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("glob %q: %v", pattern, err)
	}
	return &Glob{re: re, hasPath: strings.Contains(p, "/")}, nil
}

// Match reports whether the entry with path rel (below the searched
// folder) and name matches.
func (g *Glob) Match(rel, name string) bool {
	if g.hasPath {
		return g.re.MatchString(rel)
	}
	return g.re.MatchString(name)
}

// translate writes the regular expression of glob p; depth counts open
// braces, in which "," separates alternatives.
func translate(b *strings.Builder, p string, depth int) error {
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch c {
		case '*':
			segStart := i == 0 || p[i-1] == '/'
			if i+1 < len(p) && p[i+1] == '*' && segStart && (i+2 == len(p) || p[i+2] == '/') {
				if i+2 == len(p) {
					b.WriteString(`.*`)
					i++
				} else {
					b.WriteString(`(?:.*/)?`)
					i += 2
				}
				continue
			}
			b.WriteString(`[^/]*`)
		case '?':
			b.WriteString(`[^/]`)
		case '[':
			end, class, err := globClass(p, i)
			if err != nil {
				return err
			}
			b.WriteString(class)
			i = end
		case '{':
			end := matchingBrace(p, i)
			if end < 0 {
				return fmt.Errorf("unclosed '{'")
			}
			b.WriteString(`(?:`)
			for k, alt := range splitTop(p[i+1 : end]) {
				if k > 0 {
					b.WriteByte('|')
				}
				if err := translate(b, alt, depth+1); err != nil {
					return err
				}
			}
			b.WriteString(`)`)
			i = end
		case '\\':
			if i+1 == len(p) {
				return fmt.Errorf("trailing '\\'")
			}
			i++
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
	return nil
}

// globClass translates the set starting at p[i] ("["), returning the
// index of its "]".
func globClass(p string, i int) (int, string, error) {
	var b strings.Builder
	b.WriteByte('[')
	j := i + 1
	if j < len(p) && (p[j] == '!' || p[j] == '^') {
		b.WriteByte('^')
		j++
	}
	first := true
	for ; j < len(p); j++ {
		c := p[j]
		if c == ']' && !first {
			if b.Len() > 1 && strings.HasPrefix(b.String(), "[^") {
				b.WriteString(`/`) // a negated set never matches "/"
			}
			b.WriteByte(']')
			return j, b.String(), nil
		}
		first = false
		switch {
		case c == '\\' && j+1 < len(p):
			j++
			b.WriteString(regexp.QuoteMeta(p[j : j+1]))
			if p[j] == '-' || p[j] == '^' {
				// QuoteMeta leaves these; inside a class they need escaping.
				s := b.String()
				b.Reset()
				b.WriteString(s[:len(s)-1] + `\` + p[j:j+1])
			}
		case c == '-':
			b.WriteByte('-')
		case c == '[' || c == ']' || c == '^' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteString(regexp.QuoteMeta(p[j : j+1]))
		}
	}
	return 0, "", fmt.Errorf("unclosed '['")
}

func matchingBrace(p string, i int) int {
	depth := 0
	for j := i; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case '[':
			if end, _, err := globClass(p, j); err == nil {
				j = end
			}
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// splitTop splits a brace group's body at its top-level commas.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:j])
				start = j + 1
			}
		}
	}
	return append(out, s[start:])
}
