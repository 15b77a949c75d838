package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"panto/extension/config"
	"panto/extension/discover"
)

// Excluded are the names under a project's .panto/ (and its local/
// layer) that the digest leaves out: data panto or a tool writes while
// working, which neither runs nor configures anything. Everything else
// below .panto/ is covered, so a kind of file added later (hooks, MCP
// server definitions, agents) asks for trust again without a change
// here. Only top-level names of the layer folder are matched.
var Excluded = []string{"cache", "sessions", "tmp", "logs", ".git", ".DS_Store"}

// Bounds of a digest walk. A .panto/ folder is small; one that is not
// (a symlink to /, a checked-in node_modules) cannot be trusted by
// reading it, and Digest says so instead of hashing forever.
const (
	maxFiles = 20000
	maxBytes = 256 << 20
	maxDepth = 64
)

// ErrTooLarge is returned when a layer exceeds the digest's bounds.
var ErrTooLarge = errors.New("the folder is too large to digest")

// Digest is the digest of a project's layer: every file below dotPanto
// (the project's .panto folder; the local layer is inside it) except the
// Excluded names, with its path, whether it is executable and its
// contents, plus the Lua files of extra entries (those the layer's
// config.toml adds from [extensions] paths, which may lie outside
// .panto/). Symlinks are followed, as discovery follows them, so a link
// to a file elsewhere in the repository is covered by what it points to;
// a folder reached twice is read once. An absent dotPanto (or a file of
// that name) digests as an empty layer. The result is "sha256:" and 64 hex digits.
func Digest(dotPanto string, extra []*discover.Entry) (string, error) {
	d, _, err := digest(dotPanto, extra)
	return d, err
}

// digest is Digest that also counts the files it covered. It covers the
// project's .mcp.json as well (see below).
func digest(dotPanto string, extra []*discover.Entry) (string, int, error) {
	d := &digester{h: sha256.New(), seen: map[string]bool{}}
	// A .panto that is not a folder is not a layer (discovery ignores
	// it), so it digests as an empty one.
	if fi, err := os.Stat(dotPanto); err == nil && fi.IsDir() {
		if err := d.walk(dotPanto, ".", 0); err != nil {
			return "", 0, err
		}
	}
	// The project's .mcp.json (Claude Code's MCP servers, which panto
	// starts) sits beside .panto, not in it; it is covered when it exists,
	// so a project without one digests as before.
	mcpJSON := filepath.Join(filepath.Dir(dotPanto), config.MCPJSONName)
	if data, err := os.ReadFile(mcpJSON); err == nil {
		if err := d.add("project:"+config.MCPJSONName, false, data); err != nil {
			return "", 0, err
		}
	}
	for _, e := range extraFiles(extra) {
		data, err := fs.ReadFile(e.fsys, e.file)
		if err != nil {
			return "", 0, fmt.Errorf("%s: %w", e.name, err)
		}
		if err := d.add("extra:"+e.name, false, data); err != nil {
			return "", 0, err
		}
	}
	sort.Strings(d.lines)
	for _, l := range d.lines {
		io.WriteString(d.h, l)
	}
	return "sha256:" + hex.EncodeToString(d.h.Sum(nil)), d.files, nil
}

type digester struct {
	h     hash.Hash
	lines []string
	seen  map[string]bool
	files int
	bytes int64
}

// walk adds the files below root/rel.
func (d *digester) walk(root, rel string, depth int) error {
	dir := filepath.Join(root, filepath.FromSlash(rel))
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	if d.seen[real] {
		return nil
	}
	d.seen[real] = true
	if depth > maxDepth {
		return fmt.Errorf("%s: %w (folders nested more than %d deep)", dir, ErrTooLarge, maxDepth)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, ent := range ents {
		name := ent.Name()
		child := path.Join(rel, name)
		if excluded(child) {
			continue
		}
		full := filepath.Join(dir, name)
		fi, err := os.Stat(full) // follows a symlink
		if err != nil {
			// A dangling link loads nothing; its target is recorded so
			// that pointing it somewhere asks again.
			target, _ := os.Readlink(full)
			d.lines = append(d.lines, fmt.Sprintf("dangling %q %q\n", child, target))
			continue
		}
		switch {
		case fi.IsDir():
			if err := d.walk(root, child, depth+1); err != nil {
				return err
			}
		case fi.Mode().IsRegular():
			if fi.Size() > maxBytes || d.bytes+fi.Size() > maxBytes {
				return fmt.Errorf("%s: %w (more than %d MiB)", root, ErrTooLarge, maxBytes>>20)
			}
			data, err := os.ReadFile(full)
			if err != nil {
				return err
			}
			if err := d.add(child, fi.Mode()&0o111 != 0, data); err != nil {
				return fmt.Errorf("%s: %w", root, err)
			}
		}
	}
	return nil
}

// add records one file.
func (d *digester) add(name string, exec bool, data []byte) error {
	d.files++
	d.bytes += int64(len(data))
	if d.files > maxFiles {
		return fmt.Errorf("%w (more than %d files)", ErrTooLarge, maxFiles)
	}
	sum := sha256.Sum256(data)
	d.lines = append(d.lines, fmt.Sprintf("file %q %t %x\n", name, exec, sum))
	return nil
}

// excluded reports whether rel (slash-separated, below .panto) is data
// the digest leaves out: an Excluded name at the top of the project
// layer or of its local layer.
func excluded(rel string) bool {
	rel = strings.TrimPrefix(rel, "local/")
	return !strings.Contains(rel, "/") && contains(Excluded, rel)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

type extraFile struct {
	fsys       fs.FS
	name, file string
}

// extraFiles lists the Lua files of entries from [extensions] paths,
// named by entry and file so the names do not depend on the working
// directory.
func extraFiles(entries []*discover.Entry) []extraFile {
	var out []extraFile
	for _, e := range entries {
		if e.Origin != discover.ExtraPath || e.FS == nil {
			continue
		}
		mods := append([]discover.Module{e.Main}, e.Modules...)
		for _, m := range mods {
			out = append(out, extraFile{fsys: e.FS, name: e.Name + ":" + m.File, file: m.File})
		}
	}
	return out
}
