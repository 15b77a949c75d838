//go:build linux

package store

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadsCloseTheFile: every way of reading a session closes the file
// it opened. A descriptor left open per listing or per load runs a long
// session of /resume and /tree out of descriptors, and on Windows keeps
// the file from being deleted.
func TestReadsCloseTheFile(t *testing.T) {
	fs, id := writeSession(t, t.TempDir(), 3)
	path := pathOf(t, fs, id)
	reads := []struct {
		name string
		read func() error
	}{
		{"LoadMessages from the end", func() error {
			_, err := fs.LoadMessages(id, LoadOptions{FromEnd: true, Limit: 2})
			return err
		}},
		{"LoadMessages from the start", func() error {
			_, err := fs.LoadMessages(id, LoadOptions{Limit: 2})
			return err
		}},
		{"Load", func() error { _, err := fs.Load(id); return err }},
		{"List", func() error { _, err := fs.List(); return err }},
		{"LatestReadable", func() error { _, _, err := fs.LatestReadable(); return err }},
		{"OpenActive and Close", func() error {
			w, _, err := fs.OpenActive(id)
			if err != nil {
				return err
			}
			return w.Close()
		}},
		{"Open and Close", func() error {
			w, _, err := fs.Open(id)
			if err != nil {
				return err
			}
			return w.Close()
		}},
	}
	for _, r := range reads {
		t.Run(r.name, func(t *testing.T) {
			must(t, r.read())
			if n := openDescriptors(t, path); n != 0 {
				t.Errorf("%d descriptors still open on the session file", n)
			}
		})
	}
}

// openDescriptors counts this process's descriptors open on path.
func openDescriptors(t *testing.T, path string) int {
	t.Helper()
	want, err := filepath.EvalSymlinks(path)
	must(t, err)
	des, err := os.ReadDir("/proc/self/fd")
	must(t, err)
	n := 0
	for _, de := range des {
		if target, err := os.Readlink(filepath.Join("/proc/self/fd", de.Name())); err == nil && target == want {
			n++
		}
	}
	return n
}
