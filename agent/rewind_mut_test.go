package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/extension/discover"
)

// TestRewindOneOfTwoTurns: rewinding the last turn restores only the
// files that turn changed (with their permissions) and keeps the
// earlier turn's conversation and changes; a tool that left a file as
// it was leaves no checkpoint.
func TestRewindOneOfTwoTurns(t *testing.T) {
	turns := putReply("a.txt", "one") + doneReply +
		putReply("run.sh", "changed") + putReply("same.txt", "same") + doneReply +
		`{"expect": {"messages": 5, "user": "instead"}, "text": "ok"}` + "\n"
	ts := newSession(t, map[string]string{"tools/put.lua": putTool, "turns.jsonl": turns, "a.txt": "a0", "same.txt": "same"})
	script := filepath.Join(ts.dir, "run.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	ts.prompt("first")
	ts.prompt("second")
	ts.noProblems()
	turnsNow := ts.UserTurns()
	if len(turnsNow) != 2 || turnsNow[0].Text != "first" || turnsNow[0].Files != 1 || turnsNow[1].Files != 1 {
		t.Fatalf("turns %+v", turnsNow)
	}
	res, err := ts.Rewind(context.Background(), 1, "")
	if err != nil {
		t.Fatal(err)
	}
	if res.Turns != 1 || res.Text != "second" || !res.Conversation || len(res.Restored) != 1 || res.Restored[0] != script || len(res.Removed) != 0 {
		t.Fatalf("result %+v", res)
	}
	if readFile(t, script) != "#!/bin/sh" || readFile(t, filepath.Join(ts.dir, "a.txt")) != "one" {
		t.Errorf("files: run.sh %q, a.txt %q", readFile(t, script), readFile(t, filepath.Join(ts.dir, "a.txt")))
	}
	if fi, err := os.Stat(script); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("run.sh mode %v %v", fi.Mode(), err)
	}
	if n := ts.Agent().Conversation().Len(); n != 4 {
		t.Errorf("%d messages kept, want the first turn's 4", n)
	}
	if r := ts.prompt("instead"); r.Text != "ok" {
		t.Fatalf("result %+v", r)
	}
}

// TestRewindConversationOnly leaves the files as they are.
func TestRewindConversationOnly(t *testing.T) {
	ts := newSession(t, map[string]string{"tools/put.lua": putTool, "turns.jsonl": putReply("a.txt", "one") + doneReply, "a.txt": "a0"})
	ts.prompt("first")
	res, err := ts.Rewind(context.Background(), 1, RestoreConversation)
	if err != nil {
		t.Fatal(err)
	}
	if readFile(t, filepath.Join(ts.dir, "a.txt")) != "one" || len(res.Restored) != 0 || !res.Conversation {
		t.Errorf("result %+v, a.txt %q", res, readFile(t, filepath.Join(ts.dir, "a.txt")))
	}
	if n := ts.Agent().Conversation().Len(); n != 0 {
		t.Errorf("%d messages left", n)
	}
}

// TestToolPath: paths resolve as the standard tools resolve them.
func TestToolPath(t *testing.T) {
	s := &Session{setup: &discover.Setup{Home: "/home/u"}, cwd: "/proj"}
	for in, want := range map[string]string{
		"a/b.txt":     "/proj/a/b.txt",
		"/etc/x":      "/etc/x",
		"~":           "/home/u",
		"~/notes.md":  "/home/u/notes.md",
		"~other/x":    "/proj/~other/x",
		"a/../c":      "/proj/c",
		"./d/":        "/proj/d",
		"~/../w":      "/home/w",
		"/abs/../abs": "/abs",
	} {
		if got := s.toolPath(in); got != filepath.FromSlash(want) {
			t.Errorf("toolPath(%q) = %q, want %q", in, got, want)
		}
	}
	nohome := &Session{setup: &discover.Setup{}, cwd: "/proj"}
	if got := nohome.toolPath("~/x"); got != "/proj/~/x" {
		t.Errorf("without a home: %q", got)
	}
}

// TestRewindKeepsWhatItCannotRead: a file the turn wrote that can no
// longer be read for another reason than being gone (here a folder now
// stands at its path) is listed in Kept with the reason, not skipped in
// silence, and is left alone.
func TestRewindKeepsWhatItCannotRead(t *testing.T) {
	ts := newSession(t, map[string]string{"tools/put.lua": putTool, "turns.jsonl": putReply("a.txt", "one") + doneReply, "a.txt": "a0"})
	ts.prompt("change it")
	a := filepath.Join(ts.dir, "a.txt")
	if readFile(t, a) != "one" {
		t.Fatalf("the tool did not write: %q", readFile(t, a))
	}
	if err := os.Remove(a); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(a, 0o755); err != nil {
		t.Fatal(err)
	}
	res, err := ts.Rewind(context.Background(), 1, RestoreCode)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Kept) != 1 || !strings.HasPrefix(res.Kept[0], a+": ") || len(res.Restored)+len(res.Removed) != 0 {
		t.Fatalf("result %+v, want a.txt kept with why", res)
	}
	if fi, err := os.Stat(a); err != nil || !fi.IsDir() {
		t.Errorf("the folder at a.txt was touched: %v", err)
	}
}

// delTool removes a file, declaring the write effect and its path
// field, so its change is a checkpoint like a write's.
const delTool = `local panto = require("panto")
return { name = "del", description = "remove a file", effects = { "write" }, path_field = "path",
  schema = { type = "object", properties = { path = { type = "string" } } },
  handler = function(args)
    local root = panto.ext.dirs.project_root or "."
    assert(os.remove(root .. "/" .. args.path))
    return "removed " .. args.path
  end }`

// TestRewindRecreatesTheFolder: a file a tool removed, whose folder was
// removed afterwards (a shell command emptying it), comes back in a
// folder made again with the usual rwxr-xr-x (less the umask), as
// os.Mkdir(…, 0o755) would make it.
func TestRewindRecreatesTheFolder(t *testing.T) {
	turns := `{"events": [{"tool_call": {"id": "c1", "name": "del", "input": {"path": "sub/a.txt"}}}]}` + "\n" + doneReply
	ts := newSession(t, map[string]string{"tools/del.lua": delTool, "turns.jsonl": turns, "sub/a.txt": "a0"})
	ts.prompt("remove it")
	ts.noProblems()
	sub := filepath.Join(ts.dir, "sub")
	if err := os.Remove(sub); err != nil {
		t.Fatalf("the tool did not remove sub/a.txt: %v", err)
	}
	res, err := ts.Rewind(context.Background(), 1, RestoreCode)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(sub, "a.txt")); got != "a0" || len(res.Restored) != 1 {
		t.Fatalf("sub/a.txt %q, result %+v", got, res)
	}
	ref := filepath.Join(t.TempDir(), "ref")
	if err := os.Mkdir(ref, 0o755); err != nil {
		t.Fatal(err)
	}
	want, err := os.Stat(ref)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.Stat(sub)
	if err != nil {
		t.Fatal(err)
	}
	if got.Mode() != want.Mode() {
		t.Errorf("the folder's mode %v, want %v", got.Mode(), want.Mode())
	}
}
