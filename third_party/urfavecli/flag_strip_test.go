package cli

import (
	"regexp"
	"testing"
)

// stripCommaWhitespace (panto's patch) gives what the expression it
// replaces gives.
func TestStripCommaWhitespaceMatchesRegexp(t *testing.T) {
	re := regexp.MustCompile("[, ]+.*")
	for _, s := range []string{
		"", "a", "name", "a,b", "a b", "a, b", ",a", " a", "a,", "a ",
		"a,,  ,b", "a\nb", "a,b\nc", "a,b\nc d", "a b\n\n, c\nd",
		"\n", ",\n,", "a\r, b", "é, ü", "x,\ny,\nz",
	} {
		if got, want := stripCommaWhitespace(s), re.ReplaceAllString(s, ""); got != want {
			t.Errorf("stripCommaWhitespace(%q) = %q, the expression gives %q", s, got, want)
		}
	}
}
