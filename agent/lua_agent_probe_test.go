package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// probeExtension is an extension whose /probe command runs one named Lua
// function of the global table probes (under pcall) and returns "ok: "
// and its result or "error: " and the error, so one session answers a
// table of cases about the native API.
const probeExtension = `local panto = require("panto")
return { name = "probe", activate = function()
  panto.ext.register_command { name = "probe", description = "d", handler = function(args)
    local name, dir = args:match("^(%S+)%s*(.*)$")
    local f = assert(probes[name], "no probe " .. tostring(name))
    local ok, v = pcall(f, dir)
    if ok then return "ok: " .. tostring(v) end
    return "error: " .. tostring(v)
  end }
end }`

// probeCase is one probe and what its answer must hold: every string
// of want, in order.
type probeCase struct {
	name string
	want []string
}

// runProbes opens one session with the probes (Lua: probes.name =
// function(dir) ... end) and checks each case's answer.
func runProbes(t *testing.T, files map[string]string, probes string, cases []probeCase) *testSession {
	t.Helper()
	files["extensions/probe.lua"] = probeExtension
	files["extensions/probes.lua"] = `local panto = require("panto")
probes = {}
` + probes + `
return { name = "probes", activate = function() end }`
	ts := newSession(t, files)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			out, err := ts.Host().RunCommand(ctx, "/probe "+c.name+" "+t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			rest := out
			for _, w := range c.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("answer %q lacks %q (in order: %q)", out, w, c.want)
				}
				rest = rest[i+len(w):]
			}
		})
	}
	return ts
}

