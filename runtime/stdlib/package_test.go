package stdlib

import (
	"os"
	"path/filepath"
	"testing"

	"panto/runtime"
)

func TestSearchPath(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "pkg"), 0o755)
	os.WriteFile(filepath.Join(dir, "pkg", "init.lua"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "mod.lua"), nil, 0o644)
	tmpl := dir + "/?.lua;" + dir + "/?/init.lua"
	for _, c := range []struct {
		name, path, sep, rep string
		found                string // "" when not found
		notFound             string
	}{
		{"mod", tmpl, ".", "/", dir + "/mod.lua", ""},
		{"pkg", tmpl, ".", "/", dir + "/pkg/init.lua", ""},
		{"a.b", "x/?.lua;y/?/z.lua;?", ".", "/", "", "no file 'x/a/b.lua'\n\tno file 'y/a/b/z.lua'\n\tno file 'a/b'"},
		{"m", "", ".", "/", "", "no file ''"},
		{"m", ";;", ".", "/", "", "no file ''\n\tno file ''\n\tno file ''"},
		// Only the first byte of sep is looked for, but the whole of it is
		// replaced.
		{"a.b", "?", ".b", "/", "", "no file 'a/'"},
		{"a.b", "?", "", "/", "", "no file 'a.b'"},
		// Directories are "readable", as fopen opens them.
		{"pkg", dir + "/?", ".", "/", dir + "/pkg", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			found, notFound, ok := searchPath(c.name, c.path, c.sep, c.rep)
			if ok != (c.found != "") || found != c.found || notFound != c.notFound {
				t.Errorf("searchPath(%q, %q, %q, %q) = %q, %q, %v; want %q, %q",
					c.name, c.path, c.sep, c.rep, found, notFound, ok, c.found, c.notFound)
			}
		})
	}
}

func TestEnvPath(t *testing.T) {
	const def = "DEF"
	for _, c := range []struct {
		versioned, plain *string
		noEnv            bool
		want             string
	}{
		{nil, nil, false, def},
		{nil, ptr("a;b"), false, "a;b"},
		{nil, ptr("a;;b"), false, "a;DEF;b"},
		{nil, ptr(";;"), false, "DEF"},
		{nil, ptr(";;b"), false, "DEF;b"},
		{nil, ptr("a;;"), false, "a;DEF"},
		{nil, ptr(""), false, ""},
		{ptr("x;;y;;z"), ptr("q"), false, "x;DEF;y;;z"},
		{ptr("v"), ptr("q"), true, def},
	} {
		t.Run(c.want, func(t *testing.T) {
			os.Unsetenv("PANTO_TEST_PATH_5_4")
			os.Unsetenv("PANTO_TEST_PATH")
			if c.versioned != nil {
				t.Setenv("PANTO_TEST_PATH_5_4", *c.versioned)
			}
			if c.plain != nil {
				t.Setenv("PANTO_TEST_PATH", *c.plain)
			}
			if got := envPath("PANTO_TEST_PATH", def, c.noEnv); got != c.want {
				t.Errorf("envPath with %v/%v noEnv=%v = %q, want %q", c.versioned, c.plain, c.noEnv, got, c.want)
			}
		})
	}
}

func ptr(s string) *string { return &s }

func TestRequire(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "m.lua"), []byte(`return {name = ..., file = select(2, ...)}`), 0o644)
	os.WriteFile(filepath.Join(dir, "c.so"), nil, 0o644)
	L, out := newTestState(t)
	L.SetGlobal("dir", runtime.String(dir))
	run(t, L, `
		package.path = dir .. "/?.lua"
		package.cpath = dir .. "/?.so"
		local m, file = require("m")
		print(m.name, m.file == file, file == dir .. "/m.lua", require("m") == m)
		local ok, err = pcall(require, "c")
		print(ok, err == "error loading module 'c' from file '" .. dir .. "/c.so':\n\t" .. dir .. "/c.so: C modules cannot be loaded by panto (pure-Go Lua engine)")
		print(select(3, package.loadlib(dir .. "/c.so", "luaopen_c")), select(3, package.loadlib(dir .. "/none.so", "*")))
		package.preload.p = function(...) return select("#", ...) end
		print(require("p"))
	`)
	want := "m\ttrue\ttrue\ttrue\nfalse\ttrue\nabsent\topen\n2\t:preload:\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// TestNoEnv checks that a true LUA_NOENV in the registry makes the
// package library ignore the environment, as the standalone's -E does.
func TestNoEnv(t *testing.T) {
	t.Setenv("LUA_PATH", "from-env")
	L := runtime.NewState()
	L.Registry().SetStr("LUA_NOENV", runtime.True)
	OpenPackage(L, false)
	pkg := L.GetGlobal("package").AsTable()
	if got := pkg.GetStr("path").AsString(); got != defaultPath {
		t.Errorf("path = %q, want the default", got)
	}
	L2 := runtime.NewState()
	OpenPackage(L2, false)
	if got := L2.GetGlobal("package").AsTable().GetStr("path").AsString(); got != "from-env" {
		t.Errorf("path = %q, want from-env", got)
	}
}
