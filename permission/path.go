package permission

import (
	"os"
	"path/filepath"
	"strings"
)

// maxLinks bounds the symbolic links one resolution follows, as the
// kernel's ELOOP does: a loop of links resolves to where it stopped.
const maxLinks = 40

// resolvedPath is a subject path in its two forms: lexical is absolute
// and clean as the tools make it (".." drops the name before it), real
// has every symbolic link that exists resolved, the part that does not
// exist yet appended as written.
type resolvedPath struct {
	lexical, real string
}

// expand makes a path from tool input or a rule absolute and clean: "~"
// and "~/..." are below home, a relative path is below root. ok is false
// for "~" when there is no home.
func expand(p, root, home string) (string, bool) {
	if p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`) {
		if home == "" {
			return "", false
		}
		return filepath.Clean(filepath.Join(home, p[1:])), true
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	return filepath.Clean(p), true
}

// realPath resolves the symbolic links of a clean absolute path, name by
// name, as the file system would when the tool opens it: a link's target
// replaces it (relative targets are relative to the link's folder), a
// link whose target does not exist is still followed (a write through it
// creates the target), and the names from the first one that does not
// exist on are appended unchanged.
func realPath(p string) string {
	vol := filepath.VolumeName(p)
	rest := strings.Split(strings.TrimPrefix(p[len(vol):], string(filepath.Separator)), string(filepath.Separator))
	cur := vol + string(filepath.Separator)
	links := 0
	for i := 0; i < len(rest); i++ {
		name := rest[i]
		if name == "" || name == "." {
			continue
		}
		if name == ".." {
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, name)
		fi, err := os.Lstat(next)
		if err != nil {
			// It does not exist (or cannot be looked at): the rest
			// cannot hold links the tool would follow.
			return filepath.Join(append([]string{next}, rest[i+1:]...)...)
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			cur = next
			continue
		}
		links++
		target, err := os.Readlink(next)
		if err != nil || links > maxLinks {
			return filepath.Join(append([]string{next}, rest[i+1:]...)...)
		}
		if filepath.IsAbs(target) {
			tv := filepath.VolumeName(target)
			cur = tv + string(filepath.Separator)
			target = strings.TrimPrefix(target[len(tv):], string(filepath.Separator))
		}
		// The target's names are walked next, before the rest.
		tail := append(strings.Split(target, string(filepath.Separator)), rest[i+1:]...)
		rest = append(rest[:i+1:i+1], tail...)
	}
	return filepath.Clean(cur)
}

// resolve is both forms of a subject path.
func (p *Policy) resolve(path string) (resolvedPath, bool) {
	lex, ok := expand(path, p.root, p.home)
	if !ok {
		return resolvedPath{}, false
	}
	return resolvedPath{lexical: lex, real: realPath(lex)}, true
}

// within reports whether path is dir or below it.
func within(path, dir string, fold bool) bool {
	if fold {
		path, dir = strings.ToLower(path), strings.ToLower(dir)
	}
	if path == dir {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(path, dir)
}

// caseInsensitive probes whether the file system holding dir ignores
// case: the nearest name with a letter, with that letter's case flipped,
// is the same file. A path without letters up to the root says no.
func caseInsensitive(dir string) bool {
	for d := dir; ; d = filepath.Dir(d) {
		base := filepath.Base(d)
		for i, r := range base {
			flipped := strings.ToUpper(string(r))
			if flipped == string(r) {
				flipped = strings.ToLower(string(r))
			}
			if flipped == string(r) {
				continue
			}
			other := filepath.Join(filepath.Dir(d), base[:i]+flipped+base[i+len(string(r)):])
			a, err1 := os.Stat(d)
			b, err2 := os.Stat(other)
			return err1 == nil && err2 == nil && os.SameFile(a, b)
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}
