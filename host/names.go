package host

// Tool and command names are checked byte by byte rather than with
// regular expressions, which the first registration of every session
// compiled (`^[A-Za-z0-9_-]{1,64}$`: the bounded repetition unrolls into
// 64 nested copies) and every registration ran (docs/benchmarks.md,
// "Start-up, fifth pass"). names_test.go holds each function equal to
// the expression it replaces.

// validToolName reports whether name is what model APIs accept as a tool
// name, `^[A-Za-z0-9_-]{1,64}$`: checking it at registration beats a
// provider rejecting the whole request later.
func validToolName(name string) bool {
	if len(name) == 0 || len(name) > 64 {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !isWordByte(name[i]) && name[i] != '-' {
			return false
		}
	}
	return true
}

// validCommandName reports whether name stays typeable after a slash,
// `^[A-Za-z0-9_][A-Za-z0-9_.:-]*$`.
func validCommandName(name string) bool {
	if len(name) == 0 || !isWordByte(name[0]) {
		return false
	}
	for i := 1; i < len(name); i++ {
		switch c := name[i]; {
		case isWordByte(c), c == '.', c == ':', c == '-':
		default:
			return false
		}
	}
	return true
}

// isWordByte reports whether c is an ASCII letter, digit or underscore.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
