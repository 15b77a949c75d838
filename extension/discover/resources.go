package discover

import (
	"strings"
)

// scanResources lists a layer's non-Lua files: everything below the
// layer folder except config.toml, dotfiles, the Lua sources of the
// canonical folders, tests (tests/ and *_test.lua files), and excluded
// sub-folders (the project layer leaves
// out local/, which is a layer of its own). A bundle copies these into
// its read-only resource folder so layer.dir .. "/skills" works the same
// from sources and from a bundle.
func scanResources(l *Layer, r root, exclude []string) []Resource {
	var out []Resource
	seen := visited{}
	var walk func(rel string, depth int)
	walk = func(rel string, depth int) {
		if first, ok := seen.enter(r.fsys, rel); !ok {
			l.warn(r.display(rel), "%s", revisit(r.display(rel), r.display(first)))
			return
		}
		if depth > maxWalkDepth {
			l.warn(r.display(rel), "folders nested more than %d deep, skipped", maxWalkDepth)
			return
		}
		ents, err := readDir(r.fsys, rel)
		if err != nil {
			if !isNotExist(err) {
				l.warn(r.display(rel), "cannot read: %v", err)
			}
			return
		}
		for i := range ents {
			d := &ents[i]
			name, child := d.name, d.path
			if strings.HasPrefix(name, ".") || IsTestFile(name) || (rel == "." && (name == "config.toml" || name == TestsFolder || contains(exclude, name))) {
				continue
			}
			switch {
			case d.err != nil:
				l.warn(r.display(child), "cannot read: %v", shortErr(d.err))
			case d.dir:
				walk(child, depth+1)
			case d.file:
				if strings.HasSuffix(name, ".lua") && inCanonical(child) {
					continue
				}
				out = append(out, Resource{Path: child, Size: d.Size()})
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
