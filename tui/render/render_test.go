package render

import (
	"reflect"
	"strings"
	"testing"

	"panto/tui/termtext"
)

const R = termtext.Reset

// expectRows renders chunks at width and compares, and checks the
// invariant every row must hold: exactly width columns, ending in a reset.
func expectRows(t *testing.T, chunks []string, width int, want ...string) {
	t.Helper()
	got := Rows(chunks, width)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Rows(%q, %d):\n got %q\nwant %q", chunks, width, got, want)
	}
	for _, row := range got {
		if w := termtext.Width(row); w != width {
			t.Errorf("row %q is %d columns, want %d", row, w, width)
		}
		if !strings.HasSuffix(row, R) {
			t.Errorf("row %q lacks the trailing reset", row)
		}
	}
}

func TestRowsPlain(t *testing.T) {
	expectRows(t, []string{"hello"}, 8, "hello   "+R)
	expectRows(t, []string{"hello", "world"}, 5, "hello"+R, "world"+R)
	expectRows(t, []string{"one\ntwo"}, 4, "one "+R, "two "+R)
	expectRows(t, []string{"hello world"}, 5, "hello"+R, "world"+R)
	expectRows(t, []string{""}, 3, "   "+R)
	expectRows(t, nil, 3)
	expectRows(t, []string{"x"}, 0)
}

func TestRowsSeveralWidths(t *testing.T) {
	chunk := "The quick brown fox jumps over the lazy dog"
	for width := 1; width <= 50; width++ {
		rows := Rows([]string{chunk}, width)
		var words []string
		for _, r := range rows {
			if termtext.Width(r) != width {
				t.Fatalf("width %d: row %q", width, r)
			}
			words = append(words, strings.Fields(strings.TrimSuffix(r, R))...)
		}
		if width >= 5 && strings.Join(words, " ") != chunk {
			t.Errorf("width %d: text changed: %q", width, words)
		}
	}
}

func TestRowsWideAndCombining(t *testing.T) {
	// CJK: two columns each; a wide character never straddles rows.
	expectRows(t, []string{"日本語のテキスト"}, 5, "日本 "+R, "語の "+R, "テキ "+R, "スト "+R)
	expectRows(t, []string{"日本語のテキスト"}, 6, "日本語"+R, "のテキ"+R, "スト  "+R)
	// Combining marks stay with their base letter.
	expectRows(t, []string{"cafe\u0301 cafe\u0301"}, 4, "cafe\u0301"+R, "cafe\u0301"+R)
	expectRows(t, []string{"n\u0303n\u0303n\u0303"}, 2, "n\u0303n\u0303"+R, "n\u0303 "+R)
	// Emoji (with modifiers and ZWJ sequences) are two columns.
	expectRows(t, []string{"👍🏽👨‍👩‍👧ok"}, 4, "👍🏽👨‍👩‍👧"+R, "ok  "+R)
	expectRows(t, []string{"a👍b"}, 2, "a "+R, "👍"+R, "b "+R)
	// A wide character in a one-column row becomes an ellipsis.
	expectRows(t, []string{"日"}, 1, "…"+R)
}

func TestRowsReplayStyles(t *testing.T) {
	red := "\x1b[31m"
	expectRows(t, []string{red + "red words here"}, 5,
		red+"red  "+R, red+"words"+R, red+"here "+R)
	// A style opened in one chunk carries into the next, as on a terminal.
	expectRows(t, []string{"\x1b[1mbold", "still" + R + " plain"}, 6,
		"\x1b[1mbold  "+R, "\x1b[1mstill"+R+" "+R, "plain "+R)
	// 256-colour and true-colour backgrounds are replayed compactly.
	expectRows(t, []string{"\x1b[48;5;17m\x1b[1mab cd"}, 2,
		"\x1b[48;5;17m\x1b[1mab"+R, "\x1b[1;48;5;17mcd"+R)
}

func TestRowsSanitize(t *testing.T) {
	expectRows(t, []string{"a\x1b[2Jb\x1b[Hc\x07d\x1b]0;title\x07e"}, 6, "abcde "+R)
	expectRows(t, []string{"x\r\ny\rz"}, 2, "x "+R, "y "+R, "z "+R)
	expectRows(t, []string{"\tx"}, 6, "    x "+R)
	expectRows(t, []string{"bad\xffbyte"}, 8, "bad\uFFFDbyte"+R)
}

func TestLinesFeedBackUnchanged(t *testing.T) {
	chunks := []string{"\x1b[32mgreen text that wraps\x1b[0m", "日本語のテキスト"}
	for _, width := range []int{3, 7, 12, 40} {
		// Native lines close their style, so only the padding's style
		// may differ: the visible text and the row count may not.
		lines := Lines(chunks, width)
		if got, want := plain(Rows(lines, width)), plain(Rows(chunks, width)); !reflect.DeepEqual(got, want) {
			t.Errorf("width %d: re-rendering the native lines changed them:\n got %q\nwant %q", width, got, want)
		}
	}
}

func plain(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = stripSGR(r)
	}
	return out
}

func stripSGR(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\x1b' {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func TestDiagnostic(t *testing.T) {
	row := Diagnostic("ext.lua:3: attempt to index a nil value\nstack traceback:", 30)
	if termtext.Width(row) != 30 || !strings.HasPrefix(row, "\x1b[2m⚠ ext.lua:3:") || !strings.HasSuffix(row, R) {
		t.Errorf("got %q", row)
	}
}
