package store

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestParseLongLines: entries longer than the reader's 64 KiB buffer
// read whole, in the middle of the file and as its unterminated last
// line; one longer than maxLine is named in Problems and skipped, and the
// entries after it still load.
func TestParseLongLines(t *testing.T) {
	defer func(n int) { maxLine = n }(maxLine)
	maxLine = 1 << 20
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	long := strings.Repeat("0123456789abcdef", 300<<10/16) // 300 KiB
	huge := strings.Repeat("z", 2<<20)                     // past maxLine
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("user", "q1 "+long)}))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("assistant", "a1")}))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("user", "q2 "+huge)}))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("user", "q3")}))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("assistant", "a3 "+long)}))
	id, path := w.SessionID(), w.Path()
	must(t, w.Close())
	// The last line without its newline, as a writer killed before it.
	data, err := os.ReadFile(path)
	must(t, err)
	must(t, os.WriteFile(path, data[:len(data)-1], 0o600))

	s, err := fs.Load(id)
	must(t, err)
	var texts []string
	for _, e := range s.Entries {
		if e.Message != nil {
			texts = append(texts, e.Message.Text())
		}
	}
	want := []string{"q1 " + long, "a1", "q3", "a3 " + long}
	if len(texts) != len(want) {
		t.Fatalf("%d messages read, want %d", len(texts), len(want))
	}
	for i := range want {
		if texts[i] != want[i] {
			t.Errorf("message %d: %d bytes %.20q, want %d bytes %.20q", i, len(texts[i]), texts[i], len(want[i]), want[i])
		}
	}
	if len(s.Problems) != 1 || !strings.Contains(s.Problems[0], fmt.Sprintf(":4: entry longer than %d bytes skipped", maxLine)) {
		t.Errorf("problems %q, want the long entry on line 4 named", s.Problems)
	}
}
