package store

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
)

// TestALinkedSessionIsListed: a session file that is a symbolic link
// (sessions shared from another folder) is listed as the file it leads
// to, with that file's modification time, and opens by its id.
func TestALinkedSessionIsListed(t *testing.T) {
	_, id, target := sessionFile(t)
	when := time.Date(2031, 5, 6, 7, 8, 9, 0, time.UTC)
	must(t, os.Chtimes(target, when, when))
	dir := t.TempDir()
	if err := os.Symlink(target, filepath.Join(dir, filepath.Base(target))); err != nil {
		t.Skip(err)
	}
	fs := NewFileStore(dir)
	list, err := fs.List()
	must(t, err)
	if len(list) != 1 || list[0].ID != id || !list[0].Modified.Equal(when) {
		t.Fatalf("listing of a folder holding a link to session %s: %+v", id, list)
	}
	in, err := fs.Latest()
	if err != nil || in == nil || in.ID != id {
		t.Fatalf("latest = %+v, %v; want %s", in, err, id)
	}
	if _, err := fs.Load(id[:4]); err != nil {
		t.Errorf("loading the linked session by a prefix of its id: %v", err)
	}
}

// TestResolveReportsAnUnreadableFolder: when the sessions folder cannot
// be read, resolving an id reports that failure, the same one a listing
// gives, not that no session has the id.
func TestResolveReportsAnUnreadableFolder(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "sessions")
	must(t, os.WriteFile(notDir, []byte("a file, not a folder"), 0o600))
	fs := NewFileStore(notDir)
	_, listErr := fs.List()
	if listErr == nil {
		t.Fatal("listing a file as a folder succeeded")
	}
	id, err := fs.Resolve("abcd")
	if err == nil || err.Error() != listErr.Error() {
		t.Fatalf("Resolve = %q, %v; want the listing's error %v", id, err, listErr)
	}
}

// TestChildrenInFileOrder: Children gives the tree entries below a node,
// in the order they were written, and never an entry outside the tree
// (a leaf move or a summary) nor one below another node.
func TestChildrenInFileOrder(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/p", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "root")}))
	root := w.Leaf()
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "first")}))
	first := w.Leaf()
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "below first")}))
	below := w.Leaf()
	must(t, w.SetLeaf(root))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "second")}))
	second := w.Leaf()
	must(t, w.Append(&Entry{Type: TypePantoSummary, Info: &Summary{MessageCount: 2}}))
	id := w.SessionID()
	must(t, w.Close())
	s, err := fs.Load(id)
	must(t, err)
	for _, c := range []struct {
		node string
		want []string
	}{
		{"", []string{root}},
		{root, []string{first, second}},
		{first, []string{below}},
		{below, nil},
		{second, nil},
	} {
		if got := s.Children(c.node); !slices.Equal(got, c.want) {
			t.Errorf("Children(%q) = %v; want %v", c.node, got, c.want)
		}
	}
}

// TestUnmarshalRefusesABadTimestamp: an entry whose timestamp is not
// RFC 3339 is reported as a bad line rather than read with a zero time.
func TestUnmarshalRefusesABadTimestamp(t *testing.T) {
	good := `{"type":"message","id":"0000000a","parentId":null,"timestamp":"2026-12-02T10:00:00.5Z","message":{"role":"user","content":"hi"}}`
	e, err := Unmarshal([]byte(good))
	if err != nil || e.Timestamp.IsZero() {
		t.Fatalf("a valid timestamp: %+v, %v", e, err)
	}
	bad := strings.Replace(good, "2026-12-02T10:00:00.5Z", "yesterday", 1)
	if e, err := Unmarshal([]byte(bad)); err == nil || !strings.Contains(err.Error(), "timestamp") {
		t.Fatalf("an entry timestamped %q: %+v, %v; want a timestamp error", "yesterday", e, err)
	}
}
