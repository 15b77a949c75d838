package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/extension/discover"
)

// writeFiles writes files (slash paths relative to dir) into dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func mustDigest(t *testing.T, dotPanto string) string {
	t.Helper()
	d, err := Digest(dotPanto, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(d, "sha256:") || len(d) != len("sha256:")+64 {
		t.Fatalf("digest %q is not sha256:<64 hex>", d)
	}
	return d
}

var baseLayer = map[string]string{
	"config.toml":          "[models]\ndefault = \"a:b\"\n",
	"extensions/greet.lua": "return {}\n",
	"tools/echo.lua":       "return {}\n",
	"local/config.toml":    "",
}

// TestDigestChanges: every change to a file that runs or configures
// changes the digest; writing session and cache data does not.
func TestDigestChanges(t *testing.T) {
	changes := []struct {
		name    string
		change  func(t *testing.T, dot string)
		changed bool
	}{
		{"edit an extension", func(t *testing.T, dot string) {
			writeFiles(t, dot, map[string]string{"extensions/greet.lua": "os.execute('x')\n"})
		}, true},
		{"edit config.toml", func(t *testing.T, dot string) {
			writeFiles(t, dot, map[string]string{"config.toml": "[providers.x]\nprotocol = \"anthropic\"\n"})
		}, true},
		{"add a tool", func(t *testing.T, dot string) {
			writeFiles(t, dot, map[string]string{"tools/new.lua": "return {}\n"})
		}, true},
		{"add a hooks file (a kind not known today)", func(t *testing.T, dot string) {
			writeFiles(t, dot, map[string]string{"hooks/pre.sh": "rm -rf ~\n"})
		}, true},
		{"add to the local layer", func(t *testing.T, dot string) {
			writeFiles(t, dot, map[string]string{"local/extensions/x.lua": "return {}\n"})
		}, true},
		{"rename a file", func(t *testing.T, dot string) {
			if err := os.Rename(filepath.Join(dot, "tools/echo.lua"), filepath.Join(dot, "tools/echo2.lua")); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"remove a file", func(t *testing.T, dot string) {
			if err := os.Remove(filepath.Join(dot, "tools/echo.lua")); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"make a file executable", func(t *testing.T, dot string) {
			if err := os.Chmod(filepath.Join(dot, "tools/echo.lua"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"write session data", func(t *testing.T, dot string) {
			writeFiles(t, dot, map[string]string{"sessions/a.jsonl": "{}\n", "cache/x": "1", "tmp/y": "2", "local/cache/z": "3", "logs/l": "4"})
		}, false},
		{"touch a file without changing it", func(t *testing.T, dot string) {
			writeFiles(t, dot, map[string]string{"extensions/greet.lua": "return {}\n"})
		}, false},
	}
	for _, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			dot := filepath.Join(t.TempDir(), ".panto")
			writeFiles(t, dot, baseLayer)
			before := mustDigest(t, dot)
			c.change(t, dot)
			after := mustDigest(t, dot)
			if (before != after) != c.changed {
				t.Errorf("digest changed = %v, want %v", before != after, c.changed)
			}
		})
	}
}

// TestDigestSameContentsSameDigest: the digest is of the contents, not
// of where the folder is or when it was written.
func TestDigestSameContentsSameDigest(t *testing.T) {
	a, b := filepath.Join(t.TempDir(), ".panto"), filepath.Join(t.TempDir(), ".panto")
	writeFiles(t, a, baseLayer)
	writeFiles(t, b, baseLayer)
	if mustDigest(t, a) != mustDigest(t, b) {
		t.Error("two folders with the same files digest differently")
	}
}

// TestDigestFollowsSymlinks: a symlinked extension is covered by what it
// points to, so changing the target outside .panto/ asks again, and a
// link cycle ends.
func TestDigestFollowsSymlinks(t *testing.T) {
	root := t.TempDir()
	dot := filepath.Join(root, ".panto")
	writeFiles(t, root, map[string]string{"src/evil.lua": "return {}\n", ".panto/config.toml": ""})
	os.MkdirAll(filepath.Join(dot, "extensions"), 0o755)
	if err := os.Symlink(filepath.Join(root, "src", "evil.lua"), filepath.Join(dot, "extensions", "evil.lua")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := os.Symlink(dot, filepath.Join(dot, "extensions", "loop")); err != nil {
		t.Fatal(err)
	}
	before := mustDigest(t, dot)
	writeFiles(t, root, map[string]string{"src/evil.lua": "os.execute('curl evil')\n"})
	if mustDigest(t, dot) == before {
		t.Error("changing a symlinked extension's target left the digest as it was")
	}
}

// TestDigestExtraPaths: the Lua files that [extensions] paths bring in
// from outside .panto/ are covered.
func TestDigestExtraPaths(t *testing.T) {
	root := t.TempDir()
	home := t.TempDir()
	writeFiles(t, root, map[string]string{
		".panto/config.toml": "[extensions]\npaths = [\"lua/ext\"]\n",
		"lua/ext/a.lua":      "return {}\n",
		"lua/ext/_help.lua":  "return {}\n",
	})
	digestNow := func() string {
		s, err := discover.Standard(discover.Options{Cwd: root, Getenv: func(k string) string {
			if k == "HOME" {
				return home
			}
			return ""
		}})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Find(s)
		if err != nil || p == nil {
			t.Fatalf("Find = %v, %v", p, err)
		}
		return p.Digest
	}
	before := digestNow()
	writeFiles(t, root, map[string]string{"lua/ext/_help.lua": "os.exit(1)\n"})
	if digestNow() == before {
		t.Error("changing a helper of an [extensions] paths entry left the digest as it was")
	}
}

func TestDigestTooLarge(t *testing.T) {
	dot := filepath.Join(t.TempDir(), ".panto")
	writeFiles(t, dot, map[string]string{"config.toml": ""})
	big, err := os.Create(filepath.Join(dot, "big.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(maxBytes + 1); err != nil {
		t.Fatal(err)
	}
	big.Close()
	if _, err := Digest(dot, nil); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("Digest of a %d-byte layer = %v, want too large", maxBytes+1, err)
	}
}

func TestDigestAbsentFolder(t *testing.T) {
	if _, files, err := digest(filepath.Join(t.TempDir(), ".panto"), nil); err != nil || files != 0 {
		t.Errorf("digest of no folder = %d files, %v; want 0, nil", files, err)
	}
	file := filepath.Join(t.TempDir(), ".panto")
	os.WriteFile(file, []byte("not a folder"), 0o644)
	if _, files, err := digest(file, nil); err != nil || files != 0 {
		t.Errorf("digest of a .panto file = %d files, %v; want 0, nil", files, err)
	}
}

// TestDigestUnreadable: a folder that cannot be read cannot be
// digested, so it cannot be trusted.
func TestDigestUnreadable(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root reads every folder")
	}
	dot := filepath.Join(t.TempDir(), ".panto")
	writeFiles(t, dot, map[string]string{"extensions/a.lua": "return {}\n"})
	locked := filepath.Join(dot, "extensions")
	if err := os.Chmod(locked, 0); err != nil {
		t.Skip(err)
	}
	defer os.Chmod(locked, 0o755)
	if _, err := Digest(dot, nil); err == nil {
		t.Error("an unreadable folder was digested")
	}
}
