package host

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"panto/diag"
	"panto/extension/discover"
	"panto/runtime"
)

// TestCheckSandbox: a check host runs no process and writes no file.
// Each call that would is refused with a warning at its line, the
// activation stops there, and the files it would have made do not
// exist afterwards; what only reads runs as in a session.
func TestCheckSandbox(t *testing.T) {
	out := t.TempDir()
	target := func(name string) string { return filepath.Join(out, name) }
	for _, c := range []struct {
		name, call, refused string
		made                string // the file the call would make
	}{
		{"os.execute", `os.execute("touch ` + target("executed") + `")`, "os.execute of a command", "executed"},
		{"io.popen", `io.popen("touch ` + target("popened") + `")`, "io.popen", "popened"},
		{"io.open w", `io.open("` + target("written") + `", "w")`, "io.open for writing", "written"},
		{"io.open a+", `io.open("` + target("appended") + `", "a+")`, "io.open for writing", "appended"},
		{"io.open r+", `io.open("` + target("keep") + `", "r+")`, "io.open for writing", ""},
		{"uv.fs_open r+", `require("luv").fs_open("` + target("keep") + `", "r+", 420)`, "uv.fs_open for writing", ""},
		{"uv.fs_open O_RDWR", `require("luv").fs_open("` + target("keep") + `", 2, 420)`, "uv.fs_open for writing", ""},
		{"io.output", `io.output("` + target("output") + `")`, "io.output to a file", "output"},
		{"os.remove", `os.remove("` + target("keep") + `")`, "os.remove", ""},
		{"os.rename", `os.rename("` + target("keep") + `", "` + target("renamed") + `")`, "os.rename", "renamed"},
		{"os.tmpname", `os.tmpname()`, "os.tmpname", ""},
		{"os.exit", `os.exit(3)`, "os.exit", ""},
		{"uv.spawn", `require("luv").spawn("touch", { args = { "` + target("spawned") + `" } }, function() end)`, "uv.spawn", "spawned"},
		{"uv.fs_open", `require("luv").fs_open("` + target("fsopened") + `", "w", 420)`, "uv.fs_open for writing", "fsopened"},
		{"uv.fs_mkdir", `require("luv").fs_mkdir("` + target("dir") + `", 493)`, "uv.fs_mkdir", "dir"},
		{"uv.fs_write", `require("luv").fs_write(1, "x")`, "uv.fs_write", ""},
		// A pid above Linux's PID_MAX_LIMIT: should the refusal fail,
		// the signal reaches no process.
		{"uv.kill", `require("luv").kill(99999999, "sigterm")`, "uv.kill", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(target("keep"), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			src := "return { name = 'fx', activate = function()\n  " + c.call + "\n  require('panto').ext.register_command { name = 'after' }\nend }\n"
			dir := tree(t, map[string]string{"extensions/fx.lua": src})
			setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
			if err != nil {
				t.Fatal(err)
			}
			ds := Check(context.Background(), setup, 0)
			if len(ds) != 1 {
				t.Fatalf("%d diagnostics, want 1: %v", len(ds), ds)
			}
			d := ds[0]
			want := c.refused + " " + refusedMark
			if d.Severity != diag.Warning || d.File != "extensions/fx.lua" || d.Line != 2 || !strings.HasPrefix(d.Message, want) {
				t.Errorf("got %s\nwant extensions/fx.lua:2: warning: %s...", d, want)
			}
			if c.made != "" {
				if _, err := os.Stat(target(c.made)); err == nil {
					t.Errorf("%s was made", c.made)
				}
			}
			if _, err := os.Stat(target("keep")); err != nil {
				t.Errorf("keep: %v", err)
			}
		})
	}
}

