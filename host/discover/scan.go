package discover

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"panto/host/config"
)

// canonicalFolders are scanned in each layer, in this order; they form
// one entry space.
var canonicalFolders = []string{"extensions", "tools"}

// maxDepth bounds folder recursion: symlinks are followed, and a link
// cycle must end in a warning rather than a hang.
const maxDepth = 24

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
	f, warns, err := config.Parse(r.display("config.toml"), data)
	if err != nil {
		l.Problems = append(l.Problems, Problem{Message: err.Error() + " (file ignored)"})
		return
	}
	for _, w := range warns {
		l.Problems = append(l.Problems, Problem{Path: w.Path, Line: w.Line, Message: w.Message})
	}
	l.Config = f
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
	names, err := readDirNames(r.fsys, dir)
	if err != nil {
		if !isNotExist(err) {
			l.warn(r.display(dir), "cannot read: %v", err)
		}
		return nil
	}
	var helpers []Module
	helpersDone := false
	var entries []*Entry
	for _, name := range names {
		if skipName(name) {
			continue
		}
		p := path.Join(dir, name)
		fi, err := fs.Stat(r.fsys, p)
		if err != nil {
			l.warn(r.display(p), "cannot read: %v", err)
			continue
		}
		var e *Entry
		switch {
		case fi.IsDir():
			if !isFile(r.fsys, path.Join(p, "init.lua")) {
				l.warn(r.display(p), "folder without init.lua, skipped")
				continue
			}
			e = &Entry{Name: name, Folder: true, Main: r.module("", path.Join(p, "init.lua"))}
			e.Modules = folderModules(l, r, p)
		case strings.HasSuffix(name, ".lua") && fi.Mode().IsRegular():
			if !helpersDone {
				helpers, helpersDone = helperModules(l, r, dir), true
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
func helperModules(l *Layer, r root, dir string) []Module {
	names, _ := readDirNames(r.fsys, dir)
	var mods []Module
	for _, name := range names {
		if !strings.HasPrefix(name, "_") {
			continue
		}
		p := path.Join(dir, name)
		fi, err := fs.Stat(r.fsys, p)
		switch {
		case err != nil:
		case fi.IsDir():
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
	var walk func(rel string, depth int)
	walk = func(rel string, depth int) {
		p := path.Join(dir, rel)
		if depth > maxDepth {
			l.warn(r.display(p), "folders nested too deeply (a symlink cycle?), skipped")
			return
		}
		names, err := readDirNames(r.fsys, p)
		if err != nil {
			l.warn(r.display(p), "cannot read: %v", err)
			return
		}
		for _, name := range names {
			if strings.HasPrefix(name, ".") {
				continue
			}
			child := path.Join(rel, name)
			fi, err := fs.Stat(r.fsys, path.Join(dir, child))
			switch {
			case err != nil:
				l.warn(r.display(path.Join(dir, child)), "cannot read: %v", err)
			case fi.IsDir():
				walk(child, depth+1)
			case strings.HasSuffix(name, ".lua") && child != "init.lua":
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
		e := &Entry{Name: strings.TrimSuffix(name, ".lua"), Main: r.module("", name), Modules: helperModules(l, r, ".")}
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
	l.Problems = append(l.Problems, Problem{Path: p, Message: sprintf(format, a...)})
}

// readDirNames lists a folder's names, sorted, so discovery is
// deterministic (bundles must be reproducible).
func readDirNames(fsys fs.FS, dir string) ([]string, error) {
	des, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(des))
	for i, d := range des {
		names[i] = d.Name()
	}
	sort.Strings(names)
	return names, nil
}

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
