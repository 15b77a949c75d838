package host

import (
	"regexp"
	"strings"
	"testing"
)

// The expressions the name checks replace: each check must agree with
// its expression on every input.
var (
	toolNameRef    = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	commandNameRef = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.:-]*$`)
)

func TestNameChecksMatchTheirExpressions(t *testing.T) {
	cases := []string{
		"", "a", "A", "0", "_", "-", ".", ":", "/", " ", "ls", "read_file",
		"web-fetch", "mcp__server__tool", "ns:cmd", "a.b", ".a", ":a", "-a",
		"a b", "a\n", "\na", "é", "aé", "a\x00", "a\xff", "tool!", "x/y",
		strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a", 65),
		strings.Repeat("-", 64), strings.Repeat("é", 20),
	}
	for _, s := range cases {
		if got, want := validToolName(s), toolNameRef.MatchString(s); got != want {
			t.Errorf("validToolName(%q) = %v, the expression says %v", s, got, want)
		}
		if got, want := validCommandName(s), commandNameRef.MatchString(s); got != want {
			t.Errorf("validCommandName(%q) = %v, the expression says %v", s, got, want)
		}
	}
}

func FuzzNameChecksMatchTheirExpressions(f *testing.F) {
	for _, s := range []string{"", "ls", "ns:cmd.x-y", strings.Repeat("b", 64), "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validToolName(s), toolNameRef.MatchString(s); got != want {
			t.Errorf("validToolName(%q) = %v, the expression says %v", s, got, want)
		}
		if got, want := validCommandName(s), commandNameRef.MatchString(s); got != want {
			t.Errorf("validCommandName(%q) = %v, the expression says %v", s, got, want)
		}
	})
}
