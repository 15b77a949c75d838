package scaffold

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/build"
	"panto/compiler/parser"
	"panto/devkit/luatest"
	"panto/diag"
	"panto/extension/discover"
	"panto/host"
	"panto/stdext"
)

func env(t *testing.T) discover.Options {
	data := t.TempDir()
	return discover.Options{Cwd: t.TempDir(), Getenv: func(k string) string {
		if k == "XDG_DATA_HOME" {
			return data
		}
		return ""
	}}
}

// TestScaffold: what panto new writes builds without a warning (the
// check host included) and its tests pass, for every kind at once and
// for the default.
func TestScaffold(t *testing.T) {
	for _, c := range []struct {
		name string
		o    Options
		n    int // tests expected
	}{
		{"all", Options{Tools: []string{"greet"}, Commands: []string{"hello"}, Providers: []string{"echo-model"}, Components: []string{"badge"}}, 3 + 2 + 1 + 1},
		{"default", Options{}, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.o.Dir = filepath.Join(t.TempDir(), "demo2")
			files, err := New(c.o)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"config.toml", "README.md", ".luarc.json", ".luals/panto.lua", ".luals/panto-std.lua", ".luals/panto-test.lua"} {
				if !contains(files, want) {
					t.Errorf("%s not written: %v", want, files)
				}
			}
			o := env(t)
			res, err := build.Build(build.Options{Dirs: []string{c.o.Dir}, Strict: true, Base: stdext.FS(), Discover: o,
				Check: func(s *discover.Setup) diag.List {
					s.AddBase(stdext.FS(), "")
					return host.Check(context.Background(), s, 0)
				}})
			if err != nil {
				t.Fatalf("build --strict: %v", err)
			}
			if len(res.Warnings) > 0 {
				t.Errorf("warnings: %v", res.Warnings)
			}
			var out bytes.Buffer
			sum, err := luatest.Run(context.Background(), luatest.Options{Dir: c.o.Dir, Out: &out, Discover: o})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Failed != 0 || sum.Passed != c.n {
				t.Errorf("summary %+v\n%s", sum, out.String())
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("keep"), 0o644)
	if _, err := New(Options{Dir: dir}); err == nil || !strings.Contains(err.Error(), "exists and is not empty") {
		t.Errorf("non-empty folder: %v", err)
	}
	if _, err := New(Options{Dir: filepath.Join(dir, "x"), Tools: []string{"a b"}}); err == nil || !strings.Contains(err.Error(), `tool name "a b"`) {
		t.Errorf("bad name: %v", err)
	}
	if _, err := New(Options{Dir: filepath.Join(dir, "y"), Tools: []string{"a"}, Commands: []string{"a"}}); err == nil || !strings.Contains(err.Error(), "as a tool and as a command") {
		t.Errorf("same name twice: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "mine.txt")); string(b) != "keep" {
		t.Error("a file of the author's was touched")
	}
}

func TestWriteStubs(t *testing.T) {
	dir := t.TempDir()
	files, err := WriteStubs(dir)
	if err != nil || len(files) != 4 {
		t.Fatalf("%v %v", files, err)
	}
	os.WriteFile(filepath.Join(dir, ".luarc.json"), []byte("{}"), 0o644)
	if files, _ = WriteStubs(dir); len(files) != 3 {
		t.Errorf("an existing .luarc.json was rewritten: %v", files)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, ".luarc.json")); string(b) != "{}" {
		t.Error(".luarc.json changed")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestStubsParse: the hand-written stubs are Lua the language server and
// our parser read.
func TestStubsParse(t *testing.T) {
	for name, src := range map[string]string{"panto-std.lua": stdext.StdStubs(), "panto-test.lua": luatest.Stubs()} {
		if _, err := parser.Parse("@"+name, src); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
