package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// jobSettleLua is a Lua helper that waits (from a command handler) until
// a job settles, polling on a luv timer.
const jobSettleLua = `local uv = require("luv")
local function settle(job)
  local co = coroutine.running()
  local t = uv.new_timer()
  t:start(1, 1, function()
    if job:result() then t:stop(); t:close(); assert(coroutine.resume(co)) end
  end)
  coroutine.yield()
end
`

// TestJobMetadataReachesTheListing: the metadata run_async is given is
// what the job reports and what the agent's stored session lists with,
// however short its JSON is (a bare number is one byte).
func TestJobMetadataReachesTheListing(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/m.lua": `local panto = require("panto")
` + jobSettleLua + `
return { name = "m", activate = function()
  panto.ext.register_command { name = "m", description = "d", handler = function(dir)
    local st = panto.file_system_jsonl_store { dir = dir }
    local w = panto.agent { config = assert(panto.ext.resolve_model {}), store = st }
    local job = assert(w:run_async { prompt = "hi", metadata = 7 })
    settle(job)
    local r = job:result()
    job:close()
    local info = st:latest()
    return r.status .. " " .. tostring(job:metadata()) .. " " .. tostring(info.metadata)
  end }
end }`,
		"turns.jsonl": "{\"text\": \"hello\"}\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/m "+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if out != "completed 7 7" {
		t.Errorf("/m: %q, want the status, the job's metadata and the listing's", out)
	}
}

// TestJobWithoutMetadata: a job given none reports none (nil, not an
// empty table), and the listing carries none either.
func TestJobWithoutMetadata(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/m.lua": `local panto = require("panto")
` + jobSettleLua + `
return { name = "m", activate = function()
  panto.ext.register_command { name = "m", description = "d", handler = function(dir)
    local st = panto.file_system_jsonl_store { dir = dir }
    local w = panto.agent { config = assert(panto.ext.resolve_model {}), store = st }
    local job = assert(w:run_async { prompt = "hi" })
    settle(job)
    job:close()
    return tostring(job:metadata()) .. " " .. tostring(st:latest().metadata)
  end }
end }`,
		"turns.jsonl": "{\"text\": \"hello\"}\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/m "+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if out != "nil nil" {
		t.Errorf("/m: %q", out)
	}
}

// TestJobCloseDropsLaterEvents: close cancels a job in the middle of a
// response and waits for it; what the cancelled turn emits while it
// winds down is not buffered, so next_event has nothing after close,
// and the agent takes a new job right away.
func TestJobCloseDropsLaterEvents(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/c.lua": `local panto = require("panto")
local uv = require("luv")
return { name = "c", activate = function()
  panto.ext.register_command { name = "c", description = "d", handler = function()
    local w = panto.agent { config = assert(panto.ext.resolve_model {}) }
    local job = assert(w:run_async { prompt = "slow" })
    -- Wait until the response's first text arrived: the job is then
    -- inside its delay, mid-response.
    local co = coroutine.running()
    local seen = {}
    local t = uv.new_timer()
    t:start(1, 1, function()
      local ev = job:next_event()
      while ev do
        seen[#seen + 1] = ev.type
        if ev.type == "assistant_text_delta" then t:stop(); t:close(); assert(coroutine.resume(co)); return end
        ev = job:next_event()
      end
    end)
    coroutine.yield()
    job:close()
    local after = {}
    local ev = job:next_event()
    while ev do after[#after + 1] = ev.type; ev = job:next_event() end
    local r = job:result()
    local job2, err = w:run_async { prompt = "again" }
    if job2 then job2:close() end
    return r.status .. " | " .. table.concat(after, ",") .. " | " .. tostring(job2 ~= nil) .. " " .. tostring(err)
  end }
end }`,
		"turns.jsonl": `{"events": [{"text": "a"}, {"delay_ms": 60000}, {"text": "too late"}]}` + "\n" +
			`{"events": [{"delay_ms": 60000}, {"text": "never"}]}` + "\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/c")
	if err != nil {
		t.Fatal(err)
	}
	if out != "cancelled |  | true nil" {
		t.Errorf("/c: %q, want a cancelled result, no events after close, a new job accepted", out)
	}
}

// TestAgentToolsEncodeAsArrays: an agent's tool list is a JSON array
// even when empty, so an extension that encodes it gets [] and not {}.
func TestAgentToolsEncodeAsArrays(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/echo.lua": echoTool,
		"extensions/e.lua": `local panto = require("panto")
return { name = "e", activate = function()
  panto.ext.register_command { name = "e", description = "d", handler = function()
    local json = panto.ext.json
    local none = panto.agent { config = assert(panto.ext.resolve_model {}) }
    local some = panto.agent { config = assert(panto.ext.resolve_model {}), tools = { "echo" } }
    return json.encode(none:tools()) .. " " .. json.encode(some:tools())
  end }
end }`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/e")
	if err != nil {
		t.Fatal(err)
	}
	if out != `[] ["echo"]` {
		t.Errorf("/e: %q", out)
	}
	if strings.Contains(out, "{}") {
		t.Errorf("an empty tool list encoded as an object: %q", out)
	}
}

// TestJobWithoutModel: an owned agent of a session with no model
// configured refuses run_async, saying how to give it one, and stays
// usable (the refusal leaves nothing locked).
func TestJobWithoutModel(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": "# no providers, no default model\n",
		"extensions/n.lua": `local panto = require("panto")
return { name = "n", activate = function()
  panto.ext.register_command { name = "n", description = "d", handler = function()
    local w = panto.agent {}
    local job, err = w:run_async { prompt = "hi" }
    local again, err2 = w:run_async { prompt = "hi" }
    w:set_system_prompt("still usable")
    return tostring(job) .. " | " .. tostring(err) .. " | " .. tostring(err2 == err) .. " " .. w:system_prompt()
  end }
end }`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/n")
	if err != nil {
		t.Fatal(err)
	}
	if out != "nil | run_async: the agent has no model (pass config = panto.ext.resolve_model { ... }) | true still usable" {
		t.Errorf("/n: %q", out)
	}
}

// TestJobMetadataNotJSON: metadata that has no JSON form (a function)
// is the caller's error, raised before any job starts: the agent stays
// idle, so the next run_async with metadata that encodes runs.
func TestJobMetadataNotJSON(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/m.lua": `local panto = require("panto")
` + jobSettleLua + `
return { name = "m", activate = function()
  panto.ext.register_command { name = "m", description = "d", handler = function()
    local w = panto.agent { config = assert(panto.ext.resolve_model {}) }
    local ok, err = pcall(w.run_async, w, { prompt = "hi", metadata = { f = print } })
    local job = assert(w:run_async { prompt = "hi", metadata = { n = 1 } })
    settle(job)
    local r = job:result()
    job:close()
    return tostring(ok) .. " | " .. tostring(err) .. " | " .. r.status .. " " .. r.text
  end }
end }`,
		"turns.jsonl": "{\"text\": \"hello\"}\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/m")
	if err != nil {
		t.Fatal(err)
	}
	if want := "false | run_async: metadata must encode as JSON"; !strings.HasPrefix(out, want) || !strings.HasSuffix(out, " | completed hello") {
		t.Errorf("/m: %q, want it to start %q and the second job to complete", out, want)
	}
}

// TestOwnedAgentMaxRequestsFromLua: panto.agent's max_requests bounds
// the agent's turn: a model that keeps calling tools is stopped after
// that many requests, with the bound named.
func TestOwnedAgentMaxRequestsFromLua(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/echo.lua": echoTool,
		"extensions/m.lua": `local panto = require("panto")
` + jobSettleLua + `
return { name = "m", activate = function()
  panto.ext.register_command { name = "m", description = "d", handler = function()
    local w = panto.agent { config = assert(panto.ext.resolve_model {}), tools = { "echo" }, max_requests = 1 }
    local job = assert(w:run_async { prompt = "hi", dispatch_tools = true })
    settle(job)
    local r = job:result()
    job:close()
    return r.status .. " | " .. tostring(r.error)
  end }
end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "echo", "input": {"message": "1"}}}]}
{"events": [{"tool_call": {"id": "c2", "name": "echo", "input": {"message": "2"}}}]}
{"text": "unused"}
`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/m")
	if err != nil {
		t.Fatal(err)
	}
	if want := "failed | the turn stopped after 1 model requests (the limit is max_requests = 1): the model kept calling tools"; out != want {
		t.Errorf("/m: %q, want %q", out, want)
	}
}

// TestOwnedAgentRunFiresNoHostEvents: an owned agent's agent:run turn
// is the extension's, not the user's: the session's user_message
// handlers do not rewrite its prompt.
func TestOwnedAgentRunFiresNoHostEvents(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/m.lua": `local panto = require("panto")
return { name = "m", activate = function()
  panto.ext.on("user_message", function(e) e.text = e.text:upper() end)
  panto.ext.register_command { name = "m", description = "d", handler = function()
    local w = panto.agent { config = assert(panto.ext.resolve_model {}) }
    local s = w:run("hello")
    for _ in s:events() do end
    return s:result().status .. " " .. w:conversation():messages()[1].blocks[1].text
  end }
end }`,
		"turns.jsonl": `{"expect": {"user": "hello"}, "text": "hi"}` + "\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/m")
	if err != nil {
		t.Fatal(err)
	}
	if out != "completed hello" {
		t.Errorf("/m: %q, want the prompt as given", out)
	}
}
