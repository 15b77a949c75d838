package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUndo: /undo puts back the file the last turn's write tool
// changed, takes the turn out of the conversation and returns its
// message to the editor.
func TestUndo(t *testing.T) {
	u := startUI(t, map[string]string{
		"notes.txt": "before",
		"tools/put.lua": `local panto = require("panto")
return { name = "put", description = "Write notes.", effects = { "write" }, path_field = "path",
  schema = { type = "object", properties = { path = { type = "string" } } },
  handler = function(args)
    local f = assert(io.open((panto.ext.dirs.project_root or ".") .. "/" .. args.path, "w"))
    f:write("after")
    f:close()
    return "written"
  end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "put", "input": {"path": "notes.txt"}}}]}` + "\n" + `{"text": "all done"}` + "\n",
	}, 100)
	u.waitFor("Ask, or type")
	u.typ("change the notes\r")
	u.waitFor("all done")
	u.waitForGone("esc to cancel")
	path := filepath.Join(u.s.Host().Session().Directory, "notes.txt")
	if data, _ := os.ReadFile(path); string(data) != "after" {
		t.Fatalf("the tool did not write %s: %q\n%s", path, data, u.term.text())
	}
	u.typ("/undo\r")
	got := u.waitFor("files: 1 restored")
	if data, _ := os.ReadFile(path); string(data) != "before" {
		t.Fatalf("/undo left %q", data)
	}
	got = got[strings.LastIndex(got, "rewound 1 turn"):]
	if strings.Contains(got, "all done") {
		t.Errorf("the rewound turn is still shown:\n%s", got)
	}
}
