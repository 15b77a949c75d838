package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestSubmitSteeringAndFollowup runs the spec's submit example from a
// tool handler: the steering message is injected after the tool's
// result, before the next request; the follow-up waits for the turn to
// end and runs as a turn of its own.
func TestSubmitSteeringAndFollowup(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/gen.lua": `local panto = require("panto")
return { name = "gen", description = "d", schema = { type = "object" },
  handler = function()
    panto.ext.agent:submit("Please check the generated file")
    panto.ext.agent:submit("Summarize the result", { followup = true })
    panto.ext.emit("agent_submission")
    return "generated"
  end }`,
		"extensions/count.lua": `local panto = require("panto")
submissions = 0
return { name = "count", activate = function()
  panto.ext.on("agent_submission", function() submissions = submissions + 1 end)
end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "g", "name": "gen", "input": {}}}]}
{"expect": {"user": "Please check the generated file", "messages": 4}, "text": "checked"}
{"expect": {"user": "Summarize the result", "messages": 6}, "text": "summary"}
`,
	})
	res := ts.prompt("make it")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "summary" {
		t.Fatalf("result %+v", res)
	}
	types := strings.Join(ts.eventTypes(), " ")
	if strings.Count(types, "turn_start") != 2 || strings.Count(types, "user_message") != 3 {
		t.Errorf("events: %s", types)
	}
	L := ts.Host().State().Lua()
	if n := L.GetGlobal("submissions"); n.AsInt() != 3 {
		t.Errorf("agent_submission fired %v times, want 3 (two submits, one emit)", n)
	}
}

// TestSpecExamplesOwnedAgentsAndJobs runs the spec's new_worker and
// inspect examples as written, inside a slash command.
func TestSpecExamplesOwnedAgentsAndJobs(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/worker.lua": `local panto = require("panto")
local function new_worker(model)
  local cfg, err = panto.ext.resolve_model { model = model or "fake:m" }
  assert(cfg, err)
  return panto.agent { config = cfg, store = panto.null_store() }
end
local function inspect(worker) -- an owned Agent, not panto.ext.agent
  local job, err = worker:run_async {
    prompt = "Inspect the cache",
    metadata = { source = "extension" },
  }
  assert(job, err)
  local ev = job:next_event()
  while ev do
    print(ev.type)
    ev = job:next_event()
  end
  local result = job:result() -- nil until settled
  job:close()                 -- idempotent; joins the pump
  return result
end
local uv = require("luv")
-- settle waits (awaiting, from a command handler) until a job settles.
local function settle(job)
  local co = coroutine.running()
  local t = uv.new_timer()
  t:start(1, 1, function()
    if job:result() then t:stop(); t:close(); assert(coroutine.resume(co)) end
  end)
  coroutine.yield()
end
return { name = "worker", activate = function()
  panto.ext.register_command { name = "inspect", description = "d", handler = function()
    -- The spec's inspect, as written: it polls once, so it sees what the
    -- job buffered so far, and close cancels and joins the rest. Its
    -- worker has a script of its own: whether the job got to ask the
    -- model before close is a race.
    local result = inspect(new_worker("other:m"))
    local worker = new_worker()
    assert(result == nil or result.status, "result is nil or settled")
    local job2 = assert(worker:run_async { prompt = "second", metadata = { source = "extension" } })
    settle(job2)
    local ev = job2:next_event()
    while ev do
      print(ev.type)
      ev = job2:next_event()
    end
    local r = job2:result()
    job2:close()
    job2:close()
    return r.status .. " " .. (r.text or "") .. " " .. job2:metadata().source
  end }
  panto.ext.register_command { name = "run", description = "d", handler = function()
    local worker = new_worker()
    local s = worker:run("hello worker")
    local seen = {}
    for ev in s:events() do seen[#seen + 1] = ev.type end
    local r = s:result()
    return table.concat(seen, ",") .. " => " .. r.status .. ": " .. tostring(r.text or r.error) .. " [" .. worker:conversation():len() .. "]"
  end }
  panto.ext.register_command { name = "refusals", description = "d", handler = function()
    local out = {}
    local ok, err = pcall(panto.ext.agent.submit, new_worker(), "x")
    out[#out + 1] = err
    local job, jerr = panto.ext.agent:run_async { prompt = "x" }
    out[#out + 1] = jerr
    local w = new_worker()
    w:register_tool { name = "local_tool", description = "d", schema = { type = "object" }, handler = function() return "" end }
    local j2, e2 = w:run_async { prompt = "x" }
    out[#out + 1] = e2
    return table.concat(out, "\n")
  end }
end }`,
		"config.toml": scriptConfig + "\n[providers.other]\nprotocol = \"script\"\nscript = \"other.jsonl\"\nmodels = { m = \"o\" }\n",
		"other.jsonl": "{\"expect\": {\"user\": \"Inspect the cache\", \"purpose\": \"agent\"}, \"text\": \"cache ok\"}\n",
		"turns.jsonl": "{\"expect\": {\"user\": \"second\"}, \"text\": \"second done\"}\n{\"expect\": {\"user\": \"hello worker\"}, \"events\": [{\"thinking\": \"hmm\"}, {\"text\": \"hi \"}, {\"text\": \"there\"}]}\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/inspect")
	if err != nil {
		t.Fatal(err)
	}
	if out != "completed second done extension" {
		t.Errorf("/inspect: %q", out)
	}
	if got := ts.out.String(); !strings.Contains(got, "turn_start") || !strings.Contains(got, "assistant_text_delta") || !strings.Contains(got, "turn_end") {
		t.Errorf("the job's events were not printed:\n%s", got)
	}
	out, err = ts.Host().RunCommand(ctx, "/run")
	if err != nil {
		t.Fatal(err)
	}
	want := "user_message,turn_start,thinking_delta,thinking_complete,assistant_text_delta,assistant_text_delta,assistant_text_complete,assistant_message,turn_end,done => completed: hi there [2]"
	if out != want {
		t.Errorf("/run:\n%s\nwant:\n%s", out, want)
	}
	out, err = ts.Host().RunCommand(ctx, "/refusals")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"submit is available only on panto.ext.agent",
		"run_async refuses the borrowed session agent",
		"run_async refuses agents with their own register_tool handlers",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("/refusals lacks %q:\n%s", want, out)
		}
	}
	// None of this touched the session's own conversation.
	if n := ts.Agent().Conversation().Len(); n != 0 {
		t.Errorf("the session agent got %d messages", n)
	}
}