// TestOwnedAgentAPI: panto.agent's options and methods, and the errors
// an extension author gets for each misuse, named by what is wrong.
func TestOwnedAgentAPI(t *testing.T) {
	probes := `
local function new(t)
  t = t or {}
  t.config = t.config or assert(panto.ext.resolve_model {})
  return panto.agent(t)
end
function probes.tostring() return tostring(panto.ext.agent) .. " | " .. tostring(new()) end
function probes.store_kind() new { store = 5 } end
function probes.store_custom_needs_append() new { store = {} } end
function probes.conversation_kind() new { conversation = 5 } end
function probes.conversation_copied()
  local c = panto.conversation():user("u1"):assistant("a1"):user("u2")
  local w = new { conversation = c }
  c:user("later")
  local ms = w:conversation():messages()
  return w:conversation():len() .. " " .. ms[1].role .. ":" .. ms[1].blocks[1].text .. " " .. ms[3].blocks[1].text .. " " .. c:len()
end
function probes.conversation_not_saved(dir)
  -- A folder the store can make, whose session file's path is past
  -- PATH_MAX: the first append fails, as on a full disk.
  for _ = 1, 16 do dir = dir .. "/" .. string.rep("d", 250) end
  new { conversation = panto.conversation():user("u1"), store = panto.file_system_jsonl_store { dir = dir } }
end
function probes.tools_kind() new { tools = "echo" } end
function probes.tools_item_kind() new { tools = { "echo", 5 } } end
function probes.tools_unknown() new { tools = { "nope" } } end
function probes.set_tools_unknown() new():set_tools { "echo", "nope" } end
function probes.set_tools_then_tools()
  local w = new()
  w:set_tools { "echo" }
  return table.concat(w:tools(), ",")
end
function probes.tools_listed_twice()
  local w = new()
  for _, n in ipairs { "zeta", "yankee", "xray" } do
    w:register_tool { name = n, description = "d", schema = { type = "object" }, handler = function() return "" end }
  end
  w:set_tools { "echo" }
  return table.concat(w:tools(), ",") .. " | " .. table.concat(w:tools(), ",")
end
function probes.borrowed_register_tool()
  panto.ext.agent:register_tool { name = "x", description = "d", schema = { type = "object" }, handler = function() end }
end
function probes.borrowed_set_tools() panto.ext.agent:set_tools { "echo" } end
function probes.borrowed_run() panto.ext.agent:run("x") end
function probes.register_tool_twice()
  local w = new()
  local def = { name = "mine", description = "d", schema = { type = "object" }, handler = function() return "" end }
  w:register_tool(def)
  local tools = table.concat(w:tools(), ",")
  local ok, err = pcall(w.register_tool, w, def)
  return tools .. " | " .. tostring(err)
end
function probes.system_prompt()
  local w = new { system_prompt = "be brief" }
  local before = w:system_prompt()
  w:set_system_prompt("be thorough")
  return before .. " -> " .. w:system_prompt()
end
function probes.system_prompt_kind() new { system_prompt = 5 } end
function probes.max_requests_kind() new { max_requests = -1 } end
function probes.config_kind() new { config = "fake:m" } end
function probes.set_config_kind() new():set_config("fake:m") end
function probes.metadata_range()
  local w = new()
  w:conversation():user("only")
  local ok0, e0 = pcall(w.set_message_metadata, w, 0, { k = 1 })
  local ok2, e2 = pcall(w.set_message_metadata, w, 2, { k = 1 })
  w:set_message_metadata(1, { k = 1 })
  local md = w:conversation():message_metadata(1)
  return tostring(e0) .. " | " .. tostring(e2) .. " | " .. md.k
end
function probes.metadata_not_json() local w = new(); w:conversation():user("u"); w:set_message_metadata(1, print) end
function probes.compaction_given()
  local w = new()
  w:conversation():user("u1"):assistant("a1")
  local none = w:compaction()
  local ok = w:compact { summary = "they talked" }
  local c = w:compaction()
  return tostring(none) .. " " .. tostring(ok) .. " " .. c.summary .. " " .. c.tokens_before .. " " .. w:conversation():len()
end
function probes.compaction_by_model()
  local w = new()
  local long = string.rep("word ", 20000)
  local small, why = w:compact()
  w:conversation():user("first question " .. long):assistant("first answer " .. long)
  w:conversation():user("second question " .. long):assistant("second answer " .. long)
  local ok, err = w:compact()
  local c = w:compaction() or {}
  return tostring(small) .. " " .. tostring(why) .. " | " .. tostring(ok) .. " " .. tostring(err) .. " " .. tostring(c.summary) .. " " .. tostring(c.first_kept ~= nil)
end
function probes.compact_summary_kind() new():compact { summary = 5 } end
function probes.todos()
  local w = new()
  local empty = panto.ext.json.encode(w:todos())
  w:set_todos { { content = "write", status = "in_progress", activeForm = "Writing" }, { content = "test" }, { content = "ship", status = "done" } }
  local l = w:todos()
  return empty .. " " .. #l .. " " .. l[1].content .. "/" .. l[1].status .. "/" .. tostring(l[1].activeForm) ..
    " " .. l[2].content .. "/" .. l[2].status .. "/" .. tostring(l[2].activeForm) .. " " .. l[3].status
end
function probes.todos_not_a_list() new():set_todos("write") end
function probes.todos_item_kind() new():set_todos { "write" } end
function probes.todos_empty_content() new():set_todos { { content = "  " } } end
function probes.todos_bad_status() new():set_todos { { content = "x", status = "finished" } } end
function probes.todos_field_kind() new():set_todos { { content = "x", activeForm = 3 } } end
function probes.usage()
  local u = new():usage()
  return u.input .. " " .. u.output .. " " .. u.context
end
function probes.input_kind() new():run(5) end
function probes.input_prompt_kind() new():run { prompt = 5 } end
function probes.input_empty() new():run { metadata = { a = 1 } } end
function probes.input_blocks()
  local w = new()
  local s = w:run { prompt = "look", blocks = { { type = "text", text = "here" } } }
  for _ in s:events() do end
  local m = w:conversation():messages()[1]
  return #m.blocks .. " " .. m.blocks[1].text .. "+" .. m.blocks[2].text .. " " .. s:result().status
end
function probes.input_array()
  local w = new()
  local s = w:run { { type = "text", text = "one" }, { type = "text", text = "two" } }
  for _ in s:events() do end
  local m = w:conversation():messages()[1]
  return #m.blocks .. " " .. m.blocks[1].text .. "+" .. m.blocks[2].text
end
function probes.reopen_running()
  local w = new()
  local s = w:run("slow")
  local ok, err = pcall(s.reopen, s)
  w:cancel()
  for _ in s:events() do end
  return tostring(err) .. " | " .. s:result().status
end
function probes.busy_while_job()
  local w = new()
  local job = assert(w:run_async { prompt = "slow" })
  local out = {}
  for _, f in ipairs {
    function() w:run("x") end,
    function() w:set_system_prompt("x") end,
    function() w:set_tools {} end,
    function() w:conversation():user("x") end,
    function() w:set_message_metadata(1, {}) end,
    function() w:compact { summary = "s" } end,
  } do
    local ok, err = pcall(f)
    out[#out + 1] = tostring(err)
  end
  job:close()
  return table.concat(out, "\n")
end
`
	slow := `{"expect": {"user": "slow"}, "events": [{"delay_ms": 60000}, {"text": "late"}]}` + "\n"
	cases := []probeCase{
		{"tostring", []string{"ok: panto.ext.agent | panto.agent: agent-"}},
		{"store_kind", []string{"error:", "'store' must be panto.null_store()", "got number"}},
		{"store_custom_needs_append", []string{"error:", "a custom store must have append(self, session_id, entry)"}},
		{"conversation_kind", []string{"error:", "'conversation' must be a panto.conversation, got number"}},
		{"conversation_copied", []string{"ok: 3 user:u1 u2 4"}},
		// A given conversation its store cannot save is an error, not an
		// agent whose record lacks it.
		{"conversation_not_saved", []string{"error:", "agent: store: open ", "file name too long"}},
		{"tools_kind", []string{"error:", "tools must be an array of tool names, got string"}},
		{"tools_item_kind", []string{"error:", "tool 2 must be a name (a string), got number"}},
		{"tools_unknown", []string{"error:", "no tool named 'nope' is registered (registered: echo)"}},
		{"set_tools_unknown", []string{"error:", "set_tools: no tool named 'nope'"}},
		{"set_tools_then_tools", []string{"ok: echo"}},
		// Listing sorts a copy: the agent's own tools keep their order
		// and are all there the next time.
		{"tools_listed_twice", []string{"ok: echo,xray,yankee,zeta | echo,xray,yankee,zeta"}},
		{"borrowed_register_tool", []string{"error:", "register_tool is not available on panto.ext.agent", "use panto.ext.register_tool"}},
		{"borrowed_set_tools", []string{"error:", "set_tools is not available on panto.ext.agent", "it offers every registered tool"}},
		{"borrowed_run", []string{"error:", "run is not available on panto.ext.agent", "use submit"}},
		{"register_tool_twice", []string{"ok: mine | ", "duplicate tool name 'mine'"}},
		{"system_prompt", []string{"ok: be brief -> be thorough"}},
		{"system_prompt_kind", []string{"error:", "agent: 'system_prompt' must be a string, got number"}},
		{"max_requests_kind", []string{"error:", "agent: 'max_requests' must be a non-negative integer"}},
		{"config_kind", []string{"error:", "agent: 'config' must be a model configuration from panto.ext.resolve_model, got string"}},
		{"set_config_kind", []string{"error:", "set_config: 'config' must be a model configuration"}},
		{"metadata_range", []string{"ok: ", "message index 0 out of range (the conversation has 1)", " | ", "message index 2 out of range (the conversation has 1)", " | 1"}},
		{"metadata_not_json", []string{"error:", "set_message_metadata: metadata must encode as JSON"}},
		{"compaction_given", []string{"ok: nil true they talked 0 1"}},
		{"compaction_by_model", []string{"ok: nil ", "nothing to compact", " | true nil the model's summary true"}},
		{"compact_summary_kind", []string{"error:", "compact: 'summary' must be a string"}},
		{"todos", []string{"ok: [] 3 write/in_progress/Writing test/pending/nil completed"}},
		{"todos_not_a_list", []string{"error:", "set_todos: the list must be an array of { content, status, activeForm? }, got string"}},
		{"todos_item_kind", []string{"error:", "set_todos: item 1 must be a table"}},
		{"todos_empty_content", []string{"error:", "set_todos: item 1: 'content' must not be empty"}},
		{"todos_bad_status", []string{"error:", "item 1: status must be pending, in_progress or completed, got 'finished'"}},
		{"todos_field_kind", []string{"error:", "item 1: 'activeForm' must be a string, got number"}},
		{"usage", []string{"ok: 0 0 0"}},
		{"input_kind", []string{"error:", "run: give a prompt string, an array of blocks, or { prompt = ..., blocks = ... }"}},
		{"input_prompt_kind", []string{"error:", "run: 'prompt' must be a string, got number"}},
		{"input_empty", []string{"error:", "run: 'prompt' or 'blocks' is required"}},
		{"input_blocks", []string{"ok: 2 look+here completed"}},
		{"input_array", []string{"ok: 2 one+two"}},
		{"reopen_running", []string{"ok: ", "reopen: the stream's turn is still running", " | cancelled"}},
		{"busy_while_job", []string{"ok: ",
			"run: the agent has a live job; wait for its result or close it first",
			"set_system_prompt: the agent has a live job",
			"set_tools: the agent has a live job",
			"the agent has a live job: wait for its result or close it before changing the conversation",
			"set_message_metadata: the agent has a live job",
			"compact: the agent has a live job"}},
	}
	runProbes(t, map[string]string{
		"tools/echo.lua": echoTool,
		"turns.jsonl": `{"answers": "compaction", "text": "the model's summary"}` + "\n" +
			`{"expect": {"user": "here"}, "text": "seen"}` + "\n" +
			`{"expect": {"user": "two"}, "text": "seen"}` + "\n" +
			slow + slow,
	}, probes, cases)
}
