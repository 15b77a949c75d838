package host

import (
	"path/filepath"
	"testing"

	"panto/extension/discover"
)

// TestSandboxWritableAnchors: a [sandbox] writable entry is read as a
// user would write it in config.toml: ~ and ~/... under the home
// folder, an absolute path as it is, anything else under the project
// root.
func TestSandboxWritableAnchors(t *testing.T) {
	h := &Host{setup: &discover.Setup{Home: "/home/ada"}}
	root := "/work/proj"
	for _, c := range []struct{ in, want string }{
		{"~", "/home/ada"},
		{"~/.cache/go-build", "/home/ada/.cache/go-build"},
		{"/var/tmp/x", "/var/tmp/x"},
		{"build/out", "/work/proj/build/out"},
		{"~other", "/work/proj/~other"},
	} {
		if got := h.anchorWritable(c.in, root); got != filepath.FromSlash(c.want) {
			t.Errorf("anchorWritable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Without a home folder, ~ is not expanded.
	none := &Host{setup: &discover.Setup{}}
	if got := none.anchorWritable("~/x", root); got != filepath.Join(root, "~/x") {
		t.Errorf("without a home: %q", got)
	}
}
