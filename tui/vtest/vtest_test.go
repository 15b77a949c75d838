package vtest

import (
	"strings"
	"testing"
)

func TestScreenAndScrollback(t *testing.T) {
	term := New(10, 3)
	term.Write([]byte("one\r\ntwo\r\nthree\r\nfour"))
	if got := strings.Join(term.Screen(), "|"); got != "two|three|four" {
		t.Errorf("screen = %q", got)
	}
	if got := strings.Join(term.Scrollback(), "|"); got != "one" {
		t.Errorf("scrollback = %q", got)
	}
	if got := strings.Join(term.Lines(), "|"); got != "one|two|three|four" {
		t.Errorf("lines = %q", got)
	}
	if x, y := term.Cursor(); x != 4 || y != 2 {
		t.Errorf("cursor = %d,%d", x, y)
	}
	if term.Bytes() != len("one\r\ntwo\r\nthree\r\nfour") {
		t.Errorf("bytes = %d", term.Bytes())
	}
}

func TestStyles(t *testing.T) {
	term := New(12, 1)
	term.Write([]byte("a\x1b[1;36mbold\x1b[0m 世"))
	if got := term.Style(1, 0); got != "bold fg=6" {
		t.Errorf("style = %q", got)
	}
	if got := term.Style(0, 0); got != "" {
		t.Errorf("plain style = %q", got)
	}
	d := term.Dump()
	if !strings.Contains(d, "|abold 世    |") || !strings.Contains(d, "1-4 bold fg=6") {
		t.Errorf("dump:\n%s", d)
	}
}
