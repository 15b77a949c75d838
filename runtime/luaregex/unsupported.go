package luaregex

import "strings"

// Lacking names a construct of Perl-style regular expressions that RE2
// (Go's regexp, and ripgrep's default engine) deliberately leaves out
// because it cannot be matched in linear time, or that Go's syntax
// spells differently. Models write these from habit; naming the
// construct turns Go's terse parse error into something they can act on.
type Lacking struct {
	What string // "look-ahead", "a backreference", ...
	Text string // the construct as written: "(?=", `\1`
	Hint string // what to write instead
}

// Explain finds the first construct of pattern that RE2 lacks. It is
// consulted only after a compile failed, so it never has to decide
// whether a pattern RE2 accepts is "really" fine.
func Explain(pattern string) (Lacking, bool) {
	inClass := false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '\\' && i+1 < len(pattern):
			if l, ok := explainEscape(pattern[i:], inClass); ok {
				return l, true
			}
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
			// A ']' right after '[' or '[^' is a member, not the end.
			if strings.HasPrefix(pattern[i+1:], "^]") {
				i += 2
			} else if strings.HasPrefix(pattern[i+1:], "]") {
				i++
			}
		case c == '(':
			if l, ok := explainGroup(pattern[i:]); ok {
				return l, true
			}
		case c == '*' || c == '+' || c == '?' || c == '}':
			if i+1 < len(pattern) && pattern[i+1] == '+' {
				return Lacking{"a possessive quantifier", pattern[i : i+2],
					"drop the '+': RE2 never backtracks, so the plain quantifier already behaves"}, true
			}
		}
	}
	return Lacking{}, false
}

const lookHint = "RE2 matches in linear time and has no look-around: match the surrounding text as part of the pattern, or search for the main part and filter the results"

func explainGroup(p string) (Lacking, bool) {
	for _, g := range []struct{ prefix, what, hint string }{
		{"(?<=", "look-behind", lookHint},
		{"(?<!", "negative look-behind", lookHint},
		{"(?=", "look-ahead", lookHint},
		{"(?!", "negative look-ahead", lookHint},
		{"(?>", "an atomic group", "use a plain group (?:...): RE2 never backtracks"},
		{"(?|", "a branch-reset group", "use a plain group (?:...) and number the captures as they appear"},
		{"(?#", "an inline comment", "remove the comment"},
		{"(?R)", "recursion", "RE2 cannot match nested structures; search for the opening part instead"},
		{"(?(", "a conditional group", "write the alternatives out with |"},
	} {
		if strings.HasPrefix(p, g.prefix) {
			return Lacking{g.what, g.prefix, g.hint}, true
		}
	}
	if len(p) > 2 && p[1] == '?' && (p[2] >= '0' && p[2] <= '9' || p[2] == '+' || p[2] == '-' && len(p) > 3 && p[3] >= '0' && p[3] <= '9') {
		end := strings.IndexByte(p, ')')
		if end < 0 {
			end = len(p) - 1
		}
		return Lacking{"recursion", p[:end+1], "RE2 cannot match nested structures; search for the opening part instead"}, true
	}
	return Lacking{}, false
}

const backrefHint = "RE2 has no backreferences: repeat the group's pattern instead of referring to what it matched, or search for the literal text"

func explainEscape(p string, inClass bool) (Lacking, bool) {
	c := p[1]
	switch {
	case c >= '1' && c <= '9' && !inClass && (len(p) == 2 || p[2] < '0' || p[2] > '7'):
		// \12 is an octal escape to RE2; \1 alone is a backreference.
		return Lacking{"a backreference", p[:2], backrefHint}, true
	case (c == 'k' || c == 'g') && len(p) > 2 && !inClass:
		if end := namedRefEnd(p); end > 0 {
			return Lacking{"a backreference", p[:end], backrefHint}, true
		}
	case c == 'Z' && !inClass:
		return Lacking{"the \\Z anchor", `\Z`, `write \z for the very end of the text, or $ for the end of a line`}, true
	case c == 'G' && !inClass:
		return Lacking{"the \\G anchor", `\G`, "RE2 has no \\G; anchor with ^ instead"}, true
	case c == 'K' && !inClass:
		return Lacking{"\\K (keep out)", `\K`, "match the whole text and use a capture group for the part you want"}, true
	case c == 'h' || c == 'H':
		return Lacking{"the \\h class", p[:2], `write [ \t] for horizontal space`}, true
	case c == 'R' && !inClass:
		return Lacking{"the \\R line break", `\R`, `write (?:\r?\n) instead`}, true
	case c == 'X' && !inClass:
		return Lacking{"the \\X grapheme class", `\X`, "match code points with . or a class instead"}, true
	}
	return Lacking{}, false
}

// namedRefEnd returns the length of a \k<name>, \k{name}, \k'name',
// \g1, \g-1 or \g{1} reference at the start of p, or 0 when p does
// not start with one.
func namedRefEnd(p string) int {
	closer := map[byte]byte{'<': '>', '{': '}', '\'': '\''}[p[2]]
	if closer != 0 {
		if end := strings.IndexByte(p[3:], closer); end >= 0 {
			return 3 + end + 1
		}
		return len(p)
	}
	n := 2
	if p[1] == 'g' && n < len(p) && p[n] == '-' {
		n++
	}
	start := n
	for n < len(p) && p[n] >= '0' && p[n] <= '9' {
		n++
	}
	if p[1] != 'g' || n == start {
		return 0
	}
	return n
}
