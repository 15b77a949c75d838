package ignore

// wildmatch reports whether the whole of name matches the glob p with
// git's pathname rules: "*", "?" and classes never match "/"; "**" with
// a slash or an end on each side matches across slashes ("a/**/b" takes
// "a/b" and "a/x/y/b"), and elsewhere is a plain "*". Bytes are compared
// as bytes, as git does. Failed (pattern, name) positions are remembered,
// so star-heavy patterns cannot take exponential time.
func wildmatch(p, name string) bool {
	m := matcher{p: p, s: name}
	return m.match(0, 0)
}

type matcher struct {
	p, s   string
	failed map[[2]int]bool
}

func (m *matcher) match(pi, si int) bool {
	p, s := m.p, m.s
	for pi < len(p) {
		switch c := p[pi]; c {
		case '*':
			return m.star(pi, si)
		case '?':
			if si == len(s) || s[si] == '/' {
				return false
			}
			pi, si = pi+1, si+1
		case '[':
			if si == len(s) || s[si] == '/' {
				return false
			}
			ok, n, valid := matchClass(p[pi:], s[si])
			if !valid || !ok {
				// An unclosed "[" matches nothing, as in git.
				return false
			}
			pi, si = pi+n, si+1
		case '\\':
			if pi+1 == len(p) || si == len(s) || s[si] != p[pi+1] {
				return false // a trailing backslash matches nothing
			}
			pi, si = pi+2, si+1
		default:
			if si == len(s) || s[si] != c {
				return false
			}
			pi, si = pi+1, si+1
		}
	}
	return si == len(s)
}

// star matches the run of stars at p[pi:] and what follows.
func (m *matcher) star(pi, si int) bool {
	key := [2]int{pi, si}
	if m.failed[key] {
		return false
	}
	p, s := m.p, m.s
	end := pi
	for end < len(p) && p[end] == '*' {
		end++
	}
	crossSlash := false
	if end-pi >= 2 && (pi == 0 || p[pi-1] == '/') && (end == len(p) || p[end] == '/') {
		if end == len(p) {
			return true // "**" at the end: everything below
		}
		// "**/": no folder at all, or any run that may cross slashes
		// before the "/".
		if m.match(end+1, si) {
			return true
		}
		crossSlash = true
	}
	for i := si; ; i++ {
		if m.match(end, i) {
			return true
		}
		if i == len(s) || (s[i] == '/' && !crossSlash) {
			break
		}
	}
	if m.failed == nil {
		m.failed = map[[2]int]bool{}
	}
	m.failed[key] = true
	return false
}

// posixClass is the [:name:] class of git's wildmatch called name, nil
// for a name it does not know. A switch rather than a map, so that
// package initialisation builds nothing (docs/benchmarks.md, "Start-up
// and memory, sixth pass").
func posixClass(name string) func(byte) bool {
	switch name {
	case "alnum":
		return func(c byte) bool { return isAlpha(c) || isDigit(c) }
	case "alpha":
		return isAlpha
	case "blank":
		return func(c byte) bool { return c == ' ' || c == '\t' }
	case "cntrl":
		return func(c byte) bool { return c < 32 || c == 127 }
	case "digit":
		return isDigit
	case "graph":
		return func(c byte) bool { return c > 32 && c < 127 }
	case "lower":
		return func(c byte) bool { return c >= 'a' && c <= 'z' }
	case "print":
		return func(c byte) bool { return c >= 32 && c < 127 }
	case "punct":
		return func(c byte) bool { return c > 32 && c < 127 && !isAlpha(c) && !isDigit(c) }
	case "space":
		return func(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }
	case "upper":
		return func(c byte) bool { return c >= 'A' && c <= 'Z' }
	case "xdigit":
		return func(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }
	}
	return nil
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// matchClass matches c against the class at the start of p ("[...]").
// It returns whether c is in it, the class's length, and whether the
// class is well formed (closed, with known [:name:] classes).
func matchClass(p string, c byte) (in bool, n int, valid bool) {
	i := 1
	negate := false
	if i < len(p) && (p[i] == '!' || p[i] == '^') {
		negate = true
		i++
	}
	first := true
	for {
		if i >= len(p) {
			return false, 0, false
		}
		lo := p[i]
		if lo == ']' && !first {
			return in != negate, i + 1, true
		}
		first = false
		if lo == '[' && i+1 < len(p) && p[i+1] == ':' {
			end := indexFrom(p, i+2, ":]")
			if end < 0 {
				// Not a class name: "[" stands for itself.
				if c == '[' {
					in = true
				}
				i++
				continue
			}
			f := posixClass(p[i+2 : end])
			ok := f != nil
			if !ok {
				return false, 0, false
			}
			if f(c) {
				in = true
			}
			i = end + 2
			continue
		}
		if lo == '\\' {
			i++
			if i >= len(p) {
				return false, 0, false
			}
			lo = p[i]
		}
		i++
		hi := lo
		if i+1 < len(p) && p[i] == '-' && p[i+1] != ']' {
			hi = p[i+1]
			i += 2
			if hi == '\\' {
				if i >= len(p) {
					return false, 0, false
				}
				hi = p[i]
				i++
			}
		}
		if lo <= c && c <= hi {
			in = true
		}
	}
}

func indexFrom(s string, from int, sub string) int {
	for i := from; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}
