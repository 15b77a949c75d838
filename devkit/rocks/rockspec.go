// Package rocks is `panto extension update`: it installs the pure-Lua
// rocks a layer names under [extensions] rocks into the versioned rocks
// tree the host reads (<data home>/rocks/lua-5.4.7), from a local
// binary rock (NAME-VERSION.all.rock), a source rock
// (NAME-VERSION.src.rock) or a folder holding a rockspec. A rock with C
// code — a native binary rock, or a rockspec that builds C sources or
// runs make, cmake or a command — is refused with the reason: panto's
// Lua engine is pure Go and cannot load native modules.
//
// A rockspec is a Lua file; it is read by running it in a Lua state with
// nothing but the base, string and table libraries (no io, os or
// require), bounded by a tick budget, and taking its globals.
package rocks

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"panto/runtime"
	"panto/runtime/stdlib"
)

// Spec is what the installer needs of a rockspec.
type Spec struct {
	Package, Version string
	// SourceDir is the folder the sources are in inside a source
	// archive (source.dir, else derived from source.url's file name).
	SourceDir string
	SourceURL string
	// BuildType is build.type ("builtin" when absent).
	BuildType string
	// Modules maps module names to their Lua file, relative to the
	// sources (build.modules); a module given as C sources is in
	// CModules instead.
	Modules  map[string]string
	CModules []string
}

// specBudget bounds a rockspec's run: a data file should take a few
// thousand ticks.
const specBudget = 10_000_000

// ParseSpec runs a rockspec and reads it. name is used in messages.
func ParseSpec(ctx context.Context, src []byte, name string) (*Spec, error) {
	L := runtime.NewState()
	defer L.Close()
	stdlib.OpenString(L)
	stdlib.OpenTable(L)
	for _, unsafe := range []string{"dofile", "loadfile", "load", "require", "collectgarbage"} {
		L.Globals().SetStr(unsafe, runtime.Nil)
	}
	L.SetBudget(specBudget)
	fn, err := L.Load(runtime.SkipComment(string(src)), "@"+name, "t")
	if err != nil {
		return nil, err
	}
	if _, err := L.PCall(fn); err != nil {
		return nil, fmt.Errorf("%s: %v", name, firstLine(err.Error()))
	}
	g := L.Globals()
	s := &Spec{Modules: map[string]string{}}
	s.Package = str(g.GetStr("package"))
	s.Version = str(g.GetStr("version"))
	if s.Package == "" || s.Version == "" {
		return nil, fmt.Errorf("%s: not a rockspec: it sets no package and version", name)
	}
	if src := g.GetStr("source").AsTable(); src != nil {
		s.SourceURL = str(src.GetStr("url"))
		s.SourceDir = str(src.GetStr("dir"))
	}
	s.BuildType = "builtin"
	if b := g.GetStr("build").AsTable(); b != nil {
		if t := str(b.GetStr("type")); t != "" {
			s.BuildType = t
		}
		if mods := b.GetStr("modules").AsTable(); mods != nil {
			for k, v, ok := mods.Next(runtime.Nil); ok && !k.IsNil(); k, v, ok = mods.Next(k) {
				mod := str(k)
				if mod == "" {
					continue
				}
				switch {
				case v.IsString() && strings.HasSuffix(v.AsString(), ".lua"):
					s.Modules[mod] = v.AsString()
				default:
					// A C module: a .c file, a list of sources, or a table
					// with sources, libraries and defines.
					s.CModules = append(s.CModules, mod)
				}
			}
		}
	}
	sort.Strings(s.CModules)
	return s, nil
}

// pureLua says why a spec cannot be installed, or "".
func (s *Spec) pureLua() string {
	switch s.BuildType {
	case "builtin", "none", "module":
	default:
		return fmt.Sprintf("it builds with %q, which runs a native build; only pure-Lua rocks (build.type \"builtin\" with .lua modules) can be installed", s.BuildType)
	}
	if len(s.CModules) > 0 {
		return fmt.Sprintf("it has C modules (%s), and panto's Lua engine is pure Go: it cannot load native code", strings.Join(s.CModules, ", "))
	}
	return ""
}

func str(v runtime.Value) string {
	if v.IsString() {
		return v.AsString()
	}
	return ""
}

func firstLine(s string) string {
	if i := strings.Index(s, "\nstack traceback:"); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, "\n")
}
