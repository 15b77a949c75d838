package lexer

import "testing"

// TestClassTable checks class against the classes' definitions, built
// the way the table was built before it became a literal.
func TestClassTable(t *testing.T) {
	var want [256]uint8
	for c := 'a'; c <= 'z'; c++ {
		want[c] |= cAlpha
		want[c-'a'+'A'] |= cAlpha
	}
	want['_'] |= cAlpha
	for c := '0'; c <= '9'; c++ {
		want[c] |= cDigit | cXDigit
	}
	for c := 'a'; c <= 'f'; c++ {
		want[c] |= cXDigit
		want[c-'a'+'A'] |= cXDigit
	}
	for _, c := range " \t\n\v\f\r" {
		want[c] |= cSpace
	}
	for _, c := range "\\\n\r\"'" {
		want[c] |= cStop
	}
	for c := range 256 {
		if class[c] != want[c] {
			t.Errorf("class[%#02x] = %#02x, want %#02x", c, class[c], want[c])
		}
	}
}
