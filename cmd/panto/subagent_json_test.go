package main

import (
	"strings"
	"testing"
)

// TestJSONModeSubagentAndTodoEvents: --mode json prints the todo tool's
// list as a todo event and a subagent's progress as subagent_start,
// subagent_tool and subagent_end lines, before the calls' results; with
// --no-session no transcript is named.
func TestJSONModeSubagentAndTodoEvents(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "todo", "input": {"todos": [{"content": "Look", "status": "in_progress"}]}}}, {"tool_call": {"id": "t1", "name": "task", "input": {"description": "look around", "prompt": "list the folder", "subagent_type": "explore"}}}]}
{"expect": {"user": "list the folder"}, "events": [{"tool_call": {"id": "l1", "name": "ls", "input": {}}}]}
{"text": "found turns.jsonl"}
{"text": "done"}
`,
	})
	code, out, errOut := runCLI(t, "run", dir, "--mode", "json", "--prompt", "go", "--no-session")
	if code != 0 {
		t.Fatalf("exit %d err %q", code, errOut)
	}
	var order []string
	for _, line := range strings.Split(out, "\n") {
		for _, typ := range []string{"todo", "subagent_start", "subagent_tool", "subagent_end", "tool_result"} {
			if strings.Contains(line, `"type":"`+typ+`"`) {
				order = append(order, typ)
			}
		}
		if strings.Contains(line, `"type":"todo"`) && !strings.Contains(line, `"todos":[{"content":"Look","status":"in_progress"}]`) {
			t.Errorf("todo event %s", line)
		}
		if strings.Contains(line, `"type":"subagent_tool"`) && !strings.Contains(line, `"tool_name":"ls"`) {
			t.Errorf("subagent_tool event %s", line)
		}
	}
	if strings.Contains(out, "transcript ") || strings.Contains(out, `"session_id"`) {
		t.Errorf("--no-session names a transcript:\n%s", out)
	}
	got := strings.Join(order, " ")
	if want := "todo subagent_start subagent_tool subagent_tool subagent_end tool_result tool_result"; got != want {
		t.Errorf("events %s, want %s\n%s", got, want, out)
	}
}
