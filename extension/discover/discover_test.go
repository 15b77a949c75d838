package discover

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// env is a fake environment rooted in a temporary folder: home, the XDG
// folders and a project with a working directory inside it.
type env struct {
	root, home, project, cwd string
	vars                     map[string]string
}

func newEnv(t *testing.T) *env {
	root := t.TempDir()
	e := &env{root: root, home: filepath.Join(root, "home"), project: filepath.Join(root, "home", "proj")}
	e.cwd = filepath.Join(e.project, "sub", "dir")
	if err := os.MkdirAll(e.cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(e.project, ".panto"), 0o755); err != nil {
		t.Fatal(err)
	}
	e.vars = map[string]string{"HOME": e.home}
	return e
}

func (e *env) options(base map[string]string) Options {
	o := Options{Cwd: e.cwd, Getenv: func(k string) string { return e.vars[k] }}
	if base != nil {
		m := fstest.MapFS{}
		for name, content := range base {
			m[name] = &fstest.MapFile{Data: []byte(content)}
		}
		o.Base = m
	}
	return o
}

func names(entries []*Entry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.Layer+":"+e.Name)
	}
	return out
}

func TestStandardLayers(t *testing.T) {
	e := newEnv(t)
	s, err := Standard(e.options(nil))
	if err != nil {
		t.Fatal(err)
	}
	if s.ProjectRoot != e.project {
		t.Errorf("project root %s, want %s", s.ProjectRoot, e.project)
	}
	var got []string
	for _, l := range s.Layers {
		got = append(got, l.Name+"="+l.Dir)
	}
	want := []string{
		"base=",
		"user=" + filepath.Join(e.home, ".config", "panto"),
		"project=" + filepath.Join(e.project, ".panto"),
		"local=" + filepath.Join(e.project, ".panto", "local"),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("layers %q, want %q", got, want)
	}
	if s.RocksTree != filepath.Join(e.home, ".local", "share", "panto", "rocks", "lua-5.4.7") {
		t.Errorf("rocks tree %s", s.RocksTree)
	}

	e.vars["XDG_CONFIG_HOME"] = filepath.Join(e.root, "xdg")
	s, _ = Standard(e.options(nil))
	if s.Layers[1].Dir != filepath.Join(e.root, "xdg", "panto") {
		t.Errorf("XDG_CONFIG_HOME ignored: %s", s.Layers[1].Dir)
	}

	// Without HOME or XDG, the user layer cannot be resolved and is left
	// out; the project root falls back to the working directory when no
	// .panto is found.
	e2 := newEnv(t)
	os.Remove(filepath.Join(e2.project, ".panto"))
	e2.vars = map[string]string{}
	s, _ = Standard(e2.options(nil))
	if len(s.Layers) != 3 || s.Layers[1].Name != Project || s.Home != "" || s.ProjectRoot != e2.cwd {
		t.Errorf("layers %+v home %q root %q", names(nil), s.Home, s.ProjectRoot)
	}
}

func TestHomeIsNotAProject(t *testing.T) {
	e := newEnv(t)
	os.Remove(filepath.Join(e.project, ".panto"))
	os.MkdirAll(filepath.Join(e.home, ".panto"), 0o755)
	s, _ := Standard(e.options(nil))
	if s.ProjectRoot != e.cwd {
		t.Errorf("~/.panto taken as a project marker: root %s", s.ProjectRoot)
	}
}

func TestPrecedenceAcrossLayers(t *testing.T) {
	e := newEnv(t)
	user := filepath.Join(e.home, ".config", "panto")
	write(t, user, map[string]string{"tools/read.lua": "", "extensions/a.lua": "", "extensions/u.lua": ""})
	write(t, filepath.Join(e.project, ".panto"), map[string]string{"extensions/a.lua": "", "tools/p.lua": ""})
	write(t, filepath.Join(e.project, ".panto", "local"), map[string]string{"extensions/a.lua": ""})
	s, err := Standard(e.options(map[string]string{"tools/read.lua": "", "tools/write.lua": ""}))
	if err != nil {
		t.Fatal(err)
	}
	res := s.Resolve()
	want := []string{"base:write", "user:u", "user:read", "project:p", "local:a"}
	if got := names(res.Entries); !reflect.DeepEqual(got, want) {
		t.Errorf("entries %q, want %q", got, want)
	}
	var shadowed []string
	for _, sh := range res.Shadowed {
		shadowed = append(shadowed, sh.Entry.Layer+":"+sh.Entry.Name+">"+sh.By.Layer)
	}
	if want := []string{"base:read>user", "user:a>local", "project:a>local"}; !reflect.DeepEqual(shadowed, want) {
		t.Errorf("shadowed %q, want %q", shadowed, want)
	}
	// The project layer must not list the local layer's files as its
	// resources.
	for _, r := range s.Layers[2].Resources {
		if strings.HasPrefix(r.Path, "local/") {
			t.Errorf("project resource %s belongs to the local layer", r.Path)
		}
	}
}

