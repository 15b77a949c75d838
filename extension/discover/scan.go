package discover

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"panto/diag"
	"panto/extension/config"
)

// canonicalFolders are scanned in each layer, in this order; they form
// one entry space.
var canonicalFolders = []string{"extensions", "tools"}

// root is a place entries are read from: an FS plus how its paths are
// shown in messages.
type root struct {
	fsys    fs.FS
	display func(rel string) string
}

// scanLayer reads one layer: config.toml, the canonical folders, the extra
// paths and rocks the config names, and the resources.
func (s *Setup) scanLayer(name, dir string, fsys fs.FS, prefix string, exclude []string) *Layer {
	l := &Layer{Name: name, Dir: dir}
	r := root{fsys: fsys, display: func(rel string) string {
		if dir == "" {
			return prefix + rel
		}
		return s.Display(filepath.Join(dir, filepath.FromSlash(rel)))
	}}
	l.readConfig(r)
	l.readHooks(r)
	if l.Config != nil && (name == Project || name == Local) {
		l.Config.Project, l.Config.Root = true, s.ProjectRoot
	}
	var found []*Entry
	for _, folder := range canonicalFolders {
		found = append(found, scanFolder(l, r, folder, Canonical)...)
	}
	if l.Config != nil {
		for _, p := range l.Config.Extensions.Paths {
			found = append(found, s.scanExtraPath(l, p)...)
		}
		for _, rock := range l.Config.Extensions.Rocks {
			if e := s.findRock(l, rock); e != nil {
				found = append(found, e)
			}
		}
	}
	l.Entries = l.keepFirst(found)
	l.Resources = scanResources(l, r, exclude)
	return l
}

func (l *Layer) readConfig(r root) {
	data, err := fs.ReadFile(r.fsys, "config.toml")
	if err != nil {
		if !isNotExist(err) {
			l.warn(r.display("config.toml"), "cannot read: %v", err)
		}
		return
	}
	f, warns, err := config.ParseLayer(r.display("config.toml"), data)
	if err != nil {
		l.ConfigErr = NewConfigError(err)
		return
	}
	l.Problems = append(l.Problems, warns...)
	if f != nil {
		f.Dir = l.Dir
	}
	l.Config = f
}

// readHooks reads the hooks.json beside config.toml (Claude Code's
// hooks format) into the layer's config, after the [hooks] of
// config.toml. A file that cannot be read as such fails discovery, as a
// broken config.toml does: a guard hook the user wrote must not be
// skipped with a warning that scrolls away.
func (l *Layer) readHooks(r root) {
	data, err := fs.ReadFile(r.fsys, config.HooksFileName)
	if err != nil {
		if !isNotExist(err) {
			l.warn(r.display(config.HooksFileName), "cannot read: %v", err)
		}
		return
	}
	h, warns, err := config.ParseHooksJSON(r.display(config.HooksFileName), data)
	if err != nil {
		if l.ConfigErr == nil {
			l.ConfigErr = NewConfigError(err)
		}
		return
	}
	l.Problems = append(l.Problems, warns...)
	if len(h) == 0 {
		return
	}
	if l.Config == nil {
		l.Config = &config.File{Path: r.display(config.HooksFileName), Dir: l.Dir}
	}
	l.Config.Hooks = l.Config.Hooks.Add(h)
}

// keepFirst applies in-layer precedence: entries arrive in precedence
// order, and a later entry with a name already taken is shadowed.
func (l *Layer) keepFirst(found []*Entry) []*Entry {
	byName := map[string]*Entry{}
	var kept []*Entry
	for _, e := range found {
		if winner := byName[e.Name]; winner != nil {
			l.Shadowed = append(l.Shadowed, Shadow{Entry: e, By: winner})
			if winner.Origin == e.Origin {
				l.warn(e.Main.Source, "entry %q is also defined by %s, which wins", e.Name, winner.Main.Source)
			}
			continue
		}
		byName[e.Name] = e
		kept = append(kept, e)
	}
	return kept
}

