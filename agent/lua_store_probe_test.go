package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestStoreAPI: panto.file_system_jsonl_store's listing and loading
// methods over sessions written by owned agents, their bounds, and the
// errors a misuse gets.
func TestStoreAPI(t *testing.T) {
	probes := `
local function fill(dir)
  local st = panto.file_system_jsonl_store { dir = dir }
  local w = panto.agent { config = assert(panto.ext.resolve_model {}), store = st }
  for _, p in ipairs { "first", "second" } do
    for _ in w:run({ prompt = p, metadata = { n = p } }):events() do end
  end
  w:set_message_metadata(1, { tag = "one" })
  return st, w:session_id()
end
function probes.empty(dir)
  local st = panto.file_system_jsonl_store { dir = dir }
  local l = st:list()
  local ok, err = st:resolve("nope")
  local c, lerr = st:load("nope")
  return #l .. " " .. panto.ext.json.encode(l) .. " " .. tostring(st:latest()) .. " " .. tostring(ok) .. " " .. tostring(err ~= nil) .. " " .. tostring(c) .. " " .. tostring(lerr ~= nil)
end
function probes.listing(dir)
  local st, id = fill(dir)
  local l = st:list()
  local b = st:list_bounded(1)
  local bt = st:list_bounded { limit = 5 }
  local info = st:latest()
  return #l .. " " .. #b .. " " .. #bt .. " " .. tostring(info.id == id) .. " " .. info.message_count .. " " .. info.last_user_message ..
    " " .. info.metadata.n .. " " .. tostring(st:resolve(id:sub(1, 8)) == id) .. " " .. info.model ..
    " " .. tostring(info.directory == panto.ext.session_info().directory)
end
function probes.load(dir)
  local st, id = fill(dir)
  local c = st:load(id)
  local ms = c:messages()
  return c:len() .. " " .. ms[1].blocks[1].text .. " " .. ms[4].blocks[1].text .. " " .. ms[1].metadata.tag
end
function probes.load_messages(dir)
  local st, id = fill(dir)
  local function texts(o)
    local out = {}
    for _, m in ipairs(st:load_messages(id, o)) do out[#out + 1] = m.role .. ":" .. m.blocks[1].text end
    return table.concat(out, ",")
  end
  return texts() .. " | " .. texts { role = "user" } .. " | " .. texts { limit = 1 } .. " | " .. texts { limit = 1, from_end = true } ..
    " | " .. texts { metadata_key = "tag" }
end
function probes.load_messages_role(dir) local st, id = fill(dir); st:load_messages(id, { role = "boss" }) end
function probes.load_messages_limit(dir) local st, id = fill(dir); st:load_messages(id, { limit = -2 }) end
function probes.load_messages_unknown(dir)
  local st = panto.file_system_jsonl_store { dir = dir }
  local ms, err = st:load_messages("nope")
  return tostring(ms) .. " " .. tostring(err ~= nil)
end
function probes.bounded_zero(dir) panto.file_system_jsonl_store { dir = dir }:list_bounded(0) end
function probes.bounded_fraction(dir) panto.file_system_jsonl_store { dir = dir }:list_bounded(1.5) end
function probes.bounded_table_zero(dir) panto.file_system_jsonl_store { dir = dir }:list_bounded { limit = 0 } end
function probes.bounded_kind(dir) panto.file_system_jsonl_store { dir = dir }:list_bounded("3") end
function probes.no_dir() panto.file_system_jsonl_store {} end
function probes.relative_dir(dir)
  local st = panto.file_system_jsonl_store { dir = "rel-sessions" }
  local w = panto.agent { config = assert(panto.ext.resolve_model {}), store = st }
  for _ in w:run("third"):events() do end
  return #st:list() .. " " .. st:latest().last_user_message
end
function probes.null_store()
  local st = panto.null_store()
  local w = panto.agent { config = assert(panto.ext.resolve_model {}), store = st }
  return #st:list() .. " " .. tostring(st:latest()) .. " " .. tostring(#w:session_id() > 0)
end
`
	cases := []probeCase{
		{"empty", []string{"ok: 0 [] nil nil true nil true"}},
		{"listing", []string{"ok: 1 1 1 true 4 second second true fake:m true"}},
		{"load", []string{"ok: 4 first two one"}},
		{"load_messages", []string{"ok: user:first,assistant:one,user:second,assistant:two | user:first,user:second | user:first | assistant:two | user:first"}},
		{"load_messages_role", []string{"error:", `load_messages: 'role' must be "user", "assistant", "tool" or "system", got "boss"`}},
		{"load_messages_limit", []string{"error:", "load_messages: 'limit' must be a non-negative integer"}},
		{"load_messages_unknown", []string{"ok: nil true"}},
		{"bounded_zero", []string{"error:", "limit must be a positive integer"}},
		{"bounded_fraction", []string{"error:", "limit must be a positive integer"}},
		{"bounded_table_zero", []string{"error:", "list_bounded: 'limit' must be a positive integer"}},
		{"bounded_kind", []string{"error:", "a limit or { limit = n } expected"}},
		{"no_dir", []string{"error:", "file_system_jsonl_store: 'dir' is required"}},
		{"relative_dir", []string{"ok: 1 third"}},
		{"null_store", []string{"ok: 0 nil true"}},
	}
	runProbes(t, map[string]string{
		"turns.jsonl": strings.Repeat(`{"text": "one"}`+"\n"+`{"text": "two"}`+"\n", 4) + `{"text": "three"}` + "\n",
	}, probes, cases)
}

// TestCustomStoreTable: a Lua table used as a store gets its create,
// append and sync calls on the owner, in order; its create's id is the
// agent's session id; a failing append is reported as the store's
// problem and the turn goes on.
func TestCustomStoreTable(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/c.lua": `local panto = require("panto")
seen = {}
return { name = "c", activate = function()
  panto.ext.register_command { name = "c", description = "d", handler = function()
    local st = {
      create = function(self) seen[#seen + 1] = "create"; return "my-id" end,
      append = function(self, id, e)
        seen[#seen + 1] = id .. ":" .. e.type .. (e.message and (":" .. e.message.role) or "") .. (e.summary and (":" .. e.summary) or "")
        if e.message and e.message.role == "assistant" then error("disk full") end
      end,
      sync = function(self) seen[#seen + 1] = "sync" end,
    }
    local w = panto.agent { config = assert(panto.ext.resolve_model {}), store = st }
    local s = w:run("hi")
    for _ in s:events() do end
    w:compact { summary = "short" }
    return w:session_id() .. " " .. s:result().status
  end }
end }`,
		"turns.jsonl": `{"text": "hello"}` + "\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/c")
	if err != nil {
		t.Fatal(err)
	}
	if out != "my-id completed" {
		t.Errorf("/c: %q", out)
	}
	want := "create,my-id:message:user,my-id:message:assistant,my-id:panto_summary,sync,my-id:compaction:short"
	ts.RunLoop(ctx, func() bool { return len(luaGlobalList(t, ts, "seen")) >= 6 })
	if got := strings.Join(luaGlobalList(t, ts, "seen"), ","); got != want {
		t.Errorf("store calls %q, want %q", got, want)
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if p := strings.Join(ts.problems, "\n"); !strings.Contains(p, "custom store") || !strings.Contains(p, "disk full") {
		t.Errorf("the failing append was not reported: %q", p)
	}
}
