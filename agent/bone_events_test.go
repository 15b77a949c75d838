package agent

import (
	"strconv"
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
    note("before_turn " .. #ctx.conversation.history() .. " " .. e.messages[#e.messages].role .. " " .. type(e.system_prompt))
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
		"before_turn 1 user string",
		"tool_call probe read_only p0",
		"tool_call read read_only r0",
		"tool_result probe false",
		"tool_result read true",
		"before_turn 4 tool string",
		"message assistant",
		"turn_end true",
		"token_usage true",
	}
	if out != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", out, strings.Join(want, "\n"))
	}
}

// TestBoneBeforeTurnFaults: a before_turn handler that fails or returns
// a malformed action is reported, and the request goes out as panto
// built it; a conversation_replace may carry tool calls and results.
func TestBoneBeforeTurnFaults(t *testing.T) {
	init := probeTool + `
local n = 0
bone.on("before_turn", function(e, ctx)
    n = n + 1
    if n == 1 then error("boom") end
    if n == 2 then return { action = "system_prompt_append", text = 42 } end
    if n == 3 then return { action = "tool_filter", tools = "probe" } end
    if n == 4 then return { conversation_replace = {
        { role = "user", content = "replaced question" },
        { role = "assistant", blocks = { { type = "tool_call", id = "c9", name = "probe", input = { code = "return 1" } } } },
        { role = "tool", tool_call_id = "c9", tool_name = "probe", content = "replaced result", is_error = true },
    } } end
    if n == 5 then return { conversation_replace = { { role = "robot", content = "x" } } } end
    if n == 6 then return { conversation_replace = { { role = "tool", content = "orphan" } } } end
    if n == 7 then return { conversation_replace = { "not a message" } } end
end)
`
	call := func(i int, expect string) string {
		return `{` + expect + `"events": [{"tool_call": {"id": "p` + strconv.Itoa(i) + `", "name": "probe", "input": {"code": "return 'x'"}}}]}` + "\n"
	}
	turns := call(0, `"expect": {"messages": 1}, `) + call(1, "") + call(2, `"expect": {"tools": ["probe", "read"]}, `) +
		call(3, `"expect": {"messages": 3, "tool_result": "replaced result", "user": "replaced question"}, `) +
		// The last request is panto's own: the prompt and six calls with
		// their results.
		call(4, "") + call(5, "") + `{"expect": {"messages": 13}, "events": [{"text": "done"}]}` + "\n"
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("go"); res.Err != nil || res.Text != "done" {
		t.Fatalf("%+v\nnotices %v", res, ts.allNotices())
	}
	for _, want := range []string{
		"before_turn handler failed: ",
		"before_turn: system_prompt_append must be a string, got number",
		"before_turn: tool_filter must be an array of tool names, got string",
		"before_turn: message 1: role must be user, assistant, system or tool, got \"robot\"",
		"before_turn: message 1: a tool message needs tool_call_id",
		"before_turn: message 1 must be a table",
	} {
		if !ts.hasNotice(want) {
			t.Errorf("no notice %q: %q", want, ts.allNotices())
		}
	}
	if !ts.hasNotice("boom") {
		t.Errorf("the failure's notice does not say why: %q", ts.allNotices())
	}
}

// TestBoneFSInHooks: bone's ctx.fs calls, ctx.read_file and
// bone.plugin.list are synchronous, as in bone, so event hooks (which
// panto runs as synchronous entrypoints) can call them.
func TestBoneFSInHooks(t *testing.T) {
	init := `
bone.on("before_turn", function(e, ctx)
    local names = {}
    for _, d in ipairs(ctx.fs.read_dir(".")) do names[#names + 1] = d.name end
    local plugins = {}
    for name in pairs(bone.plugin.list()) do plugins[#plugins + 1] = name end
    return { system_prompt_append = table.concat({ tostring(ctx.fs.exists("words.txt")), tostring(ctx.fs.is_dir("words.txt")),
        ctx.read_file("words.txt"), tostring(ctx.fs.metadata("words.txt").len), table.concat(names, ","), table.concat(plugins, ",") }, "|") }
end)
`
	turns := `{"expect": {"system": "true|false|two words|9|config.toml,turns.jsonl,words.txt|mine"}, "events": [{"text": "ok"}]}` + "\n"
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns, "words.txt": "two words"},
		map[string]string{".bone-rust/init.lua": init, ".bone-rust/lua/plugins/mine/init.lua": "-- a plugin\n"})
	if res := ts.prompt("go"); res.Err != nil || res.Text != "ok" {
		t.Fatalf("%+v\nnotices %v", res, ts.allNotices())
	}
}
