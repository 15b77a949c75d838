package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/extension/discover"
	"panto/host"
)

// syncBuffer is a bytes.Buffer the loop writes while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// seenCycle is one cycle as the test saw it: the report, what was printed
// since the cycle before, and the answer of the probe command run on the
// live state from inside the loop (where calling the host is allowed).
type seenCycle struct {
	cycleReport
	out, errOut string
	probe       string
}

type watchRun struct {
	t       *testing.T
	dir     string
	out     syncBuffer
	errOut  syncBuffer
	cycles  chan seenCycle
	stopped chan error
}

// cycleTimeout only turns a hang into a failure; nothing is timed.
const cycleTimeout = 30 * time.Second

// startWatch runs the loop on dir in process until the test ends. probe,
// when set, is a slash command run on the live state after every cycle.
func startWatch(t *testing.T, dir, probe string, mod func(*watchOptions)) *watchRun {
	t.Helper()
	w := &watchRun{t: t, dir: dir, cycles: make(chan seenCycle, 64), stopped: make(chan error, 1)}
	var outAt, errAt int
	o := watchOptions{
		Dir: dir, Stdout: &w.out, Stderr: &w.errOut,
		Discover: discover.Options{Cwd: dir, Getenv: func(string) string { return "" }},
		onCycle: func(rep cycleReport, h *host.Host) {
			out, errOut := w.out.String(), w.errOut.String()
			c := seenCycle{cycleReport: rep, out: out[outAt:], errOut: errOut[errAt:]}
			outAt, errAt = len(out), len(errOut)
			if probe != "" && h != nil {
				res, err := h.RunCommand(context.Background(), probe)
				if err != nil {
					res = "error: " + err.Error()
				}
				c.probe = res
			}
			w.cycles <- c
		},
	}
	if mod != nil {
		mod(&o)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { w.stopped <- watch(ctx, o) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-w.stopped:
			if err != nil {
				t.Errorf("watch ended with %v", err)
			}
		case <-time.After(cycleTimeout):
			t.Errorf("watch did not stop")
		}
	})
	return w
}

// next waits for the next cycle.
func (w *watchRun) next() seenCycle {
	w.t.Helper()
	select {
	case c := <-w.cycles:
		return c
	case err := <-w.stopped:
		w.t.Fatalf("watch stopped: %v\nstdout:\n%s\nstderr:\n%s", err, w.out.String(), w.errOut.String())
	case <-time.After(cycleTimeout):
		w.t.Fatalf("no cycle came\nstdout:\n%s\nstderr:\n%s", w.out.String(), w.errOut.String())
	}
	return seenCycle{}
}

// ready waits for the first cycle and requires it live.
func (w *watchRun) ready() seenCycle {
	w.t.Helper()
	c := w.next()
	if c.N != 0 || !c.Live || !strings.Contains(c.out, "ready in ") {
		w.t.Fatalf("start: %+v\nstdout:\n%s\nstderr:\n%s", c.cycleReport, c.out, c.errOut)
	}
	return c
}

