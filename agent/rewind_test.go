package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// putTool writes a file, as the standard write tool does: it declares
// the write effect and its path field, which is what checkpoints key on.
const putTool = `local panto = require("panto")
return { name = "put", description = "write a file", effects = { "write" }, path_field = "path",
  schema = { type = "object", properties = { path = { type = "string" }, text = { type = "string" } } },
  handler = function(args)
    local root = panto.ext.dirs.project_root or "."
    local f = assert(io.open(root .. "/" .. args.path, "w"))
    f:write(args.text)
    f:close()
    return "wrote " .. args.path
  end }`

// putReply is a scripted reply calling put.
func putReply(path, text string) string {
	return `{"events": [{"tool_call": {"id": "c-` + path + text + `", "name": "put", "input": {"path": "` + path + `", "text": "` + text + `"}}}]}` + "\n"
}

const doneReply = `{"text": "done"}` + "\n"

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(data)
}

// TestRewindAcrossResume: two turns change a file that existed and
// create one; after a resume in a new session object, rewinding both
// turns restores the first file, removes the created one, and moves the
// conversation back.
func TestRewindAcrossResume(t *testing.T) {
	turns := putReply("a.txt", "one") + doneReply + putReply("a.txt", "two") + putReply("new.txt", "created") + doneReply +
		`{"expect": {"messages": 1, "user": "again"}, "text": "fresh start"}` + "\n"
	ts := newSession(t, map[string]string{"tools/put.lua": putTool, "turns.jsonl": turns, "a.txt": "original"})
	a, created := filepath.Join(ts.dir, "a.txt"), filepath.Join(ts.dir, "new.txt")
	ts.prompt("first")
	ts.prompt("second, two changes")
	ts.noProblems()
	if readFile(t, a) != "two" || readFile(t, created) != "created" {
		t.Fatalf("the tools did not write: %q %q", readFile(t, a), readFile(t, created))
	}
	id := ts.ID()
	ctx := context.Background()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ts.Resume(ctx, id); err != nil {
		t.Fatal(err)
	}
	if got := ts.UserTurns(); len(got) != 2 || got[0].Files != 1 || got[1].Files != 2 {
		t.Fatalf("turns after resume: %+v", got)
	}
	res, err := ts.Rewind(ctx, 2, RestoreBoth)
	if err != nil {
		t.Fatal(err)
	}
	if readFile(t, a) != "original" || !strings.HasPrefix(readFile(t, created), "<") {
		t.Fatalf("files after rewind: %q %q (%+v)", readFile(t, a), readFile(t, created), res)
	}
	if len(res.Restored) != 1 || len(res.Removed) != 1 || len(res.Kept) != 0 || !res.Conversation || res.Text != "first" {
		t.Fatalf("result %+v", res)
	}
	if n := ts.Agent().Conversation().Len(); n != 0 {
		t.Fatalf("%d messages left after rewinding every turn", n)
	}
	if r := ts.prompt("again"); r.Text != "fresh start" {
		t.Fatalf("the next turn: %+v", r)
	}
}

// TestRewindKeepsHandChanges: a file changed by hand after the tool's
// change is not overwritten, and the result says so; the other files
// are restored; code-only leaves the conversation alone.
func TestRewindKeepsHandChanges(t *testing.T) {
	turns := `{"events": [{"tool_call": {"id": "c1", "name": "put", "input": {"path": "a.txt", "text": "tool a"}}}, {"tool_call": {"id": "c2", "name": "put", "input": {"path": "b.txt", "text": "tool b"}}}]}` + "\n" +
		`{"text": "done"}` + "\n"
	ts := newSession(t, map[string]string{"tools/put.lua": putTool, "turns.jsonl": turns, "a.txt": "a0", "b.txt": "b0"})
	ts.prompt("change both")
	a, b := filepath.Join(ts.dir, "a.txt"), filepath.Join(ts.dir, "b.txt")
	os.WriteFile(b, []byte("by hand"), 0o644)
	res, err := ts.Rewind(context.Background(), 1, RestoreCode)
	if err != nil {
		t.Fatal(err)
	}
	if readFile(t, a) != "a0" || readFile(t, b) != "by hand" {
		t.Fatalf("a %q b %q", readFile(t, a), readFile(t, b))
	}
	if len(res.Kept) != 1 || !strings.Contains(res.Kept[0], "b.txt: changed since put changed it") || res.Conversation {
		t.Fatalf("result %+v", res)
	}
	if n := ts.Agent().Conversation().Len(); n != 5 {
		t.Fatalf("code-only rewind changed the conversation: %d messages", n)
	}
	// A second rewind finds a as it was and b still changed.
	res, _ = ts.Rewind(context.Background(), 1, RestoreCode)
	if len(res.Restored) != 0 || len(res.Kept) != 1 {
		t.Fatalf("second rewind %+v", res)
	}
}

func TestRewindErrors(t *testing.T) {
	ts := newSession(t, map[string]string{"turns.jsonl": `{"text": "hi"}` + "\n"})
	ctx := context.Background()
	ts.prompt("one")
	for _, c := range []struct {
		turns   int
		restore string
		want    string
	}{
		{2, RestoreBoth, "cannot rewind 2 turns: the conversation has 1 user messages"},
		{0, RestoreBoth, "cannot rewind 0 turns"},
		{1, "files", `restore "files" is not one of code, conversation, both`},
	} {
		if _, err := ts.Rewind(ctx, c.turns, c.restore); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Rewind(%d, %q): %v, want %q", c.turns, c.restore, err, c.want)
		}
	}
}
