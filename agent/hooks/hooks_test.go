package hooks

import (
	"reflect"
	"testing"
)

func TestCombine(t *testing.T) {
	no := false
	out := func(o Output) *Output { return &o }
	spec := func(decision, reason, ctx string) *Output {
		o := &Output{}
		o.Specific = &struct {
			HookEventName            string         `json:"hookEventName"`
			PermissionDecision       string         `json:"permissionDecision"`
			PermissionDecisionReason string         `json:"permissionDecisionReason"`
			AdditionalContext        string         `json:"additionalContext"`
			UpdatedInput             map[string]any `json:"updatedInput"`
		}{PermissionDecision: decision, PermissionDecisionReason: reason, AdditionalContext: ctx}
		return o
	}
	cases := []struct {
		name    string
		event   string
		results []Result
		perm    string
		block   bool
		reason  string
		context []string
		stop    bool
		msgs    int
	}{
		{"exit 2 denies a tool call", "PreToolUse", []Result{{ExitCode: 2, Stderr: "nope\n"}}, "deny", true, "nope", nil, false, 0},
		{"deny beats allow", "PreToolUse", []Result{{Output: spec("allow", "fine", "")}, {Output: spec("deny", "frozen", "")}}, "deny", true, "frozen", nil, false, 0},
		{"ask beats allow", "PreToolUse", []Result{{Output: spec("ask", "check", "")}, {Output: spec("allow", "fine", "")}}, "ask", false, "", nil, false, 0},
		{"older approve", "PreToolUse", []Result{{Output: out(Output{Decision: "approve"})}}, "allow", false, "", nil, false, 0},
		{"plain stdout is prompt context", "UserPromptSubmit", []Result{{Stdout: "rule\n"}}, "", false, "", []string{"rule"}, false, 0},
		{"plain stdout is not tool context", "PostToolUse", []Result{{Stdout: "rule\n"}}, "", false, "", nil, false, 0},
		{"additionalContext", "SessionStart", []Result{{Output: spec("", "", "ctx")}}, "", false, "", []string{"ctx"}, false, 0},
		{"block decision", "Stop", []Result{{Output: out(Output{Decision: "block", Reason: "go on"})}}, "", true, "go on", nil, false, 0},
		{"continue false", "Stop", []Result{{Output: out(Output{Continue: &no, StopReason: "enough"})}}, "", false, "", nil, true, 0},
		{"other exit codes only tell the user", "PreToolUse", []Result{{ExitCode: 1, Stderr: "oops"}}, "", false, "", nil, false, 1},
		{"bad JSON tells the user", "PreToolUse", []Result{{BadJSON: "x"}}, "", false, "", nil, false, 1},
		{"system message", "Stop", []Result{{Output: out(Output{SystemMessage: "hi"})}}, "", false, "", nil, false, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := combine(c.event, c.results)
			if o.Permission != c.perm || o.Block != c.block || o.Reason != c.reason || !reflect.DeepEqual(o.Context, c.context) || o.Stop != c.stop || len(o.Messages) != c.msgs {
				t.Errorf("got permission %q block %v reason %q context %q stop %v messages %q", o.Permission, o.Block, o.Reason, o.Context, o.Stop, o.Messages)
			}
		})
	}
}

func TestClaudeInput(t *testing.T) {
	got := ClaudeInput("edit", map[string]any{"path": "a.go", "old_string": "x"}, "/p")
	if !reflect.DeepEqual(got, map[string]any{"file_path": "/p/a.go", "old_string": "x"}) {
		t.Errorf("edit %v", got)
	}
	got = ClaudeInput("shell", map[string]any{"command": "ls", "timeout_ms": 5}, "/p")
	if !reflect.DeepEqual(got, map[string]any{"command": "ls", "timeout": 5}) {
		t.Errorf("shell %v", got)
	}
	if back := PantoInput("shell", got); !reflect.DeepEqual(back, map[string]any{"command": "ls", "timeout_ms": 5}) {
		t.Errorf("back %v", back)
	}
	got = ClaudeInput("mcp__gh__issue", map[string]any{"path": "x"}, "/p")
	if !reflect.DeepEqual(got, map[string]any{"path": "x"}) {
		t.Errorf("mcp %v", got)
	}
	if ClaudeName("shell") != "Bash" || ClaudeName("mine") != "mine" {
		t.Error("names")
	}
	if ts := Targets("edit"); !reflect.DeepEqual(ts, []string{"Edit", "MultiEdit", "edit"}) {
		t.Errorf("targets %v", ts)
	}
}
