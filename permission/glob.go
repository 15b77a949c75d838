package permission

import (
	"path"
	"strings"
)

// hasMeta reports whether a pattern segment has glob wildcards.
func hasMeta(s string) bool { return strings.ContainsAny(s, "*?[") }

// matchSegments matches path segments against pattern segments: "**"
// matches any number of segments (none included), other segments match
// one segment with path.Match's syntax (* ? [...]).
func matchSegments(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			// Collapse repeated ** and try every split.
			for len(pat) > 1 && pat[1] == "**" {
				pat = pat[1:]
			}
			if len(pat) == 1 {
				return true
			}
			for i := 0; i <= len(name); i++ {
				if matchSegments(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, err := path.Match(pat[0], name[0]); err != nil || !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// splitSlash splits a slash path into its names, dropping the empty
// name of a leading slash.
func splitSlash(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// matchCommand matches a command against a pattern where * matches any
// run of characters (spaces and slashes included) and everything else is
// itself.
func matchCommand(pat, s string) bool {
	star := strings.IndexByte(pat, '*')
	if star < 0 {
		return pat == s
	}
	if !strings.HasPrefix(s, pat[:star]) {
		return false
	}
	s, pat = s[star:], pat[star+1:]
	for i := 0; i <= len(s); i++ {
		if matchCommand(pat, s[i:]) {
			return true
		}
	}
	return false
}
