//go:build linux

package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestListSkipsAFileItCannotStat: an entry of the sessions folder that
// cannot be stat'ed (on a busy machine, one removed between reading the
// folder and the stat) is left out of the listing, which neither fails
// nor crashes. The failure is made without a race: the folder's path is
// just short enough for Linux to open it (PATH_MAX is 4096 with the
// NUL), and the file's path inside it too long to stat; the file itself
// is written relative to the folder, through an os.Root.
func TestListSkipsAFileItCannotStat(t *testing.T) {
	const pathMax = 4096
	name := "2026-12-02T10-00-00.000Z_0123abcd.jsonl"
	dir := t.TempDir()
	for len(dir) < pathMax-1-len(name)-200 {
		dir = filepath.Join(dir, strings.Repeat("d", 150))
	}
	// The last component brings the folder to its longest openable path.
	dir = filepath.Join(dir, strings.Repeat("e", pathMax-1-len(dir)-1))
	if len(dir) != pathMax-1 {
		t.Fatalf("folder path of %d bytes", len(dir))
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Skip(err)
	}
	root, err := os.OpenRoot(dir)
	must(t, err)
	defer root.Close()
	must(t, root.WriteFile(name, []byte(`{"type":"session","version":3,"id":"0123abcd","timestamp":"2026-12-02T10:00:00Z","cwd":"/p"}`+"\n"), 0o600))
	if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
		t.Skip("this system stats a path past PATH_MAX")
	}
	fs := NewFileStore(dir)
	list, err := fs.List()
	if err != nil || len(list) != 0 {
		t.Fatalf("listing a folder whose one file cannot be stat'ed = %+v, %v; want nothing and no error", list, err)
	}
	if in, err := fs.Latest(); in != nil || err != nil {
		t.Fatalf("latest = %+v, %v; want none", in, err)
	}
}