// scanFolder lists the entries of a folder laid out like extensions/: one
// entry per .lua file and per sub-folder with init.lua; dotfiles and
// underscore-prefixed names are not entries (underscore files are helpers
// the entries beside them can require).
func scanFolder(l *Layer, r root, dir string, origin Origin) []*Entry {
	ents, err := readDir(r.fsys, dir)
	if err != nil {
		if !isNotExist(err) {
			l.warn(r.display(dir), "cannot read: %v", err)
		}
		return nil
	}
	var helpers []Module
	helpersDone := false
	var entries []*Entry
	for _, d := range ents {
		name, p := d.name, d.path
		if skipName(name) || IsTestFile(name) {
			continue
		}
		if d.err != nil {
			l.warn(r.display(p), "cannot read: %v", shortErr(d.err))
			continue
		}
		var e *Entry
		switch {
		case d.dir:
			if !isFile(r.fsys, path.Join(p, "init.lua")) {
				l.warn(r.display(p), "folder without init.lua, skipped")
				continue
			}
			e = &Entry{Name: name, Folder: true, Main: r.module("", path.Join(p, "init.lua"))}
			e.Modules = folderModules(l, r, p)
		case strings.HasSuffix(name, ".lua") && d.file:
			if !helpersDone {
				helpers, helpersDone = helperModules(l, r, ents), true
			}
			e = &Entry{Name: strings.TrimSuffix(name, ".lua"), Main: r.module("", p), Modules: helpers}
		default:
			continue // a resource, not an entry
		}
		e.Layer, e.Origin, e.FS = l.Name, origin, r.fsys
		entries = append(entries, e)
	}
	return entries
}

// helperModules are the underscore-prefixed .lua files and folders of a
// folder of single-file entries: shared code such as _std.lua that every
// entry there may require, but that is not an entry itself.
func helperModules(l *Layer, r root, ents []dirent) []Module {
	var mods []Module
	for _, d := range ents {
		name, p := d.name, d.path
		if !strings.HasPrefix(name, "_") || IsTestFile(name) {
			continue
		}
		switch {
		case d.err != nil:
		case d.dir:
			sub := folderModules(l, r, p)
			for _, m := range sub {
				m.Name = joinModule(name, m.Name)
				mods = append(mods, m)
			}
			if isFile(r.fsys, path.Join(p, "init.lua")) {
				mods = append(mods, r.module(name, path.Join(p, "init.lua")))
			}
		case strings.HasSuffix(name, ".lua"):
			mods = append(mods, r.module(strings.TrimSuffix(name, ".lua"), p))
		}
	}
	sortModules(mods)
	return mods
}

// folderModules lists every .lua file below a folder entry except its own
// init.lua, named as require would name them from inside the folder.
func folderModules(l *Layer, r root, dir string) []Module {
	var mods []Module
	seen := visited{}
	var walk func(rel string, depth int)
	walk = func(rel string, depth int) {
		p := path.Join(dir, rel)
		if first, ok := seen.enter(r.fsys, p); !ok {
			l.warn(r.display(p), "%s", revisit(r.display(p), r.display(first)))
			return
		}
		if depth > maxWalkDepth {
			l.warn(r.display(p), "folders nested more than %d deep, skipped", maxWalkDepth)
			return
		}
		ents, err := readDir(r.fsys, p)
		if err != nil {
			l.warn(r.display(p), "cannot read: %v", err)
			return
		}
		for _, d := range ents {
			name := d.name
			if strings.HasPrefix(name, ".") {
				continue
			}
			child := path.Join(rel, name)
			switch {
			case d.err != nil:
				l.warn(r.display(d.path), "cannot read: %v", shortErr(d.err))
			case d.dir:
				walk(child, depth+1)
			case strings.HasSuffix(name, ".lua") && child != "init.lua" && !IsTestFile(name):
				modName := strings.TrimSuffix(child, ".lua")
				modName = strings.TrimSuffix(modName, "/init")
				mods = append(mods, r.module(strings.ReplaceAll(modName, "/", "."), path.Join(dir, child)))
			}
		}
	}
	walk(".", 0)
	sortModules(mods)
	return mods
}

func (r root) module(name, file string) Module {
	return Module{Name: name, File: file, Source: r.display(file)}
}