func TestEntriesAndModules(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"extensions/single.lua":       "",
		"extensions/.hidden.lua":      "",
		"extensions/_helper.lua":      "",
		"extensions/_lib/init.lua":    "",
		"extensions/_lib/part.lua":    "",
		"extensions/notes.txt":        "",
		"extensions/empty/readme.md":  "",
		"extensions/pkg/init.lua":     "",
		"extensions/pkg/util.lua":     "",
		"extensions/pkg/_private.lua": "",
		"extensions/pkg/sub/init.lua": "",
		"extensions/pkg/sub/deep.lua": "",
		"extensions/pkg/.git/x.lua":   "",
		"tools/tool.lua":              "",
		"tools/_std.lua":              "",
		"skills/review/SKILL.md":      "# review",
		"config.toml":                 "",
	})
	s, err := Folder(dir, Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	l := s.Layers[0]
	got := map[string][]string{}
	for _, e := range l.Entries {
		var mods []string
		for _, m := range e.Modules {
			mods = append(mods, m.Name+"="+m.File)
		}
		got[e.Name+" "+e.Main.File] = mods
	}
	want := map[string][]string{
		"single extensions/single.lua": {"_helper=extensions/_helper.lua", "_lib=extensions/_lib/init.lua", "_lib.part=extensions/_lib/part.lua"},
		"pkg extensions/pkg/init.lua":  {"_private=extensions/pkg/_private.lua", "sub=extensions/pkg/sub/init.lua", "sub.deep=extensions/pkg/sub/deep.lua", "util=extensions/pkg/util.lua"},
		"tool tools/tool.lua":          {"_std=tools/_std.lua"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("entries:\n got %q\nwant %q", got, want)
	}
	var res []string
	for _, r := range l.Resources {
		res = append(res, r.Path)
	}
	if want := []string{"extensions/empty/readme.md", "extensions/notes.txt", "skills/review/SKILL.md"}; !reflect.DeepEqual(res, want) {
		t.Errorf("resources %q, want %q", res, want)
	}
	if len(l.Problems) != 1 || !strings.Contains(l.Problems[0].String(), "extensions/empty: warning: folder without init.lua") {
		t.Errorf("problems %v", l.Problems)
	}
	if s.Home != "" || l.Name != Bundle || l.Dir != dir {
		t.Errorf("folder layer: home %q, %s %s", s.Home, l.Name, l.Dir)
	}
	if src := l.Entries[0].Main.Source; src != "extensions/pkg/init.lua" {
		t.Errorf("display path %q", src)
	}
}

func TestSymlinksFollowed(t *testing.T) {
	dir := t.TempDir()
	shared := t.TempDir()
	write(t, shared, map[string]string{"linked.lua": "", "pkg/init.lua": "", "pkg/util.lua": ""})
	write(t, dir, map[string]string{"extensions/plain.lua": ""})
	if err := os.Symlink(filepath.Join(shared, "linked.lua"), filepath.Join(dir, "extensions", "linked.lua")); err != nil {
		t.Skip("no symlinks:", err)
	}
	os.Symlink(filepath.Join(shared, "pkg"), filepath.Join(dir, "extensions", "pkg"))
	os.Symlink(filepath.Join(dir, "extensions"), filepath.Join(shared, "pkg", "loop")) // a cycle
	s, err := Folder(dir, Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(s.Layers[0].Entries); !reflect.DeepEqual(got, []string{"bundle:linked", "bundle:pkg", "bundle:plain"}) {
		t.Errorf("entries %q", got)
	}
	var cycle bool
	for _, p := range s.Layers[0].Problems {
		cycle = cycle || strings.Contains(p.Message, "symlink cycle")
	}
	if !cycle {
		t.Errorf("the symlink cycle was not reported: %v", s.Layers[0].Problems)
	}
}

func TestExtraPathsAndRocks(t *testing.T) {
	e := newEnv(t)
	tree := filepath.Join(e.home, ".local", "share", "panto", "rocks", "lua-5.4.7")
	write(t, tree, map[string]string{
		"share/lua/5.4/rockext.lua":     "",
		"share/lua/5.4/dup.lua":         "",
		"share/lua/5.4/nested/init.lua": "",
		"lib/lua/5.4/lpeg.so":           "",
	})
	write(t, e.project, map[string]string{
		"vendor/folder/one.lua":      "",
		"vendor/folder/dup.lua":      "",
		"vendor/single.lua":          "",
		"vendor/withinit/init.lua":   "",
		"vendor/withinit/helper.lua": "",
		".panto/extensions/dup.lua":  "",
		".panto/config.toml": `
[extensions]
paths = ["vendor/folder", "vendor/single.lua", "vendor/withinit", "vendor/missing"]
rocks = ["rockext", "dup", "nested", "lpeg", "absent", "../bad"]
`,
	})
	s, err := Standard(e.options(nil))
	if err != nil {
		t.Fatal(err)
	}
	l := s.Layers[2]
	var got []string
	for _, en := range l.Entries {
		got = append(got, en.Name+"/"+en.Origin.String())
	}
	want := []string{"dup/canonical", "one/path", "single/path", "withinit/path", "rockext/rock", "nested/rock"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("entries %q, want %q", got, want)
	}
	if len(l.Shadowed) != 2 {
		t.Errorf("shadowed %d, want the path and rock dup", len(l.Shadowed))
	}
	msgs := ""
	for _, p := range l.Problems {
		msgs += p.String() + "\n"
	}
	for _, want := range []string{
		"vendor/missing: no such file or directory",
		`rock "lpeg" skipped: ` + "~/.local/share/panto/rocks/lua-5.4.7/lib/lua/5.4/lpeg.so is a C module",
		`rock "absent" skipped: not installed`,
		`"../bad" is not a module name`,
	} {
		if !strings.Contains(msgs, want) {
			t.Errorf("problems lack %q:\n%s", want, msgs)
		}
	}
	if !strings.Contains(s.RockPath(), "share/lua/5.4/?.lua") {
		t.Errorf("rock path %q", s.RockPath())
	}
}

func TestConfigProblems(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"config.toml": "[extensions]\nalow = [\"x\"]\n\n[ui]\ntheme = \"x\"\ncolour = 1\n"})
	s, _ := Folder(dir, Options{Cwd: dir, Getenv: func(string) string { return "" }})
	var got []string
	for _, p := range s.Problems() {
		got = append(got, p.String())
	}
	want := []string{`config.toml:2: warning: unknown key "extensions.alow"; did you mean "allow"?`, `config.toml:6: warning: unknown key "ui.colour"`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %q, want %q", got, want)
	}

	write(t, dir, map[string]string{"config.toml": "[extensions]\nallow = \"x\"\n"})
	// A file the TOML reader refuses stops discovery: loading the layer
	// without it would run without the user's settings.
	s, err := Folder(dir, Options{Cwd: dir, Getenv: func(string) string { return "" }})
	var ce *ConfigError
	if s != nil || !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), "config: config.toml:2:9: extensions.allow: ") {
		t.Errorf("a bad config must be an error naming its line and column: %v, %v", s, err)
	}
}

