package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestJobDispatchesSharedTools: a job with dispatch_tools runs the host
// tools its agent selected (on the owner), buffers its events, wakes a
// pipe, and refuses conversation changes while it is live. A tool
// running for the job's agent sees that agent as panto.ext.agent.
func TestJobDispatchesSharedTools(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/echo.lua": echoTool,
		"tools/who.lua": `local panto = require("panto")
return { name = "who", description = "d", schema = { type = "object" },
  handler = function() return tostring(panto.ext.agent:session_id() == worker_id) end }`,
		"extensions/j.lua": `local panto = require("panto")
local uv = require("luv")
return { name = "j", activate = function()
  panto.ext.register_command { name = "job", description = "d", handler = function()
    local cfg = assert(panto.ext.resolve_model {})
    local w = panto.agent { config = cfg, store = panto.null_store(), tools = { "echo" } }
    w:set_tools { "echo", "who" }
    worker_id = w:session_id()
    local pipe = uv.pipe()
    local job = assert(w:run_async { prompt = "use tools", dispatch_tools = true, wake_fd = pipe.write })
    local refused = select(2, pcall(function() w:conversation():user("meddling") end))
    local again, err2 = w:run_async { prompt = "two at once" }
    -- await the settled result by reading the wake pipe
    local reader = uv.new_pipe()
    reader:open(pipe.read)
    local co = coroutine.running()
    reader:read_start(function(err, data)
      if job:result() then reader:read_stop(); reader:close(); assert(coroutine.resume(co)) end
    end)
    coroutine.yield()
    local types = {}
    local ev = job:next_event()
    while ev do
      if ev.type == "tool_result" then types[#types + 1] = ev.tool_name .. "=" .. ev.output end
      ev = job:next_event()
    end
    local r = job:result()
    job:close()
    return table.concat({ r.status, r.text, table.concat(types, ","), refused, tostring(err2) }, " | ")
  end }
end }`,
		"turns.jsonl": `{"expect": {"tools": ["echo", "who"], "purpose": "agent"}, "events": [{"tool_call": {"id": "1", "name": "echo", "input": {"message": "m"}}}, {"tool_call": {"id": "2", "name": "who", "input": {}}}, {"tool_call": {"id": "3", "name": "nope", "input": {}}}]}
{"expect": {"tool_result": "unknown tool 'nope' (available: echo, who)"}, "text": "all done"}
`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/job")
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(out, " | ")
	if len(parts) != 5 || parts[0] != "completed" || parts[1] != "all done" {
		t.Fatalf("/job: %q", out)
	}
	if parts[2] != "echo=echo: m,who=true,nope=unknown tool 'nope' (available: echo, who)" {
		t.Errorf("tool results %q", parts[2])
	}
	if !strings.Contains(parts[3], "live job") && !strings.Contains(parts[3], "turn is running") {
		t.Errorf("a conversation change during the job was not refused: %q", parts[3])
	}
	if !strings.Contains(parts[4], "already has a live job") {
		t.Errorf("a second job was not refused: %q", parts[4])
	}
}

// TestOwnedAgentLaneAndManualTools: an owned agent without tools hands
// tool calls back (tool_calls in its result); the caller answers them
// through the conversation builders and reopens the stream.
func TestOwnedAgentManualToolLoop(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/m.lua": `local panto = require("panto")
return { name = "m", activate = function()
  panto.ext.register_command { name = "manual", description = "d", handler = function()
    local w = panto.agent { config = assert(panto.ext.resolve_model {}) }
    local s = w:run("what time is it")
    for _ in s:events() do end
    local r = s:result()
    local call = r.tool_calls[1]
    w:conversation():tool_result { tool_call_id = call.id, tool_name = call.name, content = "noon" }
    s:reopen()
    for _ in s:events() do end
    return call.name .. " " .. call.input.zone .. " -> " .. s:result().text
  end }
end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c", "name": "clock", "input": {"zone": "utc"}}}]}
{"expect": {"tool_result": "noon", "messages": 3}, "text": "It is noon."}
`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/manual")
	if err != nil || out != "clock utc -> It is noon." {
		t.Fatalf("/manual: %q %v", out, err)
	}
}

// TestStreamNextRefusedInSyncEntrypoint: an event handler cannot wait
// for a model.
func TestStreamNextRefusedInSyncEntrypoint(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/s.lua": `local panto = require("panto")
return { name = "s", activate = function()
  panto.ext.on("turn_start", function()
    local w = panto.agent { config = assert(panto.ext.resolve_model {}) }
    local s = w:run("x")
    -- The events already buffered (the run's user_message may be) come
    -- without waiting; the model's answer has to be waited for.
    while s:next() do end
  end)
end }`,
		// The owned agent's request (the first: turn_start comes before
		// the turn's own) answers late, so next() has to wait for it.
		"turns.jsonl": "{\"events\": [{\"delay_ms\": 2000}, {\"text\": \"x\"}]}\n{\"text\": \"y\"}\n",
	})
	ts.prompt("hi")
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if len(ts.problems) == 0 || !strings.Contains(strings.Join(ts.problems, "\n"), "this entrypoint cannot await") {
		t.Errorf("problems %v", ts.problems)
	}
}

// TestJobClosedByCollector: a job nobody references any more is closed
// when Lua collects it (without waiting): its turn is cancelled.
func TestJobClosedByCollector(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": luaProtoConfig + "\n[providers.fake]\nprotocol = \"script\"\nscript = \"turns.jsonl\"\nmodels = { m = \"fake-model-1\" }\n",
		"turns.jsonl": `{"events": [{"delay_ms": 60000}, {"text": "too late"}]}` + "\n",
		"extensions/gc.lua": `local panto = require("panto")
return { name = "gc", activate = function()
  panto.ext.register_command { name = "spawn", description = "d", handler = function()
    worker = panto.agent { config = assert(panto.ext.resolve_model { model = "fake:m" }) }
    do local job = assert(worker:run_async { prompt = "slow" }) end
    for _ = 1, 4 do collectgarbage() end
    return "spawned"
  end }
end }`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if out, err := ts.Host().RunCommand(ctx, "/spawn"); err != nil || out != "spawned" {
		t.Fatalf("/spawn: %q %v", out, err)
	}
	ts.Session.mu.Lock()
	jobs := ts.Session.jobs
	ts.Session.mu.Unlock()
	if len(jobs) != 1 {
		t.Fatalf("%d jobs", len(jobs))
	}
	select {
	case <-jobs[0].done:
	case <-ctx.Done():
		t.Fatal("the collected job was not cancelled")
	}
	if r, _ := jobs[0].Result(); r.Status != "cancelled" {
		t.Errorf("result %+v", r)
	}
}
