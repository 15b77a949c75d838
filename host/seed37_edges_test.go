package host

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/extension/discover"
)

// TestSourceGoneBeforeLoad: a source found by discovery but gone when
// the host reads it is reported as unreadable, not run as an empty
// chunk.
func TestSourceGoneBeforeLoad(t *testing.T) {
	dir := tree(t, map[string]string{"extensions/gone.lua": `return { name = "gone", activate = function() end }`})
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "extensions", "gone.lua")); err != nil {
		t.Fatal(err)
	}
	th := &testHost{}
	h, err := New(context.Background(), Options{Setup: setup, Stdout: &th.out, Stderr: &th.out, Report: func(p Problem) { th.reported = append(th.reported, p) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	th.Host = h
	if got := th.problems(); !strings.Contains(got, "cannot read extensions/gone.lua") || strings.Contains(got, "returned") {
		t.Errorf("problems:\n%s", got)
	}
}
