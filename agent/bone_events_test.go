package agent

import (
	"strings"
	"testing"

	"panto/permission"
)

// TestBoneEvents: every bone event fires from panto's, with bone's
// payload, and before_turn's actions change the request they return
// for.
func TestBoneEvents(t *testing.T) {
	init := probeTool + `
local seen = {}
local function note(s) seen[#seen + 1] = s ctx_state_set(seen) end
function ctx_state_set(v) _G.__bone_seen = v end
bone.on("session_start", function(e, ctx) note("session_start") end)
bone.on("turn_start", function(e, ctx) note("turn_start " .. e.turn) end)
bone.on("turn_end", function(e, ctx) note("turn_end " .. tostring(e.ok)) end)
bone.on("message", function(e, ctx) note("message " .. e.role) end)
bone.on("token_usage", function(e, ctx) note("token_usage " .. tostring(e.input_tokens ~= nil)) end)
bone.on("tool_call", function(e, ctx) note("tool_call " .. e.name .. " " .. e.safety .. " " .. e.call_id) end)
bone.on("tool_result", function(e, ctx) note("tool_result " .. e.name .. " " .. tostring(e.is_error)) end)
local requests = 0
bone.on("before_turn", function(e, ctx)
    requests = requests + 1
    note("before_turn " .. #ctx.conversation.history() .. " " .. e.messages[#e.messages].role)
    if requests == 1 then
        return { action = "tool_filter", tools = { "probe" } }
    elseif requests == 2 then
        return { system_prompt_append = "APPENDED", conversation_replace = { { role = "user", content = "REPLACED" } } }
    end
end)
bone.register_command("seen", function(args, ctx)
    return { display = table.concat(_G.__bone_seen or {}, "\n"), submit = false }
end)
`
	turns := `{"expect": {"tools": ["probe"], "messages": 1}, "events": [{"tool_call": {"id": "p0", "name": "probe", "input": {"code": "return 'x'"}}}, {"tool_call": {"id": "r0", "name": "read", "input": {"path": "x"}}}]}
{"expect": {"system": "APPENDED", "messages": 1, "user": "REPLACED"}, "events": [{"text": "answer"}]}
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init},
		bonePolicy(t, permission.Default, nil, nil))
	res := ts.prompt("go")
	if res.Err != nil || res.Text != "answer" {
		t.Fatalf("turn: %+v\nnotices %v", res, ts.allNotices())
	}
	if got, isErr := resultOf(t, ts, "r0"); !isErr || !strings.Contains(got, "not offered") {
		t.Errorf("a filtered-out tool ran: %q", got)
	}
	out, err := ts.command("/seen")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"session_start",
		"message user",
		"turn_start 1",
		"before_turn 1 user",
		"tool_call probe read_only p0",
		"tool_call read read_only r0",
		"tool_result probe false",
		"tool_result read true",
		"before_turn 4 tool",
		"message assistant",
		"turn_end true",
		"token_usage true",
	}
	if out != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", out, strings.Join(want, "\n"))
	}
}
