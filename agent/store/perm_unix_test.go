//go:build unix

package store

import (
	"os"
	"path/filepath"
	"testing"

	"panto/agent/conv"
)

// TestSessionsArePrivate: the sessions folder and each session file
// are the owner's alone; a conversation holds code, paths and secrets
// pasted into it, and another account on the machine must not be able
// to list or read them.
func TestSessionsArePrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sessions", "--proj--")
	fs := NewFileStore(dir)
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "my token is …")}))
	must(t, w.Close())
	for _, c := range []struct {
		path string
		want os.FileMode
	}{{dir, 0o700}, {filepath.Dir(dir), 0o700}, {w.Path(), 0o600}} {
		fi, err := os.Stat(c.path)
		must(t, err)
		if got := fi.Mode().Perm(); got != c.want {
			t.Errorf("%s: mode %v, want %v", c.path, got, c.want)
		}
	}
}
