package agent

import (
	"strings"
	"testing"
)

// TestBoneAgents: ctx.agent.spawn starts a job, wait collects it, jobs
// lists it, cancel stops one; a sub-agent's tools see agent_depth 1.
func TestBoneAgents(t *testing.T) {
	config := scriptConfig + `
[providers.sub]
protocol = "script"
script = "sub.jsonl"
models = { s = "sub-model" }

[providers.deep]
protocol = "script"
script = "deep.jsonl"
models = { d = "deep-model" }

[providers.slow]
protocol = "script"
script = "slow.jsonl"
models = { w = "slow-model" }
`
	init := probeTool + `
bone.register_tool({
    name = "depth",
    description = "Report the agent depth",
    parameters = { type = "object", properties = {} },
    safety = "read_only",
    execute = function() return "depth " .. bone.agent_depth end,
})
bone.register_subagent({ name = "worker", description = "works", system_prompt = "You work.", provider = "sub", model = "s" })
`
	spawn := `
local a = ctx.agent.spawn("task A", { agent = "worker", title = "A" })
if not a.ok then return "spawn failed: " .. tostring(a.error) end
local w = ctx.agent.wait({ a.id })
local j = ctx.agent.jobs()
return table.concat({ tostring(w.ok), w.jobs[1].status, w.jobs[1].content, w.jobs[1].title, tostring(#j), tostring(#w.pending), tostring(w.timed_out) }, " ")`
	cancel := `
local a = ctx.agent.spawn("task B", { agent = "worker", provider = "slow", model = "w" })
local c = ctx.agent.cancel(a.id)
local w = ctx.agent.wait(a.id)
return tostring(c.ok) .. " " .. w.jobs[1].status .. " " .. tostring(w.cancelled)`
	timeout := `
local a = ctx.agent.spawn("task C", { agent = "worker", provider = "slow", model = "w" })
local w = ctx.agent.wait({ a.id }, { timeout_ms = 50 })
ctx.agent.cancel(a.id)
return tostring(w.ok) .. " " .. tostring(w.timed_out) .. " " .. #w.pending`
	depth := `local r = ctx.agent.run("how deep?", { agent = "worker", provider = "deep", model = "d", tools = { "depth" } }) return tostring(r.ok) .. " " .. tostring(r.content)`
	unknown := `local r = ctx.agent.spawn("x", { agent = "nobody" }) return tostring(r.ok) .. " " .. r.error`
	// The probes run concurrently, so each sub-agent reads a script of
	// its own: one shared script's lines would go to whichever asks first.
	sub := `{"expect": {"system": "You work.", "user": "task A"}, "events": [{"text": "A done"}]}
`
	deep := `{"expect": {"user": "how deep?", "tools": ["depth"]}, "events": [{"tool_call": {"id": "d1", "name": "depth", "input": {}}}]}
{"expect": {"tool_result": "depth 1"}, "events": [{"text": "one level down"}]}
`
	ts, _ := boneSession(t, map[string]string{"config.toml": config, "turns.jsonl": probeTurns([]string{spawn, cancel, timeout, depth, unknown}), "sub.jsonl": sub, "deep.jsonl": deep,
		"slow.jsonl": strings.Repeat(`{"events": [{"delay_ms": 5000}, {"text": "never"}]}`+"\n", 2)},
		map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	for id, want := range map[string]string{
		"p0": "true completed A done A 1 0 false",
		"p1": "true cancelled true",
		"p2": "false true 1",
		"p3": "true one level down",
		"p4": "false no sub-agent named 'nobody'",
	} {
		if got, _ := resultOf(t, ts, id); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
}

// TestBoneSubagentDefinition: a bone sub-agent is also a panto subagent
// definition, which the task tool and panto.subagents() see.
func TestBoneSubagentDefinition(t *testing.T) {
	init := probeTool + `
bone.register_subagent({ name = "researcher", description = "Searches", system_prompt = "You research." })
bone.register_subagent({ name = "idle", description = "No tools", system_prompt = "Idle.", approval = "reject" })
`
	list := `local out = {} for _, d in ipairs(require("panto").subagents()) do if d.source == "extension" then out[#out+1] = d.name .. ":" .. d.prompt .. ":" .. tostring(d.tools and #d.tools) end end return table.concat(out, ",")`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{list})}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	if got, _ := resultOf(t, ts, "p0"); got != "idle:Idle.:0,researcher:You research.:nil" {
		t.Errorf("definitions: %q", got)
	}
}

// TestBoneAgentTimeLimits: wall_timeout_ms stops a ctx.agent.run turn
// and a spawned job; with timeout_ms too, the smaller limit wins. A job
// stopped by its limit is reported failed with the limit, not cancelled.
func TestBoneAgentTimeLimits(t *testing.T) {
	config := scriptConfig + `
[providers.slow]
protocol = "script"
script = "slow.jsonl"
models = { w = "slow-model" }
`
	run := `local r = ctx.agent.run("slow", { provider = "slow", model = "w", wall_timeout_ms = 50 }) return tostring(r.ok) .. " " .. tostring(r.error)`
	both := `local r = ctx.agent.run("slow", { provider = "slow", model = "w", timeout_ms = 60000, wall_timeout_ms = 50 }) return tostring(r.ok) .. " " .. tostring(r.error)`
	spawn := `
local a = ctx.agent.spawn("slow job", { provider = "slow", model = "w", wall_timeout_ms = 50 })
local w = ctx.agent.wait({ a.id })
local j = w.jobs[1]
return table.concat({ tostring(w.ok), j.status, tostring(j.error), tostring(w.cancelled), tostring(#w.pending) }, " ")`
	badMax := `local r = ctx.agent.run("x", { max_tokens = -5 }) local s = ctx.agent.spawn("x", { max_tokens = "many" }) return tostring(r.ok) .. " " .. r.error .. " | " .. tostring(s.ok) .. " " .. s.error`
	ts, _ := boneSession(t, map[string]string{"config.toml": config, "turns.jsonl": probeTurns([]string{run, both, spawn, badMax}),
		"slow.jsonl": strings.Repeat(`{"events": [{"delay_ms": 10000}, {"text": "never"}]}`+"\n", 3)},
		map[string]string{".bone-rust/init.lua": probeTool})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	for id, want := range map[string]string{
		"p0": "false timed out after 50 ms",
		"p1": "false timed out after 50 ms",
		"p2": "true failed timed out after 50 ms false 0",
		"p3": "false max_tokens must be a positive integer, got number | false max_tokens must be a positive integer, got string",
	} {
		if got, _ := resultOf(t, ts, id); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
}
