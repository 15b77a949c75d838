package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// luaLinkName reports whether panto was started under the name lua (a
// link to it named lua, or lua.exe on Windows): it then behaves as
// `panto lua`.
func luaLinkName(argv0 string) bool {
	base := strings.TrimSuffix(filepath.Base(argv0), ".exe")
	return base == "lua"
}

// luaRelaunchPath is arg[-1] under `panto lua`: the reference manual
// gives the interpreter's name there, and scripts re-launch their
// interpreter with it. A lua link to this panto beside the panto that
// was started (or beside its executable) is that interpreter; without
// one, the command "panto lua" (this executable's path, then "lua")
// does the same in a shell command line.
func luaRelaunchPath(argv0 string) string {
	self, err := os.Executable()
	if err != nil {
		return "lua"
	}
	if real, err := filepath.EvalSymlinks(self); err == nil {
		self = real
	}
	var dirs []string
	if strings.ContainsRune(argv0, filepath.Separator) || strings.ContainsRune(argv0, '/') {
		dirs = append(dirs, filepath.Dir(argv0))
	} else if p, err := exec.LookPath(argv0); err == nil {
		dirs = append(dirs, filepath.Dir(p))
	}
	dirs = append(dirs, filepath.Dir(self))
	for _, d := range dirs {
		link := filepath.Join(d, "lua")
		if real, err := filepath.EvalSymlinks(link); err == nil && real == self {
			if abs, err := filepath.Abs(link); err == nil {
				return abs
			}
			return link
		}
	}
	return self + " lua"
}
