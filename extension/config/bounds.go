package config

import (
	"fmt"
	"strings"

	"panto/diag"
)

// Bounds checked before the TOML reader sees a file. The reader recurses
// into nested inline tables and arrays and allocates at every level (8,000
// nested inline tables in a 32 KB file made it use 3.8 GB), so a file
// nested deeper than any configuration needs, or far larger than one, is
// refused with a message that says why, and the layer loads without it.
const (
	// MaxSize is the largest config.toml read: hand-written files are a
	// few kilobytes.
	MaxSize = 1 << 20
	// MaxNesting bounds how deeply inline tables, arrays and table
	// headers' dotted keys may nest.
	MaxNesting = 32
)

// checkBounds reports a file too large or nested too deeply, scanning it
// once as TOML's lexical rules go: brackets and braces count outside
// strings and comments.
func checkBounds(path string, data []byte) *diag.Diagnostic {
	if len(data) > MaxSize {
		return &diag.Diagnostic{File: path, Message: fmt.Sprintf("%d bytes: a config.toml is limited to %d", len(data), MaxSize)}
	}
	s := string(data)
	depth, line := 0, 1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\n':
			line++
		case '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			i-- // the newline is counted above
		case '"', '\'':
			quote := s[i : i+1]
			if strings.HasPrefix(s[i:], strings.Repeat(quote, 3)) {
				quote = strings.Repeat(quote, 3)
			}
			end := i + len(quote)
			for end < len(s) {
				if c == '"' && s[end] == '\\' {
					end += 2
					continue
				}
				if strings.HasPrefix(s[end:], quote) {
					break
				}
				if s[end] == '\n' {
					line++
				}
				end++
			}
			i = end + len(quote) - 1
		case '{', '[':
			depth++
			if depth > MaxNesting {
				return &diag.Diagnostic{File: path, Line: line, Message: fmt.Sprintf("nested more than %d levels deep", MaxNesting)}
			}
		case '}', ']':
			if depth > 0 {
				depth--
			}
		}
	}
	return nil
}

// keyIndex maps the keys that lines start with to the first line that
// does, built in one pass so that placing many warnings stays linear (it
// used to rescan the file for each key: 20,000 unknown tables took 36 s).
// A line's key is what precedes '=' or ']', with table headers' brackets
// dropped; each dotted prefix of it is indexed too, since a.b = 1 also
// defines a. A key under a table header is indexed with the header's key
// in front (key under [a] is a.key), and alone too, for keys the search
// cannot place otherwise.
type keyIndex map[string]int

func newKeyIndex(data []byte) keyIndex {
	idx := keyIndex{}
	add := func(key string, line int) {
		for _, k := range dottedPrefixes(key) {
			if _, ok := idx[k]; !ok {
				idx[k] = line
			}
		}
	}
	table := ""
	for i, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		header := strings.HasPrefix(trimmed, "[")
		t := strings.TrimLeft(trimmed, "[")
		end := strings.IndexAny(t, "=]")
		if end < 0 {
			continue
		}
		key := strings.TrimSpace(t[:end])
		if key == "" {
			continue
		}
		if header {
			table = strings.Join(dottedPrefixes(key)[:1], "")
			add(table, i+1)
			continue
		}
		if table != "" {
			add(table+"."+key, i+1)
		}
		add(key, i+1)
	}
	return idx
}

// dottedPrefixes returns a.b.c, a.b and a for "a.b.c", each also with the
// spaces around dots removed ("a . b" is a.b).
func dottedPrefixes(key string) []string {
	parts := strings.Split(key, ".")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	out := make([]string, 0, len(parts))
	for n := len(parts); n > 0; n-- {
		out = append(out, strings.Join(parts[:n], "."))
	}
	return out
}

// line finds the line that defines key k (its segments), or the nearest
// enclosing key's line (a key inside an inline table is not at the start
// of a line: the line that opens the table is the place to point at), or
// 0.
func (idx keyIndex) line(k []string) int {
	for ; len(k) > 0; k = k[:len(k)-1] {
		if n, ok := idx[strings.Join(k, ".")]; ok {
			return n
		}
		last := k[len(k)-1]
		best := 0
		for _, cand := range []string{last, `"` + last + `"`} {
			if n, ok := idx[cand]; ok && (best == 0 || n < best) {
				best = n
			}
		}
		if best > 0 {
			return best
		}
	}
	return 0
}
