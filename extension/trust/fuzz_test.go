package trust

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzStoreLoad: whatever trust.json holds, reading it returns records
// or an error, and never trusts a folder the file does not name.
func FuzzStoreLoad(f *testing.F) {
	f.Add([]byte(`{"version":1,"trusted":[{"dir":"/p","digest":"sha256:1","time":"2026-12-01T12:00:00Z"}]}`))
	f.Add([]byte(`{"version":2}`))
	f.Add([]byte(`{"trusted":null}`))
	f.Add([]byte(``))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, StoreFile), data, 0o600); err != nil {
			t.Fatal(err)
		}
		s := NewStore(dir)
		if _, err := s.List(); err != nil {
			return
		}
		if ok, _ := s.Trusted(dir, "sha256:1"); ok {
			t.Errorf("a folder the file does not name is trusted: %q", data)
		}
	})
}
