package render

import (
	"strings"
	"testing"

	"panto/tui/termtext"
)

// FuzzRows checks the pipeline's promises on any input: every row is
// exactly the width, ends with a reset, and holds no control character
// other than the SGR sequences.
func FuzzRows(f *testing.F) {
	for _, s := range []string{"hello world", "日本語\tテキスト", "\x1b[1;31mred\x1b[0m\nplain", "e\u0301\u200d👍🏽", "\x1b]0;x\x07\x1b[2J\r\n", "\xff\xfe"} {
		f.Add(s, uint8(10))
	}
	f.Fuzz(func(t *testing.T, s string, w uint8) {
		width := int(w%120) + 1
		for _, row := range Rows([]string{s}, width) {
			if got := termtext.Width(row); got != width {
				t.Fatalf("width %d: row %q is %d columns", width, row, got)
			}
			if !strings.HasSuffix(row, termtext.Reset) {
				t.Fatalf("row %q lacks the reset", row)
			}
			for i := 0; i < len(row); i++ {
				c := row[i]
				if c == 0x1b {
					if i+1 >= len(row) || row[i+1] != '[' {
						t.Fatalf("row %q has a non-CSI escape", row)
					}
					j := i + 2
					for j < len(row) && (row[j] >= '0' && row[j] <= '9' || row[j] == ';' || row[j] == ':') {
						j++
					}
					if j >= len(row) || row[j] != 'm' {
						t.Fatalf("row %q has a non-SGR sequence", row)
					}
					i = j
					continue
				}
				if c < 0x20 || c == 0x7f {
					t.Fatalf("row %q has control byte %#x", row, c)
				}
			}
		}
	})
}
