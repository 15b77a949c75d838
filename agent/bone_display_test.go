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

// TestBoneDisplayEager: a tool whose display is eager fills its template
// while the arguments stream in, with what has arrived; without eager
// the template waits for the whole input and the header is the name.
func TestBoneDisplayEager(t *testing.T) {
	init := `
for _, spec in ipairs({ { "eager", true }, { "lazy", false } }) do
    bone.register_tool({ name = spec[1], description = spec[1], safety = "read_only",
        display = { template = "Reading {path} ({mode})", eager = spec[2] },
        parameters = { type = "object", properties = { path = { type = "string" }, mode = { type = "string" } } },
        execute = function(p) return "read " .. p.path end })
end
`
	chunks := `["{\"path\": \"src/ma", "in.go\", \"mo", "de\": \"fast\"}"]`
	turns := `{"events": [{"tool_call": {"id": "e1", "name": "eager", "arguments": ` + chunks + `}}, {"tool_call": {"id": "l1", "name": "lazy", "arguments": ` + chunks + `}}]}
{"events": [{"text": "ok"}]}
`
	headers := map[string][]string{}
	header := func(e Event) string {
		rows := e.Call.Block.Render(context.Background(), 80)
		if len(rows) == 0 {
			return ""
		}
		return strings.TrimRight(sgr.ReplaceAllString(rows[0], ""), " ")
	}
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init}, func(o *Options) {
		seen := o.OnEvent
		o.OnEvent = func(e Event) {
			seen(e)
			if (e.Type == "tool_delta" || e.Type == "tool_result") && e.Call != nil {
				id, _ := e.Fields["id"].(string)
				headers[id] = append(headers[id], header(e))
			}
		}
	})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	want := map[string]string{
		"e1": "● Reading src/ma ()|● Reading src/main.go ()|● Reading src/main.go (fast)|● Reading src/main.go (fast)",
		"l1": "● lazy|● lazy|● lazy|● Reading src/main.go (fast)",
	}
	for id, w := range want {
		if got := strings.Join(headers[id], "|"); got != w {
			t.Errorf("%s's header as the arguments streamed, then at its result:\n got %s\nwant %s", id, got, w)
		}
	}
}