func (w *watchRun) write(rel, content string) {
	w.t.Helper()
	p := filepath.Join(w.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

// greeter is an extension whose /hi command answers what.
func greeter(what string) string {
	return `return { name = "hi", activate = function()
  require("panto").ext.register_command { name = "hi", description = "d", handler = function() return "` + what + `" end }
end }
`
}

func watchFolder(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	for rel, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestWatchReloadsOnSave(t *testing.T) {
	dir := watchFolder(t, map[string]string{"extensions/hi.lua": greeter("one")})
	bundle := filepath.Join(dir, "out.pkg") // inside the folder: writing it must not cause a reload
	w := startWatch(t, dir, "", func(o *watchOptions) { o.Command = "/hi"; o.Bundle = bundle })
	c := w.ready()
	if !strings.Contains(c.out, "/hi") || !strings.HasSuffix(c.out, "one\n") || c.errOut != "" {
		t.Fatalf("start printed:\n%s\nstderr:\n%s", c.out, c.errOut)
	}
	if _, err := os.Stat(bundle); err != nil {
		t.Fatalf("--bundle: %v", err)
	}

	w.write("extensions/hi.lua", greeter("two"))
	c = w.next()
	if c.N != 1 || !c.Live || c.errOut != "" {
		t.Fatalf("reload: %+v\nstdout:\n%s\nstderr:\n%s", c.cycleReport, c.out, c.errOut)
	}
	i := strings.Index(c.out, "live again in ")
	if i < 0 || !strings.Contains(c.out, "changed: extensions/hi.lua") || !strings.HasSuffix(c.out[i:], "two\n") {
		t.Fatalf("reload printed:\n%s", c.out)
	}

	// The next cycle is the next save's, not one for the bundle the
	// last cycle wrote.
	w.write("notes.txt", "a resource")
	c = w.next()
	if c.N != 2 || len(c.Changed) != 1 || filepath.Base(c.Changed[0]) != "notes.txt" {
		t.Fatalf("after the bundle write: %+v\n%s", c.cycleReport, c.out)
	}
}

func TestWatchSyntaxErrorKeepsState(t *testing.T) {
	dir := watchFolder(t, map[string]string{"extensions/hi.lua": greeter("good")})
	w := startWatch(t, dir, "/hi", nil)
	if c := w.ready(); c.probe != "good" {
		t.Fatalf("probe %q", c.probe)
	}

	w.write("extensions/hi.lua", "return {\n  name = ,\n}\n")
	c := w.next()
	if c.Built || c.Live {
		t.Fatalf("a broken save went live: %+v", c.cycleReport)
	}
	if !strings.Contains(c.errOut, "panto: build: extensions/hi.lua:2:10: ") {
		t.Errorf("the syntax error lacks file:line:col:\n%s", c.errOut)
	}
	if !strings.Contains(c.out, "the previous state stays live") {
		t.Errorf("stdout:\n%s", c.out)
	}
	if c.probe != "good" {
		t.Errorf("the previous state is not live: /hi answered %q", c.probe)
	}

	w.write("extensions/hi.lua", greeter("fixed"))
	if c := w.next(); !c.Live || c.probe != "fixed" {
		t.Fatalf("after the fix: %+v probe %q\n%s%s", c.cycleReport, c.probe, c.out, c.errOut)
	}
}

func TestWatchNewSubfolder(t *testing.T) {
	dir := watchFolder(t, map[string]string{"extensions/hi.lua": greeter("x")})
	w := startWatch(t, dir, "/pack", nil)
	w.ready()

	// The folder first, alone: its file below comes in a later save,
	// which only a watch on the new folder can see.
	if err := os.MkdirAll(filepath.Join(dir, "extensions", "pack"), 0o755); err != nil {
		t.Fatal(err)
	}
	w.next()
	w.write("extensions/pack/init.lua", `return { name = "pack", activate = function()
  require("panto").ext.register_command { name = "pack", description = "d", handler = function() return "packed" end }
end }`)
	c := w.next()
	if !c.Live || c.probe != "packed" || !strings.Contains(c.out, "+ command /pack") {
		t.Fatalf("%+v probe %q\nstdout:\n%s\nstderr:\n%s", c.cycleReport, c.probe, c.out, c.errOut)
	}
}

func TestWatchDebouncesBursts(t *testing.T) {
	dir := watchFolder(t, map[string]string{"extensions/hi.lua": greeter("0")})
	// A long quiet window makes "within one burst" certain on any
	// machine; it only costs the test that long per reload.
	w := startWatch(t, dir, "/hi", func(o *watchOptions) { o.Quiet = 500 * time.Millisecond; o.MaxWait = time.Minute })
	w.ready()

	for i := 1; i <= 10; i++ {
		w.write("extensions/hi.lua", greeter(strings.Repeat("v", i)))
		w.write(".hi.lua.swp", "editor scratch") // ignored
	}
	c := w.next()
	if c.N != 1 || !c.Live || c.probe != strings.Repeat("v", 10) {
		t.Fatalf("burst: %+v probe %q\n%s", c.cycleReport, c.probe, c.out)
	}
	if len(c.Changed) != 1 || strings.Count(c.out, "live again in ") != 1 {
		t.Errorf("burst changed %v\n%s", c.Changed, c.out)
	}
	// Had the burst been split, this would be a third reload of hi.lua.
	w.write("extensions/other.lua", greeter("y"))
	if c := w.next(); c.N != 2 || len(c.Changed) != 1 || filepath.Base(c.Changed[0]) != "other.lua" {
		t.Fatalf("after the burst: %+v", c.cycleReport)
	}
}

// A save that fixes an endless loop takes effect: the newer save stops
// the stuck command instead of waiting behind it.
func TestWatchNewerSaveInterrupts(t *testing.T) {
	dir := watchFolder(t, map[string]string{"extensions/hi.lua": greeter("ok")})
	w := startWatch(t, dir, "", func(o *watchOptions) { o.Command = "/hi" })
	w.ready()
	w.write("extensions/hi.lua", `return { name = "hi", activate = function()
  require("panto").ext.register_command { name = "hi", description = "d", handler = function() while true do end end }
end }`)
	// Wait until the reload is live and the command is spinning, then fix.
	for !strings.Contains(w.out.String(), "live again in ") {
		select {
		case <-time.After(5 * time.Millisecond):
		case c := <-w.cycles:
			t.Fatalf("the loop ended early: %+v\n%s", c.cycleReport, c.out)
		}
	}
	w.write("extensions/hi.lua", greeter("fixed"))
	w.next() // the interrupted one
	c := w.next()
	if !c.Live || !strings.HasSuffix(c.out, "fixed\n") {
		t.Fatalf("%+v\nstdout:\n%s\nstderr:\n%s", c.cycleReport, c.out, c.errOut)
	}
}

func TestWatchEmptyFolderWaits(t *testing.T) {
	dir := watchFolder(t, map[string]string{"README.md": "nothing yet"})
	w := startWatch(t, dir, "/hi", nil)
	c := w.next()
	if c.Built || !strings.Contains(c.out, "nothing is live yet") || !strings.Contains(c.errOut, "no extensions found") {
		t.Fatalf("%+v\nstdout:\n%s\nstderr:\n%s", c.cycleReport, c.out, c.errOut)
	}
	w.write("extensions/hi.lua", greeter("first"))
	if c := w.next(); !c.Live || c.probe != "first" || !strings.Contains(c.out, "ready in ") {
		t.Fatalf("%+v probe %q\n%s", c.cycleReport, c.probe, c.out)
	}
}

func TestWatchErrors(t *testing.T) {
	dir := watchFolder(t, map[string]string{"extensions/hi.lua": greeter("x")})
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"watch", missing}, "panto: watch: " + missing + ": no such file or directory\n"},
		{[]string{"watch", filepath.Join(dir, "extensions", "hi.lua")}, "not a folder"},
		{[]string{"watch", dir, dir}, "panto: watch: give at most one folder"},
		{[]string{"watch", dir, "--command", "hi"}, "not a slash command"},
		{[]string{"watch", dir, "--tool", "t", "--input", "[1]"}, "panto: watch: --input: not a JSON object"},
		{[]string{"watch", dir, "--input", "{}"}, "--input goes with --tool"},
	} {
		t.Run(strings.Join(c.args[1:], " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, c.args...)
			if code != 1 || !strings.Contains(errOut, c.err) || strings.Contains(errOut, "goroutine") {
				t.Errorf("%v: exit %d, stderr %q; want %q", c.args, code, errOut, c.err)
			}
		})
	}
}

