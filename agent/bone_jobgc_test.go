package agent

import (
	"context"
	"fmt"
	goruntime "runtime"
	"strings"
	"testing"
	"time"
)

// TestJobSurvivesItsOwnSetMetatable: run_async hands Lua a job userdata
// whose __gc closes (cancels) the job. Registering that finalizer
// (SetMetatable) is one of the VM's automatic collection points: when a
// Go collection has requested a Lua cycle, the cycle runs inside it. The
// userdata must already be reachable from Lua then (on the stack), or
// the cycle finds it garbage and its finalizer cancels the job the
// caller is about to receive: ctx.agent.spawn's job A came back
// "cancelled" without content in TestBoneAgents, about one run in three
// under load. Here the collector is stopped while Go collections request
// a cycle and restarted right before each run_async, so every
// run_async meets one.
func TestJobSurvivesItsOwnSetMetatable(t *testing.T) {
	const jobs = 8
	ts := newSession(t, map[string]string{
		"extensions/j.lua": `local panto = require("panto")
local uv = require("luv")
local list = {}
return { name = "j", activate = function()
  -- hold stops the collector, so the cycle the test's Go collections
  -- request stays requested until start restarts it, right before
  -- run_async: the cycle then runs inside run_async's SetMetatable.
  panto.ext.register_command { name = "hold", description = "d", handler = function()
    list[#list + 1] = { agent = panto.agent { config = assert(panto.ext.resolve_model {}), store = panto.null_store() } }
    collectgarbage("stop")
  end }
  panto.ext.register_command { name = "start", description = "d", handler = function()
    local e = list[#list]
    collectgarbage("restart")
    e.job = assert(e.agent:run_async { prompt = "p" .. #list })
  end }
  panto.ext.register_command { name = "statuses", description = "d", handler = function()
    local co = coroutine.running()
    local timer = uv.new_timer()
    timer:start(5, 5, function()
      for _, e in ipairs(list) do
        if not e.job:result() then return end
      end
      timer:stop()
      timer:close()
      coroutine.resume(co)
    end)
    coroutine.yield()
    local counts = {}
    for _, e in ipairs(list) do
      local s = e.job:result().status
      counts[s] = (counts[s] or 0) + 1
    end
    local out = {}
    for s, n in pairs(counts) do out[#out + 1] = s .. "=" .. n end
    table.sort(out)
    return table.concat(out, " ")
  end }
end }`,
		"turns.jsonl": strings.Repeat(`{"events": [{"text": "ok"}]}`+"\n", jobs),
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for range jobs {
		for _, line := range []string{"/hold", "", "/start"} {
			if line == "" {
				goCollected()
				continue
			}
			if _, err := ts.Host().RunCommand(ctx, line); err != nil {
				t.Fatal(err)
			}
		}
	}
	out, err := ts.Host().RunCommand(ctx, "/statuses")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("completed=%d", jobs); out != want {
		t.Errorf("job statuses %q, want %q", out, want)
	}
}

// goCollected runs two Go collections and returns once the cleanups
// they queued have run, so the Lua state's collection notifier (a
// cleanup too) has requested a cycle.
func goCollected() {
	for range 2 {
		done := make(chan struct{})
		goruntime.AddCleanup(new([4]*int), func(c chan struct{}) { close(c) }, done)
		goruntime.GC()
		<-done
	}
}
