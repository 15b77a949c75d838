package discover

import (
	"io/fs"
	"path"
	"strings"
)

// scanResources lists a layer's non-Lua files: everything below the
// layer folder except config.toml, dotfiles, the Lua sources of the
// canonical folders, and excluded sub-folders (the project layer leaves
// out local/, which is a layer of its own). A bundle copies these into
// its read-only resource folder so layer.dir .. "/skills" works the same
// from sources and from a bundle.
func scanResources(l *Layer, r root, exclude []string) []Resource {
	var out []Resource
	var walk func(rel string, depth int)
	walk = func(rel string, depth int) {
		if depth > maxDepth {
			l.warn(r.display(rel), "folders nested too deeply (a symlink cycle?), skipped")
			return
		}
		names, err := readDirNames(r.fsys, rel)
		if err != nil {
			if !isNotExist(err) {
				l.warn(r.display(rel), "cannot read: %v", err)
			}
			return
		}
		for _, name := range names {
			child := path.Join(rel, name)
			if strings.HasPrefix(name, ".") || (rel == "." && (name == "config.toml" || contains(exclude, name))) {
				continue
			}
			fi, err := fs.Stat(r.fsys, child)
			switch {
			case err != nil:
				l.warn(r.display(child), "cannot read: %v", err)
			case fi.IsDir():
				walk(child, depth+1)
			case fi.Mode().IsRegular():
				if strings.HasSuffix(name, ".lua") && inCanonical(child) {
					continue
				}
				out = append(out, Resource{Path: child, Size: fi.Size()})
			}
		}
	}
	walk(".", 0)
	return out
}

func inCanonical(rel string) bool {
	for _, f := range canonicalFolders {
		if strings.HasPrefix(rel, f+"/") {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
