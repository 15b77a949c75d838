//go:build unix

package store

import (
	"os"
	"strings"
	"testing"

	"panto/agent/conv"
)

// TestNewSessionIsLocked: a session file is locked from the Append that
// creates it, not only when reopened: neither another writer nor a raw
// lock attempt gets it while the creator has it open, and Close
// releases it.
func TestNewSessionIsLocked(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/p", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "hi")}))
	if _, _, err := fs.Open(w.SessionID()); err == nil || !strings.Contains(err.Error(), ErrLocked.Error()) {
		t.Fatalf("second writer on a new session: %v", err)
	}
	f, err := os.Open(w.Path())
	must(t, err)
	defer f.Close()
	if ok, err := lockFile(f); ok || err != nil {
		t.Fatalf("lockFile on the creator's file = %v, %v; want false, nil", ok, err)
	}
	must(t, w.Close())
	if ok, err := lockFile(f); !ok || err != nil {
		t.Fatalf("after Close, lockFile = %v, %v; want true", ok, err)
	}
}
