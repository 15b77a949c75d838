package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeSource makes a folder that looks like panto's source to
// checkPantoSource (or not, as asked).
func fakeSource(t *testing.T, module string, hook bool) string {
	t.Helper()
	d := t.TempDir()
	if module != "" {
		if err := os.WriteFile(filepath.Join(d, "go.mod"), []byte("// comment\nmodule "+module+"\n\ngo 1.26.0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if hook {
		if err := os.MkdirAll(filepath.Join(d, "linked"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "linked", "linked.go"), []byte("package linked\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// TestFindPantoSource: --panto-src, then PANTO_SRC, then the clone the
// binary was built in, then the module cache for the binary's module
// version; each is checked to be panto's module with package linked.
func TestFindPantoSource(t *testing.T) {
	good1, good2, good3 := fakeSource(t, "panto", true), fakeSource(t, "panto", true), fakeSource(t, "panto", true)
	cached := fakeSource(t, "panto", true)
	other := fakeSource(t, "example.com/other", true)
	old := fakeSource(t, "panto", false)
	none := fakeSource(t, "", false)
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == PantoSrcEnv {
				return v
			}
			return ""
		}
	}
	download := func(version string) (string, error) {
		if version == "v0.1.0" {
			return cached, nil
		}
		return "", errors.New("not found")
	}
	cases := []struct {
		name    string
		l       sourceLookup
		dir     string // want, or "" for an error
		how     string // want, or the error's start
		cached  bool
		errPart string
	}{
		{name: "flag first", l: sourceLookup{flag: good1, getenv: env(good2), builtFrom: good3}, dir: good1, how: "--panto-src"},
		{name: "then the environment", l: sourceLookup{getenv: env(good2), builtFrom: good3}, dir: good2, how: PantoSrcEnv},
		{name: "then the clone", l: sourceLookup{getenv: env(""), builtFrom: good3, version: "v0.1.0", download: download}, dir: good3, how: "the clone this panto was built from"},
		{name: "a clone gone: the module cache", l: sourceLookup{getenv: env(""), builtFrom: none, version: "v0.1.0", download: download}, dir: cached, how: "the module cache (panto@v0.1.0)", cached: true},
		{name: "no version to download", l: sourceLookup{getenv: env(""), version: "(devel)", download: download}, errPart: "give --panto-src DIR or set PANTO_SRC"},
		{name: "the download fails", l: sourceLookup{getenv: env(""), version: "v9.9.9", download: download}, errPart: "go mod download panto@v9.9.9: not found"},
		{name: "not panto", l: sourceLookup{flag: other, getenv: env("")}, errPart: "go.mod is not panto's module"},
		{name: "no go.mod", l: sourceLookup{getenv: env(none)}, errPart: "(PANTO_SRC): no go.mod"},
		{name: "too old", l: sourceLookup{flag: old, getenv: env("")}, errPart: "predates linked layers"},
		{name: "a bad flag is not skipped", l: sourceLookup{flag: old, getenv: env(good2)}, errPart: "predates linked layers"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, err := findPantoSource(c.l)
			if c.errPart != "" {
				if err == nil || !strings.Contains(err.Error(), c.errPart) {
					t.Fatalf("got %+v, %v; want an error with %q", src, err, c.errPart)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if src.dir != c.dir || src.how != c.how || src.cached != c.cached {
				t.Errorf("got %+v, want %s (%s, cached %v)", src, c.dir, c.how, c.cached)
			}
		})
	}
}

// TestBuildBinaryFlags: the mistakes --binary refuses before any build.
func TestBuildBinaryFlags(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"another target", []string{"build", demo(t), "--target", "bundle", "--binary", "-o", "x"}, "--binary links a Go package in: it takes --target go, not --target bundle"},
		{"no output", []string{"build", demo(t), "--binary"}, "--binary needs -o FILE"},
		{"source without --binary", []string{"build", demo(t), "--panto-src", "."}, "--panto-src applies to --binary"},
		{"package with --binary", []string{"build", demo(t), "--binary", "-o", "x", "--package", "p"}, "--binary names its own"},
		{"no source there", []string{"build", demo(t), "--binary", "-o", filepath.Join(t.TempDir(), "x"), "--panto-src", filepath.Join(t.TempDir(), "nothing")}, "nothing (--panto-src): no such file or directory"},
	}
	t.Run("no go command", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		code, out, errOut := runCLI(t, "build", demo(t), "--binary", "-o", filepath.Join(t.TempDir(), "x"), "--panto-src", moduleRoot(t))
		if code == 0 || !strings.Contains(errOut, "there is no go command on PATH") {
			t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
		}
	})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, c.args...)
			if code == 0 || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, errOut, c.want)
			}
		})
	}
}

// TestCopyModule: a module copied out of the (read-only) module cache
// keeps what a build reads, writable, and leaves tests, test data and
// dot folders behind.
func TestCopyModule(t *testing.T) {
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "copy")
	files := map[string]string{
		"go.mod":                   "module panto\n",
		"a/a.go":                   "package a\n",
		"a/a_test.go":              "package a\n",
		"a/testdata/x.lua":         "return 1\n",
		"a/embed/tool.lua":         "return 2\n",
		".git/HEAD":                "ref\n",
		"stdext/native/bc/c0.luac": "\x1bLua",
	}
	for name, data := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o444); err != nil {
			t.Fatal(err)
		}
	}
	if err := copyModule(src, dst); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		got, err := os.ReadFile(filepath.Join(dst, filepath.FromSlash(name)))
		skipped := strings.HasSuffix(name, "_test.go") || strings.Contains(name, "testdata/") || strings.HasPrefix(name, ".")
		switch {
		case skipped && err == nil:
			t.Errorf("%s was copied", name)
		case !skipped && (err != nil || string(got) != data):
			t.Errorf("%s: %q, %v", name, got, err)
		case !skipped:
			fi, err := os.Stat(filepath.Join(dst, filepath.FromSlash(name)))
			if err != nil || fi.Mode().Perm()&0o200 == 0 {
				t.Errorf("%s is not writable: %v", name, fi.Mode())
			}
		}
	}
}
