package app

import (
	"strings"
	"testing"

	"panto/agent"
	"panto/stdext"
)

func withStdTools(o *agent.Options) { o.Setup.AddBase(stdext.FS(), "") }

// waitTool blocks until its call is cancelled.
const waitTool = `return { name = "block", description = "wait", effects = {}, schema = { type = "object" },
  handler = function()
    local uv = require("luv")
    local co = coroutine.running()
    local t = uv.new_timer()
    t:start(3600000, 0, function() t:close(); coroutine.resume(co) end)
    coroutine.yield()
    return "woke"
  end }`

// TestSubagentNestedAndCancelled: a running subagent is drawn under its
// task call with the tool it runs and its count, and Esc cancels it with
// the turn, after which the line is gone.
func TestSubagentNestedAndCancelled(t *testing.T) {
	u := startUI(t, map[string]string{
		"tools/block.lua": waitTool,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "t1", "name": "task", "input": {"description": "wait a bit", "prompt": "wait", "subagent_type": "general-purpose"}}}]}
{"events": [{"tool_call": {"id": "b1", "name": "block", "input": {}}}]}
`,
	}, 100, withStdTools)
	u.waitFor("Ask, or type")
	u.typ("delegate\r")
	got := u.waitFor("⎿ general-purpose: block · 1 tool use · ")
	if !strings.Contains(got, "● task general-purpose: wait a bit") {
		t.Errorf("the task call's header is missing:\n%s", got)
	}
	u.typ("\x1b")
	u.waitFor("cancelled")
	u.waitForGone("⎿ general-purpose:")
	u.waitForGone("esc to cancel")
}

// TestTodoPanelAndAgentsCommand: the todo tool's list is drawn above the
// editor (the item in progress by its active form), and /agents lists the
// definitions with their layers.
func TestTodoPanelAndAgentsCommand(t *testing.T) {
	u := startUI(t, map[string]string{
		"agents/reviewer.md": "---\nname: reviewer\ndescription: Reviews changes.\ntools: Read, Grep\n---\nReview.",
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "todo", "input": {"todos": [{"content": "Read the code", "status": "completed"}, {"content": "Fix the bug", "status": "in_progress", "activeForm": "Fixing the bug"}, {"content": "Run the tests", "status": "pending"}]}}}]}
{"text": "planned"}
`,
	}, 100, withStdTools)
	u.waitFor("Ask, or type")
	u.typ("plan\r")
	u.waitFor("planned")
	got := u.waitFor("Todo 1/3")
	for _, want := range []string{"✔ Read the code", "◼ Fixing the bug", "☐ Run the tests"} {
		if !strings.Contains(got, want) {
			t.Errorf("the todo panel lacks %q:\n%s", want, got)
		}
	}
	// The panel sits above the editor: its last row comes before the
	// prompt's.
	if i, j := strings.LastIndex(got, "☐ Run the tests"), strings.LastIndex(got, "› "); i < 0 || j < i {
		t.Errorf("the panel is not above the editor:\n%s", got)
	}
	u.waitForGone("esc to cancel")
	u.typ("/agents\r")
	got = u.waitFor("reviewer [")
	for _, want := range []string{"explore [builtin] tools: read, grep, find, ls", "general-purpose [builtin] all tools", "tools: Read, Grep", "Reviews changes."} {
		if !strings.Contains(got, want) {
			t.Errorf("/agents lacks %q:\n%s", want, got)
		}
	}
}
