// Package luaregex gives Lua regular expressions backed by Go's regexp
// (RE2 syntax, matching in time linear in the subject): panto.regex.
// Lua patterns have no alternation and no repetition of groups, and the
// searches models write come from ripgrep and grep -E; this module lets
// any extension, the standard grep first, take those as written.
//
// Positions are Lua's: 1-based byte indexes, the end inclusive, as
// string.find returns them.
package luaregex

import (
	"fmt"
	"regexp"
	"strings"
)

// Regex is a compiled expression with the text it was compiled from.
type Regex struct {
	Re      *regexp.Regexp
	Pattern string
	Flags   string
}

// validFlags are the single-letter flags compile takes, RE2's own inline
// flags: i case-insensitive, m ^ and $ at line ends, s . matches \n, U
// ungreedy.
const validFlags = "imsU"

// Compile compiles pattern with flags. A pattern that uses what RE2
// lacks (look-around, backreferences, ...) fails with an error naming the
// construct and what to write instead.
func Compile(pattern, flags string) (*Regex, error) {
	for _, f := range flags {
		if !strings.ContainsRune(validFlags, f) {
			return nil, fmt.Errorf("unknown regex flag %q (the flags are i, m, s and U)", f)
		}
	}
	src := pattern
	if flags != "" {
		src = "(?" + dedupe(flags) + ")" + pattern
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, explainError(pattern, err)
	}
	return &Regex{Re: re, Pattern: pattern, Flags: flags}, nil
}

func dedupe(flags string) string {
	var b strings.Builder
	for _, f := range validFlags {
		if strings.ContainsRune(flags, f) {
			b.WriteRune(f)
		}
	}
	return b.String()
}

// explainError turns a compile error into one line that names the
// unsupported construct when there is one.
func explainError(pattern string, err error) error {
	if l, ok := Explain(pattern); ok {
		return fmt.Errorf("regex uses %s (%s), which RE2 does not support: %s", l.What, l.Text, l.Hint)
	}
	msg := strings.TrimPrefix(err.Error(), "error parsing regexp: ")
	return fmt.Errorf("invalid regex: %s", msg)
}
