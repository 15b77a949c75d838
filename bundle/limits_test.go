package bundle

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteLimitMessages: names and paths over their limits, and a
// signing key of the wrong size, are refused with the sizes involved.
func TestWriteLimitMessages(t *testing.T) {
	long := strings.Repeat("n", maxName+1)
	deep := strings.Repeat("d/", maxPath/2) + "x.lua"
	for _, c := range []struct {
		name string
		edit func(*Spec)
		want string
	}{
		{"long name", func(s *Spec) { s.Name = long }, fmt.Sprintf("is %d bytes long (limit %d)", len(long), maxName)},
		{"long path", func(s *Spec) { s.Blobs[4].Path = deep }, fmt.Sprintf("is %d bytes long (limit %d)", len(deep), maxPath)},
		{"short key", func(s *Spec) { s.SignKey = make([]byte, 10) }, "signing key has 10 bytes, an ed25519 private key has 64"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := smallSpec(t)
			c.edit(s)
			if _, err := Write(s); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Write = %v, want %q", err, c.want)
			}
		})
	}
}

// TestResourcesAndCache: Resources lists the resource blobs only, and
// the cache root follows the user's cache folder.
func TestResourcesAndCache(t *testing.T) {
	b, err := Read(write(t, smallSpec(t)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	res := b.Resources()
	if len(res) != 1 || res[0].Path != "skills/s/SKILL.md" || res[0].Kind != KindResource {
		t.Errorf("resources %+v", res)
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	root, err := CacheRoot()
	if err != nil {
		t.Fatal(err)
	}
	if dir, _ := os.UserCacheDir(); root != filepath.Join(dir, "panto", "bundles") {
		t.Errorf("CacheRoot = %s", root)
	}
	// A root that is a file cannot hold the resources.
	file := filepath.Join(cache, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Extract(file); err == nil || !strings.Contains(err.Error(), "cannot create "+file) {
		t.Errorf("Extract into a file = %v", err)
	}
}
