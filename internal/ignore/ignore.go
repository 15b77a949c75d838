// Package ignore reads gitignore-style files (.gitignore, .ignore, git's
// info/exclude and core.excludesFile) and decides whether a path is
// ignored, by the rules of gitignore(5): the last matching pattern wins,
// "!" re-includes, a trailing "/" matches folders only, a pattern with a
// "/" before its end is anchored to its file's folder while one without
// matches a name at any depth, and "**" spans folders. What a parent
// folder's exclusion does to its contents is the walker's business: it
// never enters an ignored folder, which is git's rule too.
package ignore

import (
	"bytes"
	"strings"
)

// Pattern is one line of an ignore file.
type Pattern struct {
	glob     string // without "!", leading "/" and trailing "/"
	negate   bool
	dirOnly  bool
	anchored bool // matched against the path below the base, not the name
	// Source and Line say where the pattern came from.
	Source string
	Line   int
}

// String gives the pattern as written (minus escapes of leading
// characters and trailing spaces).
func (p *Pattern) String() string {
	var b strings.Builder
	if p.negate {
		b.WriteByte('!')
	}
	if p.anchored && !strings.Contains(p.glob, "/") {
		b.WriteByte('/')
	}
	b.WriteString(p.glob)
	if p.dirOnly {
		b.WriteByte('/')
	}
	return b.String()
}

// Negated reports whether the pattern re-includes what it matches.
func (p *Pattern) Negated() bool { return p.negate }

// Parse reads the lines of an ignore file. Blank lines and "#" comments
// are skipped; "\#" and "\!" start a pattern with those characters;
// trailing spaces are dropped unless escaped; a CR before the line end
// and a UTF-8 byte order mark are ignored. Nothing is an error: git
// ignores what it cannot use, and so does Parse (a malformed class
// simply never matches).
func Parse(data []byte, source string) []Pattern {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var out []Pattern
	line := 0
	for len(data) > 0 {
		line++
		var raw []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i], data[i+1:]
		} else {
			raw, data = data, nil
		}
		raw = bytes.TrimSuffix(raw, []byte("\r"))
		if p, ok := parseLine(string(raw)); ok {
			p.Source, p.Line = source, line
			out = append(out, p)
		}
	}
	return out
}

func parseLine(s string) (Pattern, bool) {
	if s == "" || s[0] == '#' {
		return Pattern{}, false
	}
	s = trimTrailingSpaces(s)
	if s == "" {
		return Pattern{}, false // only spaces: blank
	}
	var p Pattern
	if s[0] == '!' {
		p.negate = true
		s = s[1:]
	} else if strings.HasPrefix(s, `\!`) || strings.HasPrefix(s, `\#`) {
		s = s[1:]
	}
	if strings.HasSuffix(s, "/") {
		p.dirOnly = true
		s = s[:len(s)-1]
	}
	if s == "" {
		return Pattern{}, false
	}
	if i := strings.IndexByte(s, '/'); i >= 0 {
		p.anchored = true
		s = strings.TrimPrefix(s, "/")
		if s == "" {
			return Pattern{}, false
		}
	}
	p.glob = s
	return p, true
}

// trimTrailingSpaces drops unescaped spaces at the end of s; an escaped
// one stays (its backslash too: the matcher reads "\ " as a space).
func trimTrailingSpaces(s string) string {
	end := len(s)
	for end > 0 && s[end-1] == ' ' {
		// Count the backslashes before this space.
		bs := 0
		for j := end - 2; j >= 0 && s[j] == '\\'; j-- {
			bs++
		}
		if bs%2 == 1 {
			break
		}
		end--
	}
	return s[:end]
}

// Match reports whether p matches rel, a "/"-separated path relative to
// the folder of p's file (never empty, never starting with "/").
func (p *Pattern) Match(rel string, isDir bool) bool {
	if p.dirOnly && !isDir {
		return false
	}
	if p.anchored {
		return wildmatch(p.glob, rel)
	}
	name := rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		name = rel[i+1:]
	}
	return wildmatch(p.glob, name)
}

// Set is the patterns of one file and the folder they are relative to.
type Set struct {
	// Base is the folder (an absolute path, "/"-separated on every
	// system) the patterns' paths are relative to.
	Base     string
	Patterns []Pattern
}

// Decide finds the last pattern of s that matches abs, a path below
// s.Base. It returns the pattern, or nil when none matches.
func (s *Set) Decide(abs string, isDir bool) *Pattern {
	rel, ok := below(s.Base, abs)
	if !ok {
		return nil
	}
	for i := len(s.Patterns) - 1; i >= 0; i-- {
		if s.Patterns[i].Match(rel, isDir) {
			return &s.Patterns[i]
		}
	}
	return nil
}

// below returns abs relative to base when abs lies strictly below it.
func below(base, abs string) (string, bool) {
	if base == "/" {
		return strings.TrimPrefix(abs, "/"), len(abs) > 1
	}
	if len(abs) <= len(base)+1 || !strings.HasPrefix(abs, base) || abs[len(base)] != '/' {
		return "", false
	}
	return abs[len(base)+1:], true
}
