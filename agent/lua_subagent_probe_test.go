package agent

import "testing"

// TestSubagentLuaAPI: panto.register_subagent, panto.subagents and
// panto.run_subagent as an extension uses them: a definition's fields
// read back, its model and reasoning reach the subagent's request (a
// Claude Code alias no provider defines falls back to the parent's
// model), the result names the agent and its transcript, and each
// refusal says what is wrong.
func TestSubagentLuaAPI(t *testing.T) {
	probes := `
local json = panto.ext.json
local registered = false
local function reg()
  if registered then return end
  registered = true
  panto.register_subagent { name = "quick", description = "fast answers", prompt = "You answer fast.", model = "fake:m", reasoning = "high", tools = { "echo" } }
  panto.register_subagent { name = "copied", prompt = "You were copied from Claude Code.", model = "sonnet" }
  panto.register_subagent { name = "lost", prompt = "x", model = "nowhere:m" }
  panto.register_subagent { name = "bare", prompt = "x", tools = {} }
end
function probes.definitions()
  reg()
  local out = {}
  for _, d in ipairs(panto.subagents()) do
    if d.source == "extension" then
      out[#out + 1] = d.name .. ":" .. d.description .. ":" .. d.prompt .. ":" .. tostring(d.model) .. ":" .. tostring(d.reasoning) ..
        ":" .. (d.tools and json.encode(d.tools) or "all")
    end
  end
  return table.concat(out, " | ")
end
function probes.returns_nothing()
  reg()
  return select('#', panto.register_subagent { name = "silent", prompt = "x" })
end
function probes.tools_kind() reg(); panto.register_subagent { name = "t1", prompt = "x", tools = "echo" } end
function probes.tool_kind() reg(); panto.register_subagent { name = "t2", prompt = "x", tools = { "echo", 3 } } end
function probes.name_kind() reg(); panto.register_subagent { name = 3, prompt = "x" } end
function probes.run_quick()
  reg()
  local r = assert(panto.run_subagent { agent = "quick", prompt = "hurry", description = "be quick" })
  return r.status .. " " .. r.text .. " " .. r.agent .. " " .. r.tool_uses .. " " .. r.requests .. " " .. tostring(r.session_id ~= nil) .. " " .. tostring(r.path ~= nil)
end
function probes.run_copied()
  reg()
  local r = assert(panto.run_subagent { agent = "copied", prompt = "copy" })
  return r.status .. " " .. r.text
end
function probes.run_lost()
  reg()
  local r, err = panto.run_subagent { agent = "lost", prompt = "x" }
  return tostring(r) .. " " .. tostring(err)
end
function probes.run_unknown()
  reg()
  local r, err = panto.run_subagent { agent = "nope", prompt = "x" }
  return tostring(r) .. " " .. tostring(err)
end
function probes.run_empty_prompt()
  reg()
  local r, err = panto.run_subagent { prompt = "  " }
  return tostring(r) .. " " .. tostring(err)
end
function probes.run_prompt_kind() reg(); panto.run_subagent { prompt = 5 } end
`
	cases := []probeCase{
		{"definitions", []string{"ok: bare::x:nil:nil:[] | copied::You were copied from Claude Code.:sonnet:nil:all | lost::x:nowhere:m:nil:all | quick:fast answers:You answer fast.:fake:m:high:[\"echo\"]"}},
		{"tools_kind", []string{"error:", "register_subagent: tools must be an array of tool names, got string"}},
		{"tool_kind", []string{"error:", "register_subagent: tool 2 must be a name (a string), got number"}},
		{"name_kind", []string{"error:", "register_subagent: 'name' must be a string, got number"}},
		{"run_quick", []string{"ok: completed quick done quick 0 1 true true"}},
		{"run_copied", []string{"ok: completed copied done"}},
		{"run_lost", []string{"ok: nil subagent 'lost': "}},
		{"run_unknown", []string{"ok: nil no subagent named 'nope' (defined: ", "bare", "copied", "explore", "general-purpose", "lost", "quick)"}},
		{"run_empty_prompt", []string{"ok: nil the prompt for subagent 'general-purpose' is empty: say what it should do"}},
		{"run_prompt_kind", []string{"error:", "run_subagent: 'prompt' must be a string, got number"}},
		// Last: the definition it adds would be in the lists above.
		{"returns_nothing", []string{"ok: 0"}},
	}
	runProbes(t, map[string]string{
		"tools/echo.lua": echoTool,
		"turns.jsonl": `{"expect": {"purpose": "subagent", "system": "You answer fast.", "effort": "high", "tools": ["echo"], "user": "hurry"}, "text": "quick done"}
{"expect": {"purpose": "subagent", "system": "You were copied from Claude Code.", "model": "fake-model-1", "user": "copy"}, "text": "copied done"}
`,
	}, probes, cases)
}
