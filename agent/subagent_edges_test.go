package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSubagentToolListDeduplicated: a definition naming a tool twice
// (once by Claude Code's name, once by panto's) and a tool no extension
// provides gives its subagent each known tool once: a provider rejects
// a request that offers one tool name twice, and an unknown name is no
// tool at all. The refusal of a tool the subagent lacks lists what it
// has.
func TestSubagentToolListDeduplicated(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/reg.lua": `
local panto = require("panto")
return { name = "reg", activate = function()
  panto.register_subagent { name = "lister", description = "lists", prompt = "You list folders.",
    tools = { "LS", "ls", "NoSuchTool", "Read" } }
end }`,
		"turns.jsonl": strings.Join([]string{
			`{"events": [` + taskCall("t1", "lister", "list") + `]}`,
			`{"expect": {"system": "You list folders.", "tools": ["ls", "read"]}, "events": [{"tool_call": {"id": "w", "name": "write", "input": {"path": "x.txt", "content": "x"}}}]}`,
			`{"expect": {"tool_result": "unknown tool 'write' (available: ls, read)"}, "text": "listed"}`,
			`{"expect": {"tool_result": "listed"}, "text": "done"}`,
		}, "\n"),
	}, withStd)
	ts.noProblems()
	if res := ts.prompt("go"); res.Status != "completed" || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
}

// TestSubagentFiresNoHostEvents: a subagent's turn is not the user's,
// so the extensions' handlers of host events (user_message,
// tool_result) do not see or rewrite it, while the session agent's turn
// around it fires them as usual.
func TestSubagentFiresNoHostEvents(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/rewrite.lua": `local panto = require("panto")
return { name = "rewrite", activate = function()
  panto.ext.on("user_message", function(e) e.text = e.text:upper() end)
  panto.ext.on("tool_result", function(e) e.output = e.output .. " (seen)" end)
end }`,
		"a.txt": "x",
		"turns.jsonl": strings.Join([]string{
			`{"expect": {"user": "GO"}, "events": [` + taskCall("t1", "explore", "find the answer") + `]}`,
			`{"expect": {"user": "find the answer"}, "events": [{"tool_call": {"id": "l", "name": "ls", "input": {}}}]}`,
			`{"expect": {"tool_result": "a.txt"}, "text": "the answer is 42"}`,
			`{"expect": {"tool_result": "(seen)"}, "text": "done"}`,
		}, "\n"),
	}, withStd)
	res := ts.prompt("go")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
	evs := ts.subagentEvents()
	if len(evs) == 0 || evs[len(evs)-1].Type != "subagent_end" {
		t.Fatalf("subagent events %v", evs)
	}
	end := evs[len(evs)-1].Fields
	if end["status"] != "completed" {
		t.Fatalf("subagent end %v", end)
	}
	// The subagent's transcript keeps its tool's result as the tool gave
	// it.
	files, _ := filepath.Glob(filepath.Join(sessionsDir(ts), "subagents", "*"))
	if len(files) != 1 {
		t.Fatalf("subagent transcripts %v", files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "a.txt") || strings.Contains(string(data), "(seen)") {
		t.Errorf("the subagent's transcript:\n%s", data)
	}
	for _, e := range ts.eventsOf("user_message") {
		if e.Fields["text"] != "GO" {
			t.Errorf("a user_message event for %v", e.Fields["text"])
		}
	}
}

// TestSubagentWithoutSessionFiles: with --no-session a subagent runs
// and answers, and its result links no transcript (none was kept).
func TestSubagentWithoutSessionFiles(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": strings.Join([]string{
			`{"events": [` + taskCall("t1", "explore", "find the answer") + `]}`,
			`{"expect": {"user": "find the answer"}, "text": "the answer is 42"}`,
			`{"expect": {"tool_result": "the answer is 42"}, "text": "done"}`,
		}, "\n"),
	}, withStd, func(o *Options) { o.NoSession = true })
	res := ts.prompt("go")
	if res.Status != "completed" || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
	for _, m := range toolResults(ts.Agent().Conversation()) {
		if m.ToolCallID == "t1" && strings.Contains(m.Text(), "transcript") {
			t.Errorf("the result names a transcript: %q", m.Text())
		}
	}
}
