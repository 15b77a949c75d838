package bundle

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func readSmall(t *testing.T) *Bundle {
	t.Helper()
	b, err := Read(write(t, smallSpec(t)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestExtract(t *testing.T) {
	b := readSmall(t)
	root := t.TempDir()
	t.Cleanup(func() { removeAll(root) })
	dir, err := b.Extract(root)
	if err != nil {
		t.Fatal(err)
	}
	if dir != filepath.Join(root, b.DigestHex()) {
		t.Errorf("folder %s is not named by the digest", dir)
	}
	got, err := os.ReadFile(filepath.Join(dir, "skills", "s", "SKILL.md"))
	if err != nil || string(got) != "# skill\n" {
		t.Fatalf("resource: %q %v", got, err)
	}
	fi, _ := os.Stat(filepath.Join(dir, "skills", "s", "SKILL.md"))
	if fi.Mode().Perm()&0o222 != 0 {
		t.Errorf("resource mode %v is writable", fi.Mode())
	}
	// Its folders are read-only too, for everyone: nothing can be
	// added to a cached extraction.
	for _, d := range []string{dir, filepath.Join(dir, "skills"), filepath.Join(dir, "skills", "s")} {
		if fi, err := os.Stat(d); err != nil || fi.Mode().Perm()&0o222 != 0 {
			t.Errorf("folder %s: mode %v (%v), want read-only", d, fi.Mode(), err)
		}
	}
	// Only resources are extracted: chunks are served from memory, and
	// the config is parsed from the bundle.
	for _, p := range []string{"extensions", "config.toml"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			t.Errorf("%s was extracted", p)
		}
	}
	// Idempotent.
	again, err := b.Extract(root)
	if err != nil || again != dir {
		t.Fatalf("second extract: %s %v", again, err)
	}
	// A damaged folder is replaced.
	os.Chmod(filepath.Join(dir, "skills", "s"), 0o755)
	if err := os.Remove(filepath.Join(dir, "skills", "s", "SKILL.md")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Extract(root); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "skills", "s", "SKILL.md")); err != nil || string(got) != "# skill\n" {
		t.Fatalf("repaired resource: %q %v", got, err)
	}
	// No temporary folders are left behind.
	names, _ := os.ReadDir(root)
	if len(names) != 1 {
		var list []string
		for _, n := range names {
			list = append(list, n.Name())
		}
		t.Errorf("root holds %q", list)
	}
}

// TestExtractRace extracts the same bundle from many goroutines at once,
// as several panto processes starting the same bundle would.
// The cache folder is writable by its owner; what a run serves must be the
// bundle's own bytes whatever was done there: a resource rewritten with
// the same size, replaced by a link, or a file added beside them.
func TestExtractRefusesTamperedCache(t *testing.T) {
	cases := []struct {
		name   string
		tamper func(t *testing.T, dir string)
	}{
		{"same size rewrite", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "skills", "s", "SKILL.md")
			os.Chmod(p, 0o644)
			if err := os.WriteFile(p, []byte("# evil!\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"link to another file", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "skills", "s", "SKILL.md")
			other := filepath.Join(t.TempDir(), "other")
			os.WriteFile(other, []byte("# evil!\n"), 0o644)
			os.Remove(p)
			if err := os.Symlink(other, p); err != nil {
				t.Fatal(err)
			}
		}},
		{"file added", func(t *testing.T, dir string) {
			os.MkdirAll(filepath.Join(dir, "skills", "extra"), 0o755)
			if err := os.WriteFile(filepath.Join(dir, "skills", "extra", "SKILL.md"), []byte("# extra\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := readSmall(t)
			root := t.TempDir()
			t.Cleanup(func() { removeAll(root) })
			dir, err := b.Extract(root)
			if err != nil {
				t.Fatal(err)
			}
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && d.IsDir() {
					os.Chmod(p, 0o755)
				}
				return nil
			})
			c.tamper(t, dir)
			again, err := b.Extract(root)
			if err != nil || again != dir {
				t.Fatalf("extract after tampering: %s %v", again, err)
			}
			if err := b.extracted(dir); err != nil {
				t.Fatalf("the folder was not restored: %v", err)
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "skills", "s", "SKILL.md")); string(got) != "# skill\n" {
				t.Errorf("served %q", got)
			}
			if _, err := os.Stat(filepath.Join(dir, "skills", "extra")); err == nil {
				t.Error("the added file is still served")
			}
		})
	}
}

func TestExtractRace(t *testing.T) {
	b := readSmall(t)
	root := t.TempDir()
	t.Cleanup(func() { removeAll(root) })
	var wg sync.WaitGroup
	dirs := make([]string, 16)
	errs := make([]error, len(dirs))
	for i := range dirs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dirs[i], errs[i] = b.Extract(root)
		}()
	}
	wg.Wait()
	for i := range dirs {
		if errs[i] != nil || dirs[i] != dirs[0] {
			t.Fatalf("extract %d: %s %v", i, dirs[i], errs[i])
		}
	}
	if err := b.extracted(dirs[0]); err != nil {
		t.Fatal(err)
	}
	names, _ := os.ReadDir(root)
	if len(names) != 1 {
		t.Errorf("%d entries left in the root", len(names))
	}
}

func TestOpenFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "small.pkg")
	data := write(t, smallSpec(t))
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Open(p, Options{})
	if err != nil || b.Name != "small" {
		t.Fatalf("open: %v", err)
	}
	for path, want := range map[string]string{
		filepath.Join(dir, "missing.pkg"): "cannot read bundle: no such file or directory",
		dir:                               "cannot read bundle: is a folder",
		"/dev/zero":                       "not a panto bundle (bad magic)",
		"/dev/null":                       "truncated: empty file",
		// Linux: reading at offset 0 of a process's memory fails.
		"/proc/self/mem": "cannot read bundle: input/output error",
	} {
		t.Run(path, func(t *testing.T) {
			if _, err := os.Stat(path); err != nil && path != filepath.Join(dir, "missing.pkg") {
				return // no such device here
			}
			if _, err := Open(path, Options{}); err == nil || err.Error() != want {
				t.Errorf("%s: got %v, want %q", path, err, want)
			}
		})
	}
}
