package trust

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestStoreTrustListRevoke(t *testing.T) {
	store := NewStore(filepath.Join(t.TempDir(), "data", "panto"))
	a, b := t.TempDir(), t.TempDir()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	if ok, err := store.Trusted(a, "sha256:1"); ok || err != nil {
		t.Fatalf("an empty store trusts %s: %v, %v", a, ok, err)
	}
	if err := store.Trust(a, "sha256:1", now); err != nil {
		t.Fatal(err)
	}
	if err := store.Trust(b, "sha256:2", now); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir, digest string
		want        bool
	}{{a, "sha256:1", true}, {a, "sha256:2", false}, {b, "sha256:2", true}, {t.TempDir(), "sha256:1", false}} {
		if ok, err := store.Trusted(c.dir, c.digest); ok != c.want || err != nil {
			t.Errorf("Trusted(%s, %s) = %v, %v; want %v", c.dir, c.digest, ok, err, c.want)
		}
	}
	// Trusting again replaces the record: the old digest no longer counts.
	if err := store.Trust(a, "sha256:3", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if ok, _ := store.Trusted(a, "sha256:1"); ok {
		t.Error("the digest trusted before is still trusted after trusting a new one")
	}
	list, err := store.List()
	if err != nil || len(list) != 2 {
		t.Fatalf("List = %v, %v; want two records", list, err)
	}
	realA, _ := RealPath(a)
	for _, r := range list {
		if r.Dir == realA && (r.Digest != "sha256:3" || !r.Time.Equal(now.Add(time.Hour))) {
			t.Errorf("record of a = %+v", r)
		}
	}
	if err := store.Revoke(a); err != nil {
		t.Fatal(err)
	}
	if ok, _ := store.Trusted(a, "sha256:3"); ok {
		t.Error("a revoked folder is still trusted")
	}
	if err := store.Revoke(a); !errors.Is(err, ErrNotTrusted) {
		t.Errorf("revoking twice = %v, want ErrNotTrusted", err)
	}
	if list, _ := store.List(); len(list) != 1 {
		t.Errorf("after revoking one of two, List = %v", list)
	}
}

// TestStoreRealPaths: a folder is trusted by its real path, so the same
// folder reached through a symlink is the same record, and a revoke
// through the link removes it.
func TestStoreRealPaths(t *testing.T) {
	store := NewStore(t.TempDir())
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := store.Trust(link, "sha256:1", time.Now()); err != nil {
		t.Fatal(err)
	}
	if ok, _ := store.Trusted(real, "sha256:1"); !ok {
		t.Error("a folder trusted through a symlink is not trusted by its real path")
	}
	list, _ := store.List()
	realPath, _ := filepath.EvalSymlinks(real)
	if len(list) != 1 || list[0].Dir != realPath {
		t.Errorf("List = %+v, want the one real path %s", list, realPath)
	}
	if err := store.Revoke(link); err != nil {
		t.Fatal(err)
	}
	if list, _ := store.List(); len(list) != 0 {
		t.Errorf("revoking through the link left %+v", list)
	}
}

func TestStoreRevokeGoneFolder(t *testing.T) {
	store := NewStore(t.TempDir())
	dir := filepath.Join(t.TempDir(), "project")
	os.Mkdir(dir, 0o755)
	if err := store.Trust(dir, "sha256:1", time.Now()); err != nil {
		t.Fatal(err)
	}
	realDir, _ := RealPath(dir)
	os.Remove(dir)
	if err := store.Revoke(realDir); err != nil {
		t.Errorf("revoking a folder that is gone: %v", err)
	}
}

func TestStoreBadFile(t *testing.T) {
	dataHome := t.TempDir()
	os.WriteFile(filepath.Join(dataHome, StoreFile), []byte("{not json"), 0o600)
	if _, err := NewStore(dataHome).List(); err == nil {
		t.Error("a broken trust.json was read without an error")
	}
	if _, err := NewStore(dataHome).Trusted(t.TempDir(), "x"); err == nil {
		t.Error("a broken trust.json trusted or distrusted without an error")
	}
}

func TestStoreWithoutDataHome(t *testing.T) {
	s := NewStore("")
	if ok, err := s.Trusted(t.TempDir(), "x"); ok || err != nil {
		t.Errorf("no data home: Trusted = %v, %v", ok, err)
	}
	if err := s.Trust(t.TempDir(), "x", time.Now()); err == nil {
		t.Error("no data home: Trust recorded something")
	}
}
