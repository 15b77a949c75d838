package luautf8

import (
	"fmt"
	"testing"
	"unicode/utf8"
)

// The boundaries of each encoded length; the expected bytes of the first
// four lengths are what Go's unicode/utf8 produces, the five- and six-byte
// forms are the reference lua5.4's output for utf8.char(0x200000) and
// utf8.char(0x7FFFFFFF).
func TestAppend(t *testing.T) {
	for _, c := range []struct {
		code uint32
		want string
	}{
		{0, "\x00"}, {0x7f, "\x7f"}, {0x80, "\xc2\x80"}, {0x7ff, "\xdf\xbf"}, {0x800, "\xe0\xa0\x80"},
		{0x10ffff, "\xf4\x8f\xbf\xbf"}, {0x1fffff, "\xf7\xbf\xbf\xbf"}, {0x200000, "\xf8\x88\x80\x80\x80"},
		{0x7fffffff, "\xfd\xbf\xbf\xbf\xbf\xbf"},
	} {
		t.Run(fmt.Sprintf("%x", c.code), func(t *testing.T) {
			if got := string(Append(nil, c.code)); got != c.want {
				t.Errorf("Append(%x) = %q, want %q", c.code, got, c.want)
			}
		})
	}
}

// Within Unicode's range and outside the surrogates, the encoding is
// standard UTF-8.
func TestAppendMatchesUnicode(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r += 97 {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		if got, want := string(Append(nil, uint32(r))), string(r); got != want {
			t.Fatalf("Append(%x) = %q, want %q", r, got, want)
		}
	}
}
