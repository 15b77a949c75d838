package discover

import (
	"os"
	"path/filepath"
	"strings"
)

// findRock locates an [extensions] rocks item in the rocks tree. A rock
// that cannot load is skipped with a message: a missing one, and a C rock
// (a pure-Go engine cannot load native code). A pure-Lua rock becomes an
// entry; whether it is an extension or a library is only known once it is
// evaluated, which the host does.
func (s *Setup) findRock(l *Layer, name string) *Entry {
	if name == "" || strings.ContainsAny(name, "/\\") || strings.Contains(name, "..") {
		l.warn(l.configPath(), "[extensions] rocks: %q is not a module name, skipped", name)
		return nil
	}
	if s.RocksTree == "" {
		l.warn(l.configPath(), "[extensions] rocks: rock %q skipped: no data home (set $HOME or $XDG_DATA_HOME)", name)
		return nil
	}
	rel := strings.ReplaceAll(name, ".", "/")
	share := filepath.Join(s.RocksTree, "share", "lua", "5.4")
	r := root{fsys: os.DirFS(share), display: func(p string) string {
		return s.Display(filepath.Join(share, filepath.FromSlash(p)))
	}}
	for _, candidate := range []string{rel + ".lua", rel + "/init.lua"} {
		if isFile(r.fsys, candidate) {
			return &Entry{Name: name, Layer: l.Name, Origin: Rock, FS: r.fsys, Main: r.module("", candidate)}
		}
	}
	for _, ext := range []string{".so", ".dll", ".dylib"} {
		c := filepath.Join(s.RocksTree, "lib", "lua", "5.4", filepath.FromSlash(rel)+ext)
		if _, err := os.Stat(c); err == nil {
			l.warn(l.configPath(), "[extensions] rocks: rock %q skipped: %s is a C module, and C modules cannot be loaded by panto (pure-Go Lua engine)", name, s.Display(c))
			return nil
		}
	}
	l.warn(l.configPath(), "[extensions] rocks: rock %q skipped: not installed in %s (run `panto extension update`)", name, s.Display(s.RocksTree))
	return nil
}

// RockPath is the package.path fragment that lets rocks (and extensions)
// require modules installed in the rocks tree.
func (s *Setup) RockPath() string {
	if s.RocksTree == "" {
		return ""
	}
	share := filepath.Join(s.RocksTree, "share", "lua", "5.4")
	return filepath.Join(share, "?.lua") + ";" + filepath.Join(share, "?", "init.lua")
}
