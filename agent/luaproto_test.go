package agent

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
)

const luaProtoConfig = `
[providers.lp]
protocol = "demo"
models = { m = "demo-1" }
[models]
default = "lp:m"
`

// demoProtocol scripts replies by turn: the first request calls echo,
// the second answers with what the tool said. next returns nil until a
// timer calls notify, so the loop must wait for notify.
const demoProtocol = `local panto = require("panto")
local uv = require("luv")
calls = {}
return { name = "demo-protocol", activate = function()
  panto.ext.register_protocol {
    name = "demo",
    effort_levels = { { label = "quick" } },
    release_context = function(self, key) calls[#calls + 1] = "release " .. key end,
    reset_context = function(self, key) calls[#calls + 1] = "reset " .. key end,
    open = function(req)
      calls[#calls + 1] = "open " .. req.purpose .. " " .. req.model .. " " .. #req.messages .. " " .. #req.tools
      local queue, ready = {}, false
      local last = req.messages[#req.messages]
      if last.role == "tool" then
        queue = { { type = "text_delta", text = "tool said: " .. last.blocks[1].text }, { type = "done", usage = { input = 7, output = 3 } } }
      else
        queue = { { type = "text_delta", text = "calling" }, { type = "tool_call", id = "t1", name = "echo", input_json = '{"message":"from lua"}' }, { type = "done" } }
      end
      local t = uv.new_timer()
      t:start(5, 0, function() t:close(); ready = true; req.notify() end)
      return {
        next = function(self)
          if not ready then return nil end
          return table.remove(queue, 1)
        end,
        close = function(self) calls[#calls + 1] = "close" end,
      }
    end,
  }
end }`

func TestLuaProtocolTurn(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml":          luaProtoConfig,
		"tools/echo.lua":       echoTool,
		"extensions/proto.lua": demoProtocol,
	})
	res := ts.prompt("hi")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "tool said: echo: from lua" {
		t.Fatalf("result %+v", res)
	}
	if res.Usage.Input != 7 {
		t.Errorf("usage %+v", res.Usage)
	}
	calls := luaGlobalList(t, ts, "calls")
	want := "open turn demo-1 1 1|close|open turn demo-1 3 1|close"
	if strings.Join(calls, "|") != want {
		t.Errorf("protocol calls:\n%s\nwant:\n%s", strings.Join(calls, "|"), want)
	}
}

// TestLuaProtocolContextCallbacks: reset_context follows a compaction
// and release_context a detach (here /new), both with the durable
// context string, which is the session id for the session agent.
func TestLuaProtocolContextCallbacks(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml":          luaProtoConfig,
		"tools/echo.lua":       echoTool,
		"extensions/proto.lua": demoProtocol,
	})
	id := ts.ID()
	ts.prompt("hi " + long)
	ts.prompt("again " + long)
	if err := ts.Compact(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	calls := luaGlobalList(t, ts, "calls")
	if last := calls[len(calls)-1]; last != "reset "+id {
		t.Errorf("after compaction the last call is %q, want reset %s", last, id)
	}
	// The log lives in the state /new tears down: keep it in a file.
	logPath := ts.dir + "/release.log"
	ts.Host().State().Lua().DoString(`calls = setmetatable(calls, { __newindex = function(t, k, v)
  rawset(t, k, v); local f = io.open("`+logPath+`", "a"); f:write(v, "\n"); f:close() end })`, "=x")
	if err := ts.New(context.Background()); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(logPath)
	if got := string(data); got != "release "+id+"\n" {
		t.Errorf("release_context calls %q, want release %s", got, id)
	}
}

// luaGlobalList reads a global array of strings from the session's state.
func luaGlobalList(t *testing.T, ts *testSession, name string) []string {
	t.Helper()
	var out []string
	ts.Post(func() {})
	L := ts.Host().State().Lua()
	tab := L.GetGlobal(name).AsTable()
	if tab == nil {
		t.Fatalf("global %s is not a table", name)
	}
	for i := int64(1); i <= tab.Len(); i++ {
		out = append(out, tab.GetInt(i).AsString())
	}
	return out
}

func TestLuaProtocolErrors(t *testing.T) {
	cases := []struct {
		name, open, want string
	}{
		{"yield in next", `return { next = function() coroutine.yield() end }`, "yielded, but this entrypoint must not await"},
		{"bad event", `return { next = function() return { type = "texty" } end }`, `unknown event type "texty"`},
		{"negative usage", `return { next = function() return { type = "done", usage = { input = -1 } } end }`, "usage.input must be a non-negative integer"},
		{"fractional usage", `return { next = function() return { type = "done", usage = { output = 1.5 } } end }`, "usage.output must be a non-negative integer"},
		{"usage as text", `return { next = function() return { type = "done", usage = { cache_read = "5" } } end }`, "usage.cache_read must be a non-negative integer"},
		{"open returns nothing", `return nil`, "must return a stream table"},
		{"error event", `return { next = function() return { type = "error", kind = "authentication", message = "who are you" } end }`, "authentication failed: who are you"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts := newSession(t, map[string]string{
				"config.toml": luaProtoConfig,
				"extensions/proto.lua": `local panto = require("panto")
return { name = "p", activate = function()
  panto.ext.register_protocol { name = "demo", open = function(req) ` + c.open + ` end }
end }`,
			})
			res := ts.prompt("hi")
			if res.Status != "failed" || !strings.Contains(res.Err.Error(), c.want) {
				t.Fatalf("result %+v, want error containing %q", res, c.want)
			}
		})
	}
}

