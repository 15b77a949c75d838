package termtext

import (
	"reflect"
	"strings"
	"testing"
)

func TestWidth(t *testing.T) {
	for _, c := range []struct {
		s string
		w int
	}{
		{"", 0},
		{"hello", 5},
		{"日本語", 6},
		{"e\u0301", 1},              // e + combining acute
		{"👍🏽", 2},                   // emoji with skin tone
		{"👨‍👩‍👧", 2},                // ZWJ family
		{"\x1b[1;31mred\x1b[0m", 3}, // SGR counts zero
		{"a\x1b]0;title\ab", 2},     // OSC dropped
		{"ab\ncde", 3},              // widest line
		{"\tx", 5},                  // tab to column 4
		{"a\x00b\x07", 2},           // controls dropped
		{"\xff", 1},                 // invalid UTF-8 as U+FFFD
	} {
		t.Run(c.s, func(t *testing.T) {
			if got := Width(c.s); got != c.w {
				t.Errorf("Width(%q) = %d, want %d", c.s, got, c.w)
			}
		})
	}
}

func TestTruncate(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"hello", 5, "hello"},
		{"hello world", 5, "hell…"},
		{"hello", 0, ""},
		{"日本語", 4, "日…"},
		{"日本語", 3, "日…"},
		{"\x1b[31mhello world", 6, "\x1b[31mhello…\x1b[0m"},
		{"ab\ncd", 10, "ab…"},
	} {
		t.Run(c.s, func(t *testing.T) {
			if got := Truncate(c.s, c.n); got != c.want {
				t.Errorf("Truncate(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
			}
			if Width(Truncate(c.s, c.n)) > c.n {
				t.Errorf("Truncate(%q, %d) too wide", c.s, c.n)
			}
		})
	}
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want []string
	}{
		{"the quick brown fox", 10, []string{"the quick", "brown fox"}},
		{"the quick brown fox", 9, []string{"the quick", "brown fox"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"  indented text here", 10, []string{"  indented", "text here"}},
		{"a\n\nb", 5, []string{"a", "", "b"}},
		{"日本語テキスト", 5, []string{"日本", "語テ", "キス", "ト"}},
		{"x日本", 2, []string{"x", "日", "本"}},
		{"e\u0301e\u0301e\u0301", 2, []string{"e\u0301e\u0301", "e\u0301"}},
		{"👍👍👍", 4, []string{"👍👍", "👍"}},
		{"", 5, []string{""}},
		{"ab cdefghijkl", 5, []string{"ab cd", "efghi", "jkl"}},
		{"日", 1, []string{"…"}},
	} {
		t.Run(c.s, func(t *testing.T) {
			got := Wrap(c.s, c.n)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Wrap(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
			}
			for _, row := range got {
				if Width(row) > c.n {
					t.Errorf("Wrap(%q, %d): row %q too wide", c.s, c.n, row)
				}
			}
		})
	}
}

func TestWrapReplaysStyles(t *testing.T) {
	got := Wrap("\x1b[1;32mgreen words\x1b[0m plain", 6)
	want := []string{
		"\x1b[1;32mgreen\x1b[0m",
		"\x1b[1;32mwords\x1b[0m",
		"plain",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestStyleApply(t *testing.T) {
	var s Style
	s.Apply("1;38;5;208;48;2;1;2;3")
	if got := s.Sequence(); got != "\x1b[1;38;5;208;48;2;1;2;3m" {
		t.Errorf("got %q", got)
	}
	s.Apply("22;39")
	if got := s.Sequence(); got != "\x1b[48;2;1;2;3m" {
		t.Errorf("got %q", got)
	}
	s.Apply("")
	if !s.IsDefault() {
		t.Error("empty SGR must reset")
	}
	s.Apply("4:3;38:2::1:2:3")
	if got := s.Sequence(); got != "\x1b[4;38:2::1:2:3m" {
		t.Errorf("got %q", got)
	}
}

func TestSanitize(t *testing.T) {
	rows := Wrap("a\x1b[2Jb\x1b[10;10Hc\x1b]8;;http://x\x1b\\d\u009be", 20)
	if len(rows) != 1 || rows[0] != "abcde" {
		t.Errorf("got %q", rows)
	}
	if strings.Contains(strings.Join(Wrap("x\ry", 5), ""), "\r") {
		t.Error("carriage return kept")
	}
}
