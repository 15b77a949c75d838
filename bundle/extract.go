package bundle

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// CacheRoot is where resource folders go by default:
// <user cache dir>/panto/bundles (~/.cache/panto/bundles on Linux).
func CacheRoot() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder for bundle resources: %v", err)
	}
	return filepath.Join(dir, "panto", "bundles"), nil
}

// Extract writes the bundle's resources into root/<digest> and returns
// that folder, which a bundle run publishes as its layer's dir (so
// layer.dir .. "/skills" works as it does for a folder).
//
// The folder is named by the bundle digest, so it is shared by every run
// of the same bundle and never by two different bundles. It is written
// under a temporary name and renamed into place, so it either exists
// complete or not at all: two processes extracting at once both succeed,
// one rename wins and the other's copy is dropped. Files are made
// read-only (0444, folders 0555): extensions read their resources, and a
// change would otherwise leak into every later run. A folder that exists
// but does not hold exactly the bundle's resources, byte for byte, is
// replaced: the cache is writable by whoever owns it, and a signed,
// trusted bundle must not serve a file rewritten there (even one of the
// same size) or one added next to its own. An empty root means CacheRoot.
func (b *Bundle) Extract(root string) (string, error) {
	if root == "" {
		var err error
		if root, err = CacheRoot(); err != nil {
			return "", err
		}
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("cannot create %s: %v", root, shortErr(err))
	}
	dir := filepath.Join(root, b.DigestHex())
	if _, err := os.Stat(dir); err == nil {
		if b.extracted(dir) == nil {
			return dir, nil
		}
		// Damaged: move it aside atomically (a concurrent reader keeps
		// whatever it opened), then extract afresh.
		stale, err := os.MkdirTemp(root, ".stale-")
		if err != nil {
			return "", fmt.Errorf("cannot replace %s: %v", dir, shortErr(err))
		}
		if err := os.Rename(dir, filepath.Join(stale, "old")); err == nil {
			removeAll(stale)
		} else {
			os.Remove(stale)
		}
	}

	tmp, err := os.MkdirTemp(root, ".tmp-"+b.DigestHex()[:16]+"-")
	if err != nil {
		return "", fmt.Errorf("cannot extract resources: %v", shortErr(err))
	}
	if err := b.writeResources(tmp); err != nil {
		removeAll(tmp)
		return "", fmt.Errorf("cannot extract resources: %v", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another process got there first: use its copy if it is whole.
		removeAll(tmp)
		if b.extracted(dir) == nil {
			return dir, nil
		}
		return "", fmt.Errorf("cannot extract resources to %s: %v", dir, shortErr(err))
	}
	return dir, nil
}

func (b *Bundle) writeResources(tmp string) error {
	var dirs []string
	for i, bl := range b.Blobs {
		if bl.Kind != KindResource {
			continue
		}
		p := filepath.Join(tmp, filepath.FromSlash(bl.Path))
		for d := filepath.Dir(p); d != tmp; d = filepath.Dir(d) {
			dirs = append(dirs, d)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return errors.New(shortErr(err))
		}
		if err := os.WriteFile(p, b.blob(i), 0o444); err != nil {
			return errors.New(shortErr(err))
		}
	}
	// Folders become read-only last, deepest first, once nothing more is
	// written into them.
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	for i := len(dirs) - 1; i >= 0; i-- {
		os.Chmod(dirs[i], 0o555)
	}
	return os.Chmod(tmp, 0o555)
}

// extracted checks that dir holds exactly the bundle's resources: each one
// a regular file (not a link to something else) with the very bytes of
// the verified bundle, and nothing more, no other file and no link. The
// contents are compared on every run, against the bundle already in
// memory: resources are small next to what loading costs, and a check of
// sizes alone let a rewritten file through.
func (b *Bundle) extracted(dir string) error {
	want := map[string]int{}
	for i, bl := range b.Blobs {
		if bl.Kind == KindResource {
			want[filepath.FromSlash(bl.Path)] = i
		}
	}
	seen := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			return nil
		}
		i, ok := want[rel]
		if !ok || !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a resource of the bundle", filepath.ToSlash(rel))
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !bytes.Equal(data, b.blob(i)) {
			return fmt.Errorf("%s does not match the bundle", b.Blobs[i].Path)
		}
		seen++
		return nil
	})
	if err != nil {
		return err
	}
	if seen != len(want) {
		return errors.New("a resource of the bundle is missing")
	}
	return nil
}

// removeAll deletes a tree that Extract made read-only.
func removeAll(dir string) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(p, 0o755)
		}
		return nil
	})
	os.RemoveAll(dir)
}
