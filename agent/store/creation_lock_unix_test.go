//go:build unix

package store

import (
	"os"
	"path/filepath"
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

// TestOpenPathTakesTheLock: opening a session by its path, as
// --continue does with Latest's Info, takes the same lock as Open, so a
// second panto on the same file is refused rather than handed a writer.
func TestOpenPathTakesTheLock(t *testing.T) {
	_, _, path := sessionFile(t)
	fs := NewFileStore(filepath.Dir(path))
	w, _, err := fs.OpenPath(path)
	must(t, err)
	defer w.Close()
	w2, sess, err := fs.OpenPath(path)
	if err == nil || !strings.Contains(err.Error(), ErrLocked.Error()) || w2 != nil || sess != nil {
		t.Fatalf("second OpenPath = %v, %v, %v; want the lock refused", w2, sess, err)
	}
}