// TestCheckSandboxAllows: reading files, asking whether a shell exists,
// the environment and the clock work in a check host; io.read sees the
// end of input. The activation then registers a command with a missing
// field, which the check must report as an error: it ran to the end.
func TestCheckSandboxAllows(t *testing.T) {
	dir := tree(t, map[string]string{
		"extensions/conf.txt": "hello\n",
		"extensions/ok.lua": `return { name = 'ok', activate = function()
  local f = assert(io.open(panto_dir .. "/conf.txt"))
  assert(f:read("l") == "hello"); f:close()
  for l in io.lines(panto_dir .. "/conf.txt") do assert(l == "hello") end
  assert(os.execute() ~= nil)
  assert(io.read("l") == nil)
  assert(os.time() > 0 and os.clock() >= 0)
  local uv = require("luv")
  local fd = assert(uv.fs_open(panto_dir .. "/conf.txt", "r", 0)); uv.fs_close(fd)
  require('panto').ext.register_command { name = 'c' }
end }`,
	})
	src, err := os.ReadFile(filepath.Join(dir, "extensions/ok.lua"))
	if err != nil {
		t.Fatal(err)
	}
	abs := strings.ReplaceAll(string(src), "panto_dir", "'"+filepath.Join(dir, "extensions")+"'")
	if err := os.WriteFile(filepath.Join(dir, "extensions/ok.lua"), []byte(abs), 0o644); err != nil {
		t.Fatal(err)
	}
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	ds := Check(context.Background(), setup, 0)
	if len(ds) != 1 || ds[0].Severity != diag.Error || ds[0].Line != 10 || !strings.Contains(ds[0].Message, "register_command: 'description' is required") {
		t.Errorf("%v", ds)
	}
}

// TestSessionHostNotSandboxed: a session's host still writes files.
func TestSessionHostNotSandboxed(t *testing.T) {
	made := filepath.Join(t.TempDir(), "made")
	th := hostWith(t, map[string]string{"extensions/w.lua": "return { name = 'w', activate = function()\n  local f = assert(io.open('" + made + "', 'w')); f:write('x'); f:close()\nend }\n"})
	th.expectNoProblems(t)
	if _, err := os.Stat(made); err != nil {
		t.Error(err)
	}
}

// TestCheckTimeout: a file that waits (here on a timer that never comes)
// fails its check at the time limit, and the other files are checked.
func TestCheckTimeout(t *testing.T) {
	defer func(d time.Duration) { checkTimeout = d }(checkTimeout)
	checkTimeout = 50 * time.Millisecond
	dir := tree(t, map[string]string{
		"extensions/wait.lua": "return { name = 'wait', activate = function()\n  local uv = require('luv')\n  uv.new_timer():start(3600000, 0, function() end)\n  uv.run()\nend }\n",
		"extensions/bad.lua":  "return { name = 'bad', activte = function() end }\n",
	})
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	ds := Check(context.Background(), setup, 0)
	var got []string
	for _, d := range ds {
		got = append(got, d.String())
	}
	if len(ds) != 2 || !strings.Contains(got[1], "extensions/wait.lua: ran past the check's limit of 50ms") || !strings.Contains(got[0], "extensions/bad.lua:1:") {
		t.Errorf("%s", strings.Join(got, "\n"))
	}
}

// TestReadOnlyModes: which io.open modes and fs_open flags count as
// reading only; anything that may write, or that cannot be read as a
// mode, does not.
func TestReadOnlyModes(t *testing.T) {
	for _, c := range []struct {
		mode runtime.Value
		want bool
	}{
		{runtime.Nil, true}, {str("r"), true}, {str("rb"), true},
		{str("r+"), false}, {str("rb+"), false}, {str("w"), false}, {str("a"), false}, {str(""), false},
		{runtime.Int(1), false},
	} {
		if got := readOnlyMode(c.mode); got != c.want {
			t.Errorf("readOnlyMode(%v) = %v", c.mode, got)
		}
	}
	for _, c := range []struct {
		flags runtime.Value
		want  bool
	}{
		{runtime.Int(int64(os.O_RDONLY)), true}, {runtime.Int(int64(os.O_WRONLY)), false}, {runtime.Int(int64(os.O_RDWR)), false},
		{runtime.Int(int64(os.O_RDONLY | os.O_CREATE)), false}, {runtime.Int(int64(os.O_RDONLY | os.O_APPEND)), false},
		{runtime.Int(int64(os.O_RDONLY | os.O_TRUNC)), false}, {runtime.Float(0.5), false},
		{str("r"), true}, {str("RS"), true}, {str("sr"), true}, {str("r+"), false}, {str("a"), false},
		{runtime.Nil, false}, {runtime.True, false},
	} {
		if got := readOnlyFlags(c.flags); got != c.want {
			t.Errorf("readOnlyFlags(%v) = %v", c.flags, got)
		}
	}
}