// TestTestsLeftOut: *_test.lua files and the tests/ folder belong to
// panto test: they are no entries, modules or resources.
func TestTestsLeftOut(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"tools/a.lua":                  "return {}",
		"tools/a_test.lua":             "return {}",
		"tools/_h.lua":                 "return {}",
		"tools/_h_test.lua":            "return {}",
		"extensions/f/init.lua":        "return {}",
		"extensions/f/util.lua":        "return {}",
		"extensions/f/util_test.lua":   "return {}",
		"extensions/f/data/x_test.lua": "return {}",
		"tests/turns.jsonl":            "{}",
		"tests/more.lua":               "return {}",
		"skills/s/SKILL.md":            "s",
		"skills/s/check_test.lua":      "x",
	})
	s, err := Folder(dir, Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	l := s.Layers[0]
	var got []string
	for _, e := range l.Entries {
		got = append(got, "entry "+e.Name)
		for _, m := range e.Modules {
			got = append(got, "  module "+m.Name)
		}
	}
	for _, r := range l.Resources {
		got = append(got, "resource "+r.Path)
	}
	want := "entry f|  module util|entry a|  module _h|resource skills/s/SKILL.md"
	if strings.Join(got, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
	if !IsTestFile("x_test.lua") || IsTestFile("test.lua") || IsTestFile("x_test.lua.bak") {
		t.Error("IsTestFile")
	}
}

// Links back to the folder they are in (extensions/a -> ., and b -> .)
// made discovery walk 2^24 paths before a depth limit stopped it; with
// folders recorded by identity each is walked once. Folder entries whose
// subfolders link back, and resources, are walked the same way.
func TestSymlinkCyclesWalkedOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"extensions/plain.lua": "", "extensions/pkg/init.lua": "", "extensions/pkg/m.lua": "", "skills/s/SKILL.md": "x"})
	links := map[string]string{
		"extensions/a":     ".",
		"extensions/b":     ".",
		"extensions/pkg/x": "..",
		"extensions/pkg/y": ".",
		"skills/s/up":      "..",
		"skills/s/down":    ".",
	}
	for p, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			t.Skip("no symlinks:", err)
		}
	}
	s, err := Folder(dir, Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	l := s.Layers[0]
	if got := names(l.Entries); !reflect.DeepEqual(got, []string{"bundle:pkg", "bundle:plain"}) {
		t.Errorf("entries %q", got)
	}
	for _, e := range l.Entries {
		if e.Name == "pkg" && len(e.Modules) > 4 {
			t.Errorf("pkg has %d modules: the cycles were walked", len(e.Modules))
		}
	}
	var res []string
	for _, r := range l.Resources {
		res = append(res, r.Path)
	}
	if want := []string{"skills/s/SKILL.md"}; !reflect.DeepEqual(res, want) {
		t.Errorf("resources %q, want %q", res, want)
	}
	cycles := 0
	for _, p := range l.Problems {
		if strings.Contains(p.Message, "symlink cycle") {
			cycles++
		}
	}
	if cycles == 0 || len(l.Problems) > 20 {
		t.Errorf("%d cycle warnings among:\n%v", cycles, l.Problems)
	}
}
