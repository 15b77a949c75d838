package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
)

// countSyncs replaces syncFile for one test, counting the calls per file
// and failing them with fail when it is set.
func countSyncs(t *testing.T, fail error) map[string]int {
	t.Helper()
	calls := map[string]int{}
	orig := syncFile
	syncFile = func(f *os.File) error {
		calls[filepath.Base(f.Name())]++
		if fail != nil {
			return fail
		}
		return orig(f)
	}
	t.Cleanup(func() { syncFile = orig })
	return calls
}

// TestCloseSyncs: closing a session that was written flushes it to
// stable storage, and a failed flush is Close's error; closing one that
// never wrote (nothing to flush) and a second Close do not sync.
func TestCloseSyncs(t *testing.T) {
	t.Run("written", func(t *testing.T) {
		calls := countSyncs(t, nil)
		w, err := NewFileStore(t.TempDir()).Create("/p", "")
		must(t, err)
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "hi")}))
		must(t, w.Close())
		must(t, w.Close())
		if n := calls[filepath.Base(w.Path())]; n != 1 {
			t.Errorf("%d syncs of the session file, want 1", n)
		}
	})
	t.Run("never written", func(t *testing.T) {
		calls := countSyncs(t, nil)
		w, err := NewFileStore(t.TempDir()).Create("/p", "")
		must(t, err)
		must(t, w.Sync())
		must(t, w.Close())
		if len(calls) != 0 {
			t.Errorf("syncs %v for a session with no file", calls)
		}
	})
	t.Run("failing", func(t *testing.T) {
		boom := errors.New("disk gone")
		w, err := NewFileStore(t.TempDir()).Create("/p", "")
		must(t, err)
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "hi")}))
		countSyncs(t, boom)
		if err := w.Sync(); !errors.Is(err, boom) {
			t.Errorf("Sync = %v, want the flush's error", err)
		}
		if err := w.Close(); !errors.Is(err, boom) {
			t.Errorf("Close = %v, want the flush's error", err)
		}
		if err := w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "late")}); err == nil {
			t.Error("Append after Close succeeded")
		}
	})
}

// TestSyncStampsExactTime: Sync sets the file's modification time to
// now, so a session synced later lists first even when an earlier one
// was stamped in the future by a coarse clock.
func TestSyncStampsExactTime(t *testing.T) {
	dir := t.TempDir()
	fs := NewFileStore(dir)
	w, err := fs.Create("/p", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "hi")}))
	future := time.Now().Add(time.Hour)
	must(t, os.Chtimes(w.Path(), future, future))
	must(t, w.Sync())
	fi, err := os.Stat(w.Path())
	must(t, err)
	if !fi.ModTime().Before(future) {
		t.Errorf("Sync left the modification time at %v", fi.ModTime())
	}
	must(t, w.Close())
}

// TestModificationTimeTies: sessions with the same modification time
// list by file name, newest creation first, whatever order the folder
// gives; a file whose name carries no time is still listed.
func TestModificationTimeTies(t *testing.T) {
	dir := t.TempDir()
	var ids []string
	for i := 0; i < 3; i++ {
		_, id := writeSession(t, dir, 1)
		ids = append(ids, id)
	}
	tie := time.Now().Add(-time.Hour).Truncate(time.Second)
	created := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var want []string
	for i, id := range ids {
		old := filepath.Join(dir, fileNameOf(t, dir, id))
		// Creation times in the names: ids[0] newest, ids[2] oldest.
		name := created.Add(time.Duration(-i)*time.Minute).Format(fileTimeLayout) + "_" + id + fileSuffix
		must(t, os.Rename(old, filepath.Join(dir, name)))
		must(t, os.Chtimes(filepath.Join(dir, name), tie, tie))
		want = append(want, id)
	}
	list, err := NewFileStore(dir).List()
	must(t, err)
	var got []string
	for _, in := range list {
		got = append(got, in.ID)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("order %v, want %v", got, want)
	}
	latest, err := NewFileStore(dir).Latest()
	must(t, err)
	if latest == nil || latest.ID != ids[0] || latest.Modified.IsZero() {
		t.Errorf("latest %+v", latest)
	}
}

