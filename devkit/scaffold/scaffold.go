// Package scaffold is `panto new`: it writes a layer folder with a
// working example of each kind of extension asked for (a tool, a slash
// command, a provider protocol, a component), a test of each, a
// config.toml, a README for the author, and the LuaLS stubs with a
// .luarc.json pointing at them. What it writes builds without a warning
// and its tests pass (TestScaffold checks both), so an author starts
// from green.
package scaffold

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"text/template"

	"panto/devkit/luatest"
	"panto/extension/abi"
	"panto/stdext"
)

// Options say what to write.
type Options struct {
	Dir                                    string
	Tools, Commands, Providers, Components []string
}

// validName is what every kind accepts: tool names as model APIs take
// them, which suit commands, protocols and file names too.
var validName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`) })

// New writes the layer and returns the files it wrote, relative to Dir.
// It refuses a Dir that exists and is not empty, so nothing of the
// author's is ever overwritten. With no kind asked for, it writes a tool
// named after the folder.
func New(o Options) ([]string, error) {
	if ents, err := os.ReadDir(o.Dir); err == nil && len(ents) > 0 {
		return nil, fmt.Errorf("%s exists and is not empty; panto new writes a new layer folder and never overwrites files", o.Dir)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if len(o.Tools)+len(o.Commands)+len(o.Providers)+len(o.Components) == 0 {
		name := strings.Map(func(r rune) rune {
			if validName().MatchString(string(r)) {
				return r
			}
			return '_'
		}, filepath.Base(filepath.Clean(o.Dir)))
		o.Tools = []string{name}
	}
	seen := map[string]string{}
	for _, kind := range []struct {
		what  string
		names []string
	}{{"tool", o.Tools}, {"command", o.Commands}, {"provider", o.Providers}, {"component", o.Components}} {
		for _, n := range kind.names {
			if !validName().MatchString(n) {
				return nil, fmt.Errorf("%s name %q: use 1 to 64 letters, digits, _ or -", kind.what, n)
			}
			if prev, ok := seen[n]; ok {
				return nil, fmt.Errorf("%q is asked for as a %s and as a %s; each example is a file named after it, so give them different names", n, prev, kind.what)
			}
			seen[n] = kind.what
		}
	}
	d := data{Layer: filepath.Base(filepath.Clean(o.Dir)), ABI: abi.Version}
	d.Tools, d.Commands, d.Providers, d.Components = o.Tools, o.Commands, o.Providers, o.Components
	files := map[string]string{}
	add := func(path, tmpl string, x any) error {
		s, err := render(tmpl, x)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		files[path] = s
		return nil
	}
	for _, n := range o.Tools {
		x := item{Name: n, Data: d}
		if err := add("tools/"+n+".lua", toolLua, x); err != nil {
			return nil, err
		}
		if err := add("tools/"+n+"_test.lua", toolTest, x); err != nil {
			return nil, err
		}
	}
	for _, n := range o.Commands {
		x := item{Name: n, Data: d}
		if err := add("extensions/"+n+".lua", commandLua, x); err != nil {
			return nil, err
		}
		if err := add("extensions/"+n+"_test.lua", commandTest, x); err != nil {
			return nil, err
		}
	}
	for _, n := range o.Providers {
		x := item{Name: n, Data: d}
		if err := add("extensions/"+n+".lua", providerLua, x); err != nil {
			return nil, err
		}
		if err := add("extensions/"+n+"_test.lua", providerTest, x); err != nil {
			return nil, err
		}
	}
	for _, n := range o.Components {
		x := item{Name: n, Data: d}
		if err := add("extensions/"+n+".lua", componentLua, x); err != nil {
			return nil, err
		}
		if err := add("extensions/"+n+"_test.lua", componentTest, x); err != nil {
			return nil, err
		}
	}
	if err := add("config.toml", configToml, d); err != nil {
		return nil, err
	}
	if err := add("README.md", readme, d); err != nil {
		return nil, err
	}
	files[".luarc.json"] = Luarc
	files[StubsDir+"/panto.lua"] = abi.Get().LuaStubs()
	files[StubsDir+"/panto-std.lua"] = stdext.StdStubs()
	files[StubsDir+"/panto-test.lua"] = luatest.Stubs()
	var written []string
	for p := range files {
		written = append(written, p)
	}
	sort.Strings(written)
	for _, p := range written {
		full := filepath.Join(o.Dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(full, []byte(files[p]), 0o644); err != nil {
			return nil, err
		}
	}
	return written, nil
}

// StubsDir is where the LuaLS definitions go inside a layer: a dot
// folder, so discovery never takes it for entries and a bundle never
// carries it.
const StubsDir = ".luals"

// Luarc is the .luarc.json of a layer: Lua 5.4, the stubs as a library,
// and no global panto (extensions require it).
const Luarc = `{
  "runtime.version": "Lua 5.4",
  "workspace.library": [".luals"],
  "workspace.checkThirdParty": false,
  "diagnostics.globals": []
}
`

// WriteStubs writes the LuaLS definitions into a layer folder, making
// the folder when it does not exist yet (and a .luarc.json when it has
// none), and returns the paths written: `panto stubs`.
func WriteStubs(dir string) ([]string, error) {
	if fi, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		// A new layer: make its folder, as panto new would.
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	} else if err != nil {
		return nil, err
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", dir)
	}
	out := filepath.Join(dir, StubsDir)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var written []string
	for name, text := range map[string]string{"panto.lua": abi.Get().LuaStubs(), "panto-std.lua": stdext.StdStubs(), "panto-test.lua": luatest.Stubs()} {
		p := filepath.Join(out, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return written, err
		}
		written = append(written, p)
	}
	sort.Strings(written)
	rc := filepath.Join(dir, ".luarc.json")
	if _, err := os.Stat(rc); errors.Is(err, os.ErrNotExist) {
		if err := os.WriteFile(rc, []byte(Luarc), 0o644); err != nil {
			return written, err
		}
		written = append(written, rc)
	}
	return written, nil
}

type data struct {
	Layer, ABI                             string
	Tools, Commands, Providers, Components []string
}

type item struct {
	Name string
	Data data
}

func render(tmpl string, x any) (string, error) {
	t, err := template.New("").Funcs(template.FuncMap{"first": first}).Parse(tmpl)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, x); err != nil {
		return "", err
	}
	return b.String(), nil
}

func first(list []string) string {
	if len(list) == 0 {
		return ""
	}
	return list[0]
}