func TestHiddenName(t *testing.T) {
	for name, want := range map[string]bool{
		"greet.lua": false, "_std.lua": false, "SKILL.md": false, "config.toml": false,
		".greet.lua.swp": true, "greet.lua.swp": true, "greet.lua~": true, "4913": true,
		".#greet.lua": true, "#greet.lua#": true, ".git": true, "greet.lua___jb_tmp___": true,
	} {
		t.Run(name, func(t *testing.T) {
			if got := hiddenName(name); got != want {
				t.Errorf("hiddenName(%q) = %v", name, got)
			}
		})
	}
}

// Deleting the watched folder and creating it again (rm -rf and a
// checkout, a tool that replaces the folder) drops the folder's own
// watch: the watch must pick the new folder up, and reload from it.
func TestWatchFolderDeletedAndRecreated(t *testing.T) {
	dir := watchFolder(t, map[string]string{"extensions/hi.lua": greeter("before")})
	w := startWatch(t, dir, "/hi", nil)
	if c := w.ready(); c.probe != "before" {
		t.Fatalf("probe %q", c.probe)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	w.next() // the folder is gone: a cycle that cannot build
	if err := os.MkdirAll(filepath.Join(dir, "extensions"), 0o755); err != nil {
		t.Fatal(err)
	}
	w.write("extensions/hi.lua", greeter("after"))
	// The recreated folder and its file may come as one burst or two.
	for i := 0; i < 5; i++ {
		if c := w.next(); c.Live && c.probe == "after" {
			// A later save in the new folder is seen too.
			w.write("extensions/hi.lua", greeter("again"))
			for j := 0; j < 5; j++ {
				if c := w.next(); c.Live && c.probe == "again" {
					return
				}
			}
			t.Fatal("a save in the recreated folder was not seen")
		}
	}
	t.Fatalf("the recreated folder was never reloaded\nstdout:\n%s\nstderr:\n%s", w.out.String(), w.errOut.String())
}
