package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAuthorLoop is issue 13's "done when", as a new author goes:
// panto new, panto test, panto build, panto run on the bundle; then
// --list --json, --list -v, inspect on the folder and panto stubs.
func TestAuthorLoop(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	if code, out, errOut := runCLI(t, "new", "demo2", "--tool", "t", "--command", "c"); code != 0 || !strings.Contains(out, "created demo2. Next:") {
		t.Fatalf("new: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "test", "demo2"); code != 0 || !strings.Contains(out, "PASS\n5 passed, 0 failed\n") {
		t.Fatalf("test: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "build", "demo2", "-o", "demo2.pkg"); code != 0 || errOut != "" {
		t.Fatalf("build: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "run", "demo2.pkg", "--tool", "t", "--input", `{"name":"Ada"}`); code != 0 || out != "Hello, Ada!\n" {
		t.Errorf("run --tool: exit %d %q %q", code, out, errOut)
	}
	if code, out, _ := runCLI(t, "run", "demo2.pkg", "--command", "/c Bo"); code != 0 || out != "hello, Bo!\n" {
		t.Errorf("run --command: exit %d %q", code, out)
	}
	// The tests are not in the bundle.
	if _, out, _ := runCLI(t, "inspect", "demo2.pkg"); strings.Contains(out, "_test") {
		t.Errorf("the bundle carries test files:\n%s", out)
	}

	code, out, _ := runCLI(t, "run", "demo2", "--list", "--json")
	var rep listReport
	if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil {
		t.Fatalf("--list --json: exit %d %v\n%s", code, err, out)
	}
	var tool *listTool
	for i := range rep.Tools {
		if rep.Tools[i].Name == "t" {
			tool = &rep.Tools[i]
		}
	}
	if tool == nil || tool.Description != "Greet someone: returns a greeting for the given name." || !strings.Contains(strings.Join(strings.Fields(string(tool.Schema)), ""), `"required":["name"]`) || tool.Source != "demo2/tools/t.lua" {
		t.Errorf("tool t in --list --json: %+v", tool)
	}
	// The layer's own commands: the session's built-in ones (/mcp, with
	// source "mcp") are listed too, but are not the author's.
	var own []listCommand
	for _, c := range rep.Commands {
		if strings.HasPrefix(c.Source, "demo2/") {
			own = append(own, c)
		}
	}
	if len(own) != 1 || own[0].Name != "c" || len(rep.Problems) != 0 {
		t.Errorf("commands %+v problems %+v", rep.Commands, rep.Problems)
	}
	if _, out, _ := runCLI(t, "run", "demo2", "--list", "-v"); !strings.Contains(out, "      Greet someone: returns a greeting for the given name.\n") {
		t.Errorf("--list -v lacks the full description:\n%s", out)
	}
	if code, out, _ := runCLI(t, "inspect", "demo2"); code != 0 || !strings.Contains(out, "bundle      demo2 0.0.0") || !strings.Contains(out, "tools/t.lua") {
		t.Errorf("inspect DIR: exit %d\n%s", code, out)
	}

	os.RemoveAll(filepath.Join("demo2", ".luals"))
	if code, out, _ := runCLI(t, "stubs", "demo2"); code != 0 || !strings.Contains(out, "wrote demo2/.luals/panto.lua") {
		t.Errorf("stubs: exit %d %q", code, out)
	}
	if b, err := os.ReadFile(filepath.Join("demo2", ".luals", "panto.lua")); err != nil || !strings.HasPrefix(string(b), "---@meta panto") {
		t.Errorf("stubs not written: %v", err)
	}
	if code, _, errOut := runCLI(t, "new", "demo2"); code != 1 || !strings.Contains(errOut, "exists and is not empty") {
		t.Errorf("new over a layer: exit %d %q", code, errOut)
	}
}

// TestRenderColor: --render writes no escape sequences to a pipe, or
// with NO_COLOR or TERM=dumb, unless --color always asks for them.
func TestRenderColor(t *testing.T) {
	args := []string{"run", demo(t), "--tool", "word_count", "--input", `{"text":"x"}`, "--render", "--width", "40"}
	_, out, _ := runCLI(t, args...)
	if strings.Contains(out, "\x1b[") || !strings.Contains(out, "✓ counted") {
		t.Errorf("--render to a pipe:\n%q", out)
	}
	_, out, _ = runCLI(t, append(args, "--color", "always")...)
	if !strings.Contains(out, "\x1b[") {
		t.Errorf("--color always has no colour:\n%q", out)
	}
	t.Setenv("NO_COLOR", "1")
	_, out, _ = runCLI(t, append(args, "--color", "auto")...)
	if strings.Contains(out, "\x1b[") {
		t.Errorf("NO_COLOR ignored:\n%q", out)
	}
	if code, _, errOut := runCLI(t, append(args, "--color", "sometimes")...); code != 1 || !strings.Contains(errOut, "--color must be auto, always or never") {
		t.Errorf("bad --color: exit %d %q", code, errOut)
	}
}

// TestWatchLoadFailureKeepsState: a save that compiles but leaves an
// entry failing to evaluate or activate keeps the previous state live,
// exactly like a save that does not compile, and says so.
func TestWatchLoadFailureKeepsState(t *testing.T) {
	dir := watchFolder(t, map[string]string{"extensions/hi.lua": greeter("good")})
	w := startWatch(t, dir, "/hi", nil)
	if c := w.ready(); c.probe != "good" {
		t.Fatalf("probe %q", c.probe)
	}
	for _, bad := range []struct{ src, msg string }{
		{"return { name = \"hi\", activate = function()\n  error(\"not today\")\nend }\n", "panto: build: extensions/hi.lua:2: not today (entry 'hi')"},
		{"return { name = \"hi\", activte = function() end }\n", "panto: build: extensions/hi.lua:1:23: returned table"},
	} {
		w.write("extensions/hi.lua", bad.src)
		c := w.next()
		if c.Live {
			t.Fatalf("a save that does not load went live: %+v", c.cycleReport)
		}
		if !strings.Contains(c.errOut, bad.msg) || !strings.Contains(c.out, "the previous state stays live") {
			t.Errorf("stdout:\n%s\nstderr:\n%s", c.out, c.errOut)
		}
		if c.probe != "good" {
			t.Errorf("the previous state is not live: /hi answered %q", c.probe)
		}
	}
	w.write("extensions/hi.lua", greeter("fixed"))
	if c := w.next(); !c.Live || c.probe != "fixed" {
		t.Fatalf("after the fix: %+v probe %q\n%s%s", c.cycleReport, c.probe, c.out, c.errOut)
	}
}

// TestExtensionUpdate: a pure-Lua rock named in [extensions] rocks is
// installed from a rockspec folder and then loads as an extension.
func TestExtensionUpdate(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	t.Setenv("XDG_DATA_HOME", filepath.Join(work, "data"))
	os.MkdirAll("foo", 0o755)
	os.WriteFile(filepath.Join("foo", "foo-1.0-1.rockspec"), []byte(`package = "foo"
version = "1.0-1"
build = { type = "builtin", modules = { foo = "foo.lua" } }
`), 0o644)
	os.WriteFile(filepath.Join("foo", "foo.lua"), []byte(`return { name = "foo", activate = function()
  require("panto").ext.register_command { name = "foo", description = "d", handler = function() return "from a rock" end }
end }`), 0o644)
	os.MkdirAll("layer", 0o755)
	os.WriteFile(filepath.Join("layer", "config.toml"), []byte("[extensions]\nrocks = [\"foo\"]\n"), 0o644)
	// Flags after the folder, as everywhere.
	code, out, errOut := runCLI(t, "extension", "update", "layer", "--from", "foo")
	if code != 0 || !strings.Contains(out, "installed foo 1.0-1 from foo: foo\n") {
		t.Fatalf("update: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "run", "layer", "--command", "/foo"); code != 0 || out != "from a rock\n" {
		t.Errorf("run: exit %d %q %q", code, out, errOut)
	}
	os.WriteFile(filepath.Join("foo", "foo-1.0-1.rockspec"), []byte(`package = "foo"; version = "1.0-1"
build = { type = "builtin", modules = { foo = "foo.lua", ["foo.core"] = "core.c" } }`), 0o644)
	if code, _, errOut := runCLI(t, "extension", "update", "layer", "--from", "foo"); code != 1 || !strings.Contains(errOut, "it has C modules (foo.core), and panto's Lua engine is pure Go") {
		t.Errorf("C rock: exit %d %q", code, errOut)
	}
}

// TestStubsMissingFolder: panto stubs on a folder that does not exist
// makes it and writes the stubs; a path that cannot be a folder gets an
// error naming it, without the help text.
func TestStubsMissingFolder(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	code, out, errOut := runCLI(t, "stubs", filepath.Join("new", "layer"))
	if code != 0 || !strings.Contains(out, "wrote "+filepath.Join("new", "layer", ".luals", "panto.lua")) || errOut != "" {
		t.Errorf("stubs on a missing folder: exit %d %q %q", code, out, errOut)
	}
	if err := os.WriteFile("file", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "stubs", filepath.Join("file", "sub"))
	if code != 1 || out != "" || !strings.Contains(errOut, filepath.Join("file", "sub")) || strings.Contains(errOut, "USAGE") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("stubs under a file: exit %d %q %q", code, out, errOut)
	}
}