// scanExtraPath handles one [extensions] paths item: a .lua file, a
// folder with init.lua, or a folder laid out like extensions/.
func (s *Setup) scanExtraPath(l *Layer, p string) []*Entry {
	abs := s.expand(p)
	fi, err := os.Stat(abs)
	if err != nil {
		l.warn(l.configPath(), "[extensions] paths: %s: %v", p, shortErr(err))
		return nil
	}
	parent, name := filepath.Dir(abs), filepath.Base(abs)
	r := root{fsys: os.DirFS(parent), display: func(rel string) string {
		return s.Display(filepath.Join(parent, filepath.FromSlash(rel)))
	}}
	switch {
	case fi.IsDir() && isFile(r.fsys, name+"/init.lua"):
		e := &Entry{Name: name, Folder: true, Main: r.module("", name+"/init.lua")}
		e.Modules = folderModules(l, r, name)
		e.Layer, e.Origin, e.FS = l.Name, ExtraPath, r.fsys
		return []*Entry{e}
	case fi.IsDir():
		return scanFolder(l, r, name, ExtraPath)
	case strings.HasSuffix(name, ".lua"):
		siblings, _ := readDir(r.fsys, ".")
		e := &Entry{Name: strings.TrimSuffix(name, ".lua"), Main: r.module("", name), Modules: helperModules(l, r, siblings)}
		e.Layer, e.Origin, e.FS = l.Name, ExtraPath, r.fsys
		return []*Entry{e}
	}
	l.warn(l.configPath(), "[extensions] paths: %s is neither a .lua file nor a folder", p)
	return nil
}

// expand resolves ~/ against home and relative paths against the project
// root, as the spec says.
func (s *Setup) expand(p string) string {
	if strings.HasPrefix(p, "~/") && s.Home != "" {
		return filepath.Join(s.Home, p[2:])
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(s.ProjectRoot, p)
}

func (l *Layer) configPath() string {
	if l.Config != nil {
		return l.Config.Path
	}
	return l.Name
}

func (l *Layer) warn(p, format string, a ...any) {
	l.Problems.Add(diag.Diagnostic{File: p, Message: sprintf(format, a...), Severity: diag.Warning})
}

// dirent is a folder entry with its type resolved through symlinks.
type dirent struct {
	name  string
	dir   bool
	file  bool // a regular file
	size  int64
	err   error // a dangling or unreadable symlink
	fsys  fs.FS
	path  string
	sized bool
}

// readDir lists a folder sorted by name, so discovery is deterministic
// (bundles must be reproducible). Types come from the directory listing;
// only symlinks cost a stat, which keeps discovery of a large tree to
// one system call per folder.
func readDir(fsys fs.FS, dir string) ([]dirent, error) {
	des, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	sort.Slice(des, func(i, j int) bool { return des[i].Name() < des[j].Name() })
	out := make([]dirent, len(des))
	for i, d := range des {
		e := dirent{name: d.Name(), fsys: fsys, path: path.Join(dir, d.Name())}
		if t := d.Type(); t&fs.ModeSymlink == 0 {
			e.dir, e.file = d.IsDir(), t.IsRegular()
		} else if fi, err := fs.Stat(fsys, e.path); err != nil {
			e.err = err
		} else {
			e.dir, e.file, e.size, e.sized = fi.IsDir(), fi.Mode().IsRegular(), fi.Size(), true
		}
		out[i] = e
	}
	return out, nil
}

// Size returns the file's size, with a stat when the listing did not
// give it.
func (e *dirent) Size() int64 {
	if !e.sized {
		if fi, err := fs.Stat(e.fsys, e.path); err == nil {
			e.size = fi.Size()
		}
		e.sized = true
	}
	return e.size
}

// IsTestFile reports whether a file name is a test of `panto test`
// (name_test.lua): tests live beside the code they test but are neither
// entries, nor modules, nor resources, so a bundle never carries them.
func IsTestFile(name string) bool {
	return strings.HasSuffix(name, "_test.lua")
}

// TestsFolder is the layer's folder of tests for `panto test`; like
// test files, it is left out of the layer's resources.
const TestsFolder = "tests"

func skipName(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

func isFile(fsys fs.FS, p string) bool {
	fi, err := fs.Stat(fsys, p)
	return err == nil && fi.Mode().IsRegular()
}

func joinModule(prefix, name string) string {
	if name == "" {
		return prefix
	}
	return prefix + "." + name
}

func sortModules(mods []Module) {
	sort.Slice(mods, func(i, j int) bool { return mods[i].Name < mods[j].Name })
}
