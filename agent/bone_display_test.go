package agent

import (
	"context"
	"strings"
	"testing"

	"regexp"
)

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// TestBoneDisplay renders the blocks of bone tools: display's template,
// args, show and show_result, and panes from ctx.ui.pane and a result.
func TestBoneDisplay(t *testing.T) {
	init := `
local function tool(name, display, execute)
    bone.register_tool({ name = name, description = name, safety = "read_only", display = display,
        parameters = { type = "object", properties = { path = { type = "string" } } }, execute = execute })
end
tool("templ", { template = "Reading {path} now" }, function(p) return "line one\nline two" end)
tool("argsonly", { args = { "path" }, show_result = false }, function(p) return "hidden output" end)
tool("hidden", { show = false }, function(p) return "x" end)
tool("live", nil, function(p, ctx) ctx.ui.pane({ title = "progress", lines = { "50%" } }) return "done" end)
tool("paned", nil, function(p) return { content = "c", pane = "final pane" } end)
tool("plain", nil, function(p) return "plain output" end)
`
	var calls []string
	for _, n := range []string{"templ", "argsonly", "hidden", "live", "paned", "plain"} {
		calls = append(calls, `{"tool_call": {"id": "`+n+`", "name": "`+n+`", "input": {"path": "a.txt"}}}`)
	}
	turns := `{"events": [` + strings.Join(calls, ", ") + `]}` + "\n" + `{"events": [{"text": "ok"}]}` + "\n"
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	rendered := map[string]string{}
	ts.mu.Lock()
	events := append([]Event(nil), ts.events...)
	ts.mu.Unlock()
	for _, e := range events {
		if e.Type == "tool_result" && e.Call != nil {
			var rows []string
			for _, l := range e.Call.Block.Render(context.Background(), 60) {
				rows = append(rows, strings.TrimRight(sgr.ReplaceAllString(l, ""), " "))
			}
			rendered[e.Call.ID] = strings.TrimRight(strings.Join(rows, "\n"), "\n")
		}
	}
	for id, want := range map[string]string{
		"templ":    "● Reading a.txt now\n  line one\n  line two",
		"argsonly": "● argsonly path=a.txt",
		"hidden":   "",
		"live":     "● live\nprogress\n50%",
		"paned":    "● paned\nfinal pane",
	} {
		if rendered[id] != want {
			t.Errorf("%s rendered %q, want %q", id, rendered[id], want)
		}
	}
	if !strings.Contains(rendered["plain"], "plain output") {
		t.Errorf("a tool without display lost the default block: %q", rendered["plain"])
	}
}
