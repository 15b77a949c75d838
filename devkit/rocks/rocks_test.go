package rocks

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fooSpec = `package = "foo"
version = "1.2-1"
source = { url = "https://example.invalid/foo-1.2.tar.gz" }
build = {
  type = "builtin",
  modules = { foo = "src/foo.lua", ["foo.util"] = "src/foo/util.lua" },
}
`

func zipOf(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for name, data := range files {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(data)
	}
	w.Close()
	return b.Bytes()
}

func tarGz(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	for name, data := range files {
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg})
		tw.Write([]byte(data))
	}
	tw.Close()
	gz.Close()
	return b.Bytes()
}

func write(t *testing.T, p string, data []byte) string {
	t.Helper()
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func installed(t *testing.T, tree, rel, want string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(tree, "share", "lua", "5.4", rel))
	if err != nil || string(b) != want {
		t.Errorf("%s: %q %v, want %q", rel, b, err, want)
	}
}

func TestInstallSources(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "foo-dev")
	write(t, filepath.Join(folder, "foo-1.2-1.rockspec"), []byte(fooSpec))
	write(t, filepath.Join(folder, "src", "foo.lua"), []byte("return 'foo'"))
	write(t, filepath.Join(folder, "src", "foo", "util.lua"), []byte("return 'util'"))
	src := write(t, filepath.Join(dir, "foo-1.2-1.src.rock"), zipOf(t, map[string][]byte{
		"foo-1.2-1.rockspec": []byte(fooSpec),
		"foo-1.2.tar.gz":     tarGz(t, map[string]string{"foo-1.2/src/foo.lua": "return 'foo'", "foo-1.2/src/foo/util.lua": "return 'util'"}),
	}))
	all := write(t, filepath.Join(dir, "bar-0.1-1.all.rock"), zipOf(t, map[string][]byte{
		"bar-0.1-1.rockspec":    []byte(`package = "bar"; version = "0.1-1"`),
		"lua/bar.lua":           []byte("return 'bar'"),
		"lua/bar/core/init.lua": []byte("return 'core'"),
		"rock_manifest":         []byte("rock_manifest = {}"),
	}))
	for _, c := range []struct {
		name string
		from []string
		want []string
	}{
		{"folder", []string{folder}, []string{"foo"}},
		{"src.rock", []string{src}, []string{"foo.util"}},
		{"all.rock", []string{all, folder}, []string{"bar", "foo"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tree := t.TempDir()
			res, err := Install(context.Background(), Options{Tree: tree, Sources: c.from, Want: c.want})
			if err != nil {
				t.Fatal(err)
			}
			if in := res.Installed; len(in) != len(c.want) {
				t.Errorf("installed %+v", in)
			}
			if c.name == "all.rock" {
				installed(t, tree, "bar.lua", "return 'bar'")
				installed(t, tree, "bar/core/init.lua", "return 'core'")
			} else {
				installed(t, tree, "foo.lua", "return 'foo'")
				installed(t, tree, "foo/util.lua", "return 'util'")
				if _, err := os.Stat(filepath.Join(tree, "lib", "luarocks", "rocks-5.4", "foo", "1.2-1", "rock_manifest")); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	dir := t.TempDir()
	cRock := write(t, filepath.Join(dir, "lpeg-1.1-1.linux-x86_64.rock"), zipOf(t, map[string][]byte{
		"lpeg-1.1-1.rockspec": []byte(`package = "lpeg"; version = "1.1-1"`),
		"lib/lpeg.so":         []byte("\x7fELF"),
	}))
	cSpec := filepath.Join(dir, "cspec")
	write(t, filepath.Join(cSpec, "x-1-1.rockspec"), []byte(`package = "x"; version = "1-1"
build = { type = "builtin", modules = { x = "x.lua", ["x.core"] = { sources = { "core.c" } } } }`))
	makeSpec := filepath.Join(dir, "make")
	write(t, filepath.Join(makeSpec, "m-1-1.rockspec"), []byte(`package = "m"; version = "1-1"; build = { type = "make" }`))
	loop := filepath.Join(dir, "loop")
	write(t, filepath.Join(loop, "l-1-1.rockspec"), []byte(`while true do end`))
	escape := filepath.Join(dir, "escape")
	write(t, filepath.Join(escape, "e-1-1.rockspec"), []byte(`os.execute("true"); package = "e"; version = "1-1"`))
	for _, c := range []struct {
		from []string
		want []string
		err  string
	}{
		{[]string{cRock}, nil, "rock lpeg 1.1-1 cannot be installed: it is a C rock (lib/lpeg.so), and panto's Lua engine is pure Go: it cannot load native code"},
		{[]string{cSpec}, nil, "rock x 1-1 cannot be installed: it has C modules (x.core)"},
		{[]string{makeSpec}, nil, `it builds with "make", which runs a native build`},
		{[]string{loop}, nil, "l-1-1.rockspec:1: interrupted: instruction budget exhausted"},
		{[]string{escape}, nil, "attempt to index a nil value (global 'os')"},
		{nil, []string{"nope"}, "no source provides 'nope'"},
		{[]string{filepath.Join(dir, "missing.rock")}, nil, "no such file"},
	} {
		t.Run(c.err, func(t *testing.T) {
			tree := t.TempDir()
			_, err := Install(context.Background(), Options{Tree: tree, Sources: c.from, Want: c.want})
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("err %v, want %q", err, c.err)
			}
			if ents, _ := os.ReadDir(tree); len(ents) > 0 {
				t.Error("a refused install wrote to the tree")
			}
		})
	}
}

func TestServer(t *testing.T) {
	rock := zipOf(t, map[string][]byte{
		"foo-1.10-1.rockspec": []byte(strings.Replace(fooSpec, "1.2-1", "1.10-1", 1)),
		"foo-1.2.tar.gz":      tarGz(t, map[string]string{"foo-1.2/src/foo.lua": "return 'new'", "foo-1.2/src/foo/util.lua": "return 'u'"}),
	})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/manifest-5.4":
			w.Write([]byte(`repository = { foo = { ["1.9-1"] = { { arch = "src" } }, ["1.10-1"] = { { arch = "src" }, { arch = "rockspec" } } },
  lpeg = { ["1.1-1"] = { { arch = "linux-x86_64" } } } }`))
		case "/foo-1.10-1.src.rock":
			w.Write(rock)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	tree := t.TempDir()
	res, err := Install(context.Background(), Options{Tree: tree, Want: []string{"foo"}, Server: srv.URL})
	if in := res.Installed; err != nil || len(in) != 1 || in[0].Version != "1.10-1" {
		t.Fatalf("%+v %v", in, err)
	}
	installed(t, tree, "foo.lua", "return 'new'")
	// Installed, and no source named: kept, not an error.
	if res, err := Install(context.Background(), Options{Tree: tree, Want: []string{"foo"}}); err != nil || len(res.Kept) != 1 {
		t.Errorf("kept %+v %v", res, err)
	}
	if _, err := Install(context.Background(), Options{Tree: tree, Want: []string{"lpeg"}, Server: srv.URL}); err == nil || !strings.Contains(err.Error(), "has only native builds") {
		t.Errorf("C rock on the server: %v", err)
	}
}