// TestLuaProtocolCancelTurn: a stream abandoned by a cancel runs
// cancel_turn, and close runs either way.
func TestLuaProtocolCancelTurn(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": luaProtoConfig,
		"extensions/proto.lua": `local panto = require("panto")
calls = {}
return { name = "p", activate = function()
  panto.ext.register_protocol { name = "demo", open = function(req)
    opened = true
    return {
      next = function() return nil end, -- never ready
      cancel_turn = function() calls[#calls + 1] = "cancel_turn" end,
      close = function() calls[#calls + 1] = "close" end,
    }
  end }
end }`,
	})
	r, err := ts.Start(context.Background(), []conv.Block{conv.TextBlock("hi")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Cancel once the stream is open (so there is a stream to abandon).
	L := ts.Host().State().Lua()
	ts.RunLoop(ctx, func() bool { return L.GetGlobal("opened").Truthy() })
	ts.Cancel()
	res := ts.Wait(ctx, r)
	if res.Status != "cancelled" {
		t.Fatalf("result %+v", res)
	}
	if got := strings.Join(luaGlobalList(t, ts, "calls"), " "); got != "cancel_turn close" {
		t.Errorf("calls %q", got)
	}
}

// TestLuaProtocolCallIDs: a tool_call event's id reaches the tool's
// result, so the protocol can match them on the next request; a call
// given without an id gets one of its own, distinct from the others.
func TestLuaProtocolCallIDs(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml":    luaProtoConfig,
		"tools/echo.lua": echoTool,
		"extensions/proto.lua": `local panto = require("panto")
ids = {}
return { name = "p", activate = function()
  panto.ext.register_protocol { name = "demo", open = function(req)
    local queue
    if req.messages[#req.messages].role == "tool" then
      for _, m in ipairs(req.messages) do
        if m.role == "tool" then ids[#ids + 1] = m.tool_call_id end
      end
      queue = { { type = "text_delta", text = "done" }, { type = "done" } }
    else
      queue = {
        { type = "tool_call", id = "t1", name = "echo", input_json = '{"message":"a"}' },
        { type = "tool_call", name = "echo", input_json = '{"message":"b"}' },
        { type = "done" },
      }
    end
    return { next = function() return table.remove(queue, 1) end }
  end }
end }`,
	})
	res := ts.prompt("hi")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
	ids := luaGlobalList(t, ts, "ids")
	if len(ids) != 2 || ids[0] != "t1" || ids[1] == "" || ids[1] == "t1" {
		t.Errorf("tool results answer calls %q, want t1 then an id of its own", ids)
	}
}

// TestLuaProtocolWaitsForNotify: a stream whose next has nothing ready
// is not polled again until notify, even when notify was called once
// before (here from open): an early notify must not leave the loop
// calling next over and over while the answer is on its way.
func TestLuaProtocolWaitsForNotify(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": luaProtoConfig,
		"extensions/proto.lua": `local panto = require("panto")
local uv = require("luv")
nexts = 0
return { name = "p", activate = function()
  panto.ext.register_protocol { name = "demo", open = function(req)
    req.notify() -- the first event is there already
    local step = 0
    local ready = false
    return { next = function()
      nexts = nexts + 1
      step = step + 1
      if step == 1 then return { type = "text_delta", text = "a" } end
      if step == 2 then
        local t = uv.new_timer()
        t:start(200, 0, function() t:close(); ready = true; req.notify() end)
      end
      if not ready then return nil end
      return { type = "done" }
    end }
  end }
end }`,
	})
	res := ts.prompt("hi")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "a" {
		t.Fatalf("result %+v", res)
	}
	ts.Post(func() {})
	n, _ := ts.Host().State().Lua().GetGlobal("nexts").ToInteger()
	if n > 4 {
		t.Errorf("next was called %d times for two events and one wait; the stream was polled while nothing was ready", n)
	}
}

// TestOwnedAgentToolChoice: an owned agent made from a model
// configuration that forces a tool asks the provider for that tool by
// name; one with the default choice leaves the model free.
func TestOwnedAgentToolChoice(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml":    luaProtoConfig,
		"tools/echo.lua": echoTool,
		"extensions/proto.lua": `local panto = require("panto")
return { name = "p", activate = function()
  panto.ext.register_protocol { name = "demo", open = function(req)
    local c = req.tool_choice
    local seen = type(c) == "table" and ("tool " .. tostring(c.name)) or tostring(c)
    local queue = { { type = "text_delta", text = seen }, { type = "done" } }
    return { next = function() return table.remove(queue, 1) end }
  end }
  panto.ext.register_command { name = "choose", description = "d", handler = function()
    local out = {}
    for _, choice in ipairs { "forced", "default" } do
      local q = choice == "forced" and { tool_choice = { name = "echo" } } or {}
      local w = panto.agent { config = assert(panto.ext.resolve_model(q)), store = panto.null_store(), tools = { "echo" } }
      local s = w:run("go")
      for _ in s:events() do end
      out[#out + 1] = s:result().text
    end
    return table.concat(out, " | ")
  end }
end }`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/choose")
	if err != nil {
		t.Fatal(err)
	}
	if out != "tool echo | auto" {
		t.Errorf("the provider saw tool choices %q, want %q", out, "tool echo | auto")
	}
}
