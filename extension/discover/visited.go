package discover

import (
	"io/fs"
	"path"
)

// visited is the set of folders a walk has entered, by identity: folders
// are followed through symlinks, so one folder can be reached by many
// paths. A link back to an ancestor (extensions/a -> .) would otherwise
// make a cycle, and two such links (a -> . and b -> .) made discovery walk
// 2^24 paths before the old depth limit stopped it. Each folder is walked
// once; a later path to it is reported and skipped.
type visited map[any]string

// enter records folder p of fsys and reports whether it is new; when it
// is not, first is the path it was first reached by.
func (v visited) enter(fsys fs.FS, p string) (first string, isNew bool) {
	id := dirIdentity(fsys, p)
	if prev, ok := v[id]; ok {
		return prev, false
	}
	v[id] = p
	return "", true
}

// revisit says why folder p, the same as first, is skipped: a link back
// to one of the folders it is inside, or a second path to a folder.
func revisit(p, first string) string {
	if first == "." || first == p || len(p) > len(first) && p[:len(first)] == first && p[len(first)] == '/' {
		return "a symlink cycle back to " + first + ", skipped"
	}
	return "the same folder as " + first + " (a symlink), skipped"
}

// maxWalkDepth only protects the Go stack from an absurdly deep real
// tree; cycles are caught by visited long before.
const maxWalkDepth = 256

// pathIdentity is a folder's identity where the system gives none (no
// device and inode): its cleaned path, which still ends a walk through
// repeated names of one folder but not through links.
func pathIdentity(p string) any { return path.Clean(p) }
