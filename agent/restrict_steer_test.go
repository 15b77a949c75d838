package agent

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/host"
)

const spyTool = `return { name = "spy", description = "d", schema = { type = "object" },
  handler = function() spied = true; return "spied" end }`

func toolNames(tools []*host.Tool) []string {
	var names []string
	for _, t := range tools {
		names = append(names, t.Name)
	}
	slices.Sort(names)
	return names
}

// TestOwnedAgentToolRestriction: an owned agent offers, and may run,
// only the host tools it selected that exist; the session agent offers
// every tool.
func TestOwnedAgentToolRestriction(t *testing.T) {
	ts := newSession(t, map[string]string{"tools/echo.lua": echoTool, "tools/spy.lua": spyTool})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The owner's loop turns while the test asks it for tool lists.
	loopCtx, stopLoop := context.WithCancel(ctx)
	looped := make(chan error, 1)
	go func() { looped <- ts.RunLoop(loopCtx, func() bool { return false }) }()
	defer func() { stopLoop(); <-looped }()
	owned := &Agent{toolNames: []string{"echo", "missing"}}
	tools, err := ts.toolsFor(ctx, owned)
	if err != nil {
		t.Fatal(err)
	}
	if got := toolNames(tools); !slices.Equal(got, []string{"echo"}) {
		t.Errorf("owned agent offers %v, want [echo]", got)
	}
	if got := ts.toolNamesOf(owned); !slices.Equal(got, []string{"echo"}) {
		t.Errorf("owned agent names %v, want [echo]", got)
	}
	for name, want := range map[string]bool{"echo": true, "spy": false, "missing": false} {
		if _, ok := ts.allowedTool(owned, name); ok != want {
			t.Errorf("owned agent may run %s: %v, want %v", name, ok, want)
		}
	}
	all, err := ts.toolsFor(ctx, ts.Agent())
	if err != nil {
		t.Fatal(err)
	}
	if got := toolNames(all); !slices.Equal(got, []string{"echo", "spy"}) {
		t.Errorf("session agent offers %v, want [echo spy]", got)
	}
	if got := ts.toolNamesOf(ts.Agent()); !slices.Equal(got, []string{"echo", "spy"}) {
		t.Errorf("session agent names %v", got)
	}
	for name, want := range map[string]bool{"echo": true, "spy": true, "missing": false} {
		if _, ok := ts.allowedTool(ts.Agent(), name); ok != want {
			t.Errorf("session agent may run %s: %v, want %v", name, ok, want)
		}
	}
}

// TestOwnedAgentCannotCallUnselectedTool runs a job for an owned agent
// restricted to echo whose model calls spy, a tool the host has: spy
// does not run and the model is told it is unknown.
func TestOwnedAgentCannotCallUnselectedTool(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/echo.lua": echoTool,
		"tools/spy.lua":  spyTool,
		"extensions/j.lua": `local panto = require("panto")
local uv = require("luv")
return { name = "j", activate = function()
  panto.ext.register_command { name = "job", description = "d", handler = function()
    local w = panto.agent { config = assert(panto.ext.resolve_model {}), store = panto.null_store(), tools = { "echo" } }
    local job = assert(w:run_async { prompt = "use tools", dispatch_tools = true })
    local co = coroutine.running()
    local tm = uv.new_timer()
    tm:start(1, 1, function()
      if job:result() then tm:stop(); tm:close(); assert(coroutine.resume(co)) end
    end)
    coroutine.yield()
    local results = {}
    local ev = job:next_event()
    while ev do
      if ev.type == "tool_result" then results[#results + 1] = ev.tool_name .. "=" .. ev.output end
      ev = job:next_event()
    end
    local r = job:result()
    job:close()
    return table.concat({ r.status, r.text, table.concat(results, ","), tostring(spied) }, " | ")
  end }
end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "1", "name": "echo", "input": {"message": "m"}}}, {"tool_call": {"id": "2", "name": "spy", "input": {}}}]}
{"expect": {"tool_result": "unknown tool 'spy' (available: echo)"}, "text": "done"}
`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/job")
	if err != nil {
		t.Fatal(err)
	}
	want := "completed | done | echo=echo: m,spy=unknown tool 'spy' (available: echo) | nil"
	if out != want {
		t.Errorf("/job = %q\nwant   %q", out, want)
	}
}

// TestSteeringDuringFinalAnswer: a steering message queued while the
// model writes an answer with no tool calls is answered in the same
// turn, by one more request that carries it.
func TestSteeringDuringFinalAnswer(t *testing.T) {
	var once sync.Once
	var ts *testSession
	ts = newSession(t, map[string]string{
		"turns.jsonl": `{"expect": {"user": "first question"}, "text": "first answer"}
{"expect": {"user": "and one more thing", "messages": 3}, "text": "second answer"}
`,
	}, func(o *Options) {
		prev := o.OnEvent
		o.OnEvent = func(e Event) {
			prev(e)
			if e.Type == "assistant_message" {
				once.Do(func() { ts.Agent().Submit([]conv.Block{conv.TextBlock("and one more thing")}, false) })
			}
		}
	})
	res := ts.prompt("first question")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "second answer" || res.Requests != 2 {
		t.Fatalf("result %+v", res)
	}
	if steer, follow := ts.Agent().Queued(); steer != 0 || follow != 0 {
		t.Errorf("still queued: %d steering, %d follow-up", steer, follow)
	}
	types := strings.Join(ts.eventTypes(), " ")
	if strings.Count(types, "turn_start") != 1 || strings.Count(types, "user_message") != 2 {
		t.Errorf("events: %s", types)
	}
}