// TestReverseLinesBoundaries runs the backward scan over files whose
// lines straddle the 64 KiB block boundary at every nearby offset, and
// compares it with the lines read forwards.
func TestReverseLinesBoundaries(t *testing.T) {
	const block = 64 << 10
	for _, size := range []int{0, 1, 2, block - 2, block - 1, block, block + 1, block + 2, 2*block - 1, 2 * block, 2*block + 1, 3*block + 7} {
		for _, lineLen := range []int{1, 10, 999, block - 1, block, block + 1} {
			data := linesOfSize(size, lineLen)
			name := fmt.Sprintf("size%d/line%d", size, lineLen)
			t.Run(name, func(t *testing.T) {
				var got [][]byte
				err := reverseLines(bytes.NewReader(data), int64(len(data)), func(l []byte) bool {
					got = append(got, append([]byte(nil), l...))
					return true
				})
				must(t, err)
				want := forwardLines(data)
				if len(got) != len(want) {
					t.Fatalf("%d lines, want %d", len(got), len(want))
				}
				for i := range got {
					if !bytes.Equal(got[i], want[len(want)-1-i]) {
						t.Fatalf("line %d from the end: %.40q…, want %.40q…", i, got[i], want[len(want)-1-i])
					}
				}
			})
		}
	}
	t.Run("stops when told", func(t *testing.T) {
		data := []byte("head\na\nb\nc\n")
		var got []string
		must(t, reverseLines(bytes.NewReader(data), int64(len(data)), func(l []byte) bool {
			got = append(got, string(l))
			return len(got) < 2
		}))
		if strings.Join(got, ",") != "c,b" {
			t.Errorf("got %v, want c,b", got)
		}
	})
	t.Run("a torn last line is read", func(t *testing.T) {
		data := []byte("head\nfull\ntor")
		var got []string
		must(t, reverseLines(bytes.NewReader(data), int64(len(data)), func(l []byte) bool {
			got = append(got, string(l))
			return true
		}))
		if strings.Join(got, ",") != "tor,full" {
			t.Errorf("got %v, want tor,full", got)
		}
	})
}

// linesOfSize builds size bytes of newline-ended lines of about lineLen
// bytes each, every line distinct (it starts with its number).
func linesOfSize(size, lineLen int) []byte {
	var b bytes.Buffer
	for n := 0; b.Len() < size; n++ {
		line := fmt.Sprintf("%d:", n)
		line += strings.Repeat("x", max(lineLen-1-len(line), 0))
		if rest := size - b.Len() - 1; len(line) > rest {
			line = line[:max(rest, 0)]
		}
		b.WriteString(line)
		if b.Len() < size {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// forwardLines is what the backward scan must give, read the plain way:
// every non-empty line but the first (the header).
func forwardLines(data []byte) [][]byte {
	var out [][]byte
	for i, l := range bytes.Split(data, []byte("\n")) {
		if i > 0 && len(l) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// TestSummaryAcrossBlocks: the listing finds a summary written before
// more than a block of later messages, and counts those messages and
// the last user message among them.
func TestSummaryAcrossBlocks(t *testing.T) {
	dir := t.TempDir()
	fs, id := writeSession(t, dir, 2)
	w, _, err := fs.Open(id)
	must(t, err)
	big := strings.Repeat("y", 40<<10)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "late question "+big)}))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "late answer "+big)}))
	must(t, w.Close())
	list, err := fs.List()
	must(t, err)
	if len(list) != 1 {
		t.Fatalf("list %+v", list)
	}
	if list[0].MessageCount != 8 || !strings.HasPrefix(list[0].LastUserMessage, "late question") || list[0].Model != "p:m" {
		t.Errorf("info: %d messages, last user %.20q, model %q", list[0].MessageCount, list[0].LastUserMessage, list[0].Model)
	}
}
