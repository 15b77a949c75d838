package agent

import (
	"context"
	"strings"
	"testing"
)

// TestOwnedAgentArgumentErrors: an extension that builds an owned agent
// or runs it with arguments of the wrong shape gets an error naming the
// argument and what it takes, raised where it called, before any
// request is sent.
func TestOwnedAgentArgumentErrors(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/echo.lua": `return { name = "echo", description = "d", schema = { type = "object" }, handler = function() return "e" end }`,
		"extensions/bad.lua": `local panto = require("panto")
local cases = {
  function() return panto.agent(5) end,
  function() return panto.agent { config = 5 } end,
  function() return panto.agent { system_prompt = 3 } end,
  function() return panto.agent { max_requests = -1 } end,
  function() return panto.agent { max_requests = 1.5 } end,
  function() return panto.agent { store = 5 } end,
  function() return panto.agent { tools = "echo" } end,
  function() return panto.agent { tools = { 1 } } end,
  function() return panto.agent { tools = { "nope" } } end,
  function() return panto.agent { conversation = {} } end,
  function() return panto.agent {}:run(5) end,
  function() return panto.agent {}:run { prompt = 5 } end,
  function() return panto.agent {}:run {} end,
  function() return panto.agent {}:run { blocks = 5 } end,
  function() local a = panto.agent {}; return a.run({}, "x") end,
}
return { name = "bad", activate = function()
  panto.ext.register_command { name = "bad", description = "d", handler = function()
    local out = {}
    for i, f in ipairs(cases) do
      local ok, err = pcall(f)
      out[#out + 1] = i .. ": " .. (ok and "ok" or tostring(err))
    end
    return table.concat(out, "\n")
  end }
end }`,
		"turns.jsonl": `{"text": "never asked"}` + "\n",
	})
	ts.noProblems()
	out, err := ts.Host().RunCommand(context.Background(), "/bad")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out, "\n")
	want := []string{
		"bad argument #1 to 'agent' (table expected, got number)",
		"agent: 'config' must be a model configuration from panto.ext.resolve_model, got number",
		"agent: 'system_prompt' must be a string, got number",
		"agent: 'max_requests' must be a non-negative integer",
		"agent: 'max_requests' must be a non-negative integer",
		"agent: 'store' must be panto.null_store(), panto.file_system_jsonl_store { ... } or a table with append, got number",
		"agent: tools must be an array of tool names, got string",
		"agent: tool 1 must be a name (a string), got number",
		"agent: no tool named 'nope' is registered (registered: echo)",
		"agent: 'conversation' must be a panto.conversation, got table",
		"run: give a prompt string, an array of blocks, or { prompt = ..., blocks = ... }",
		"run: 'prompt' must be a string, got number",
		"run: 'prompt' or 'blocks' is required",
		"run: blocks: content must be a string or an array of blocks, got number",
		"bad argument #1 to 'run' (panto.agent expected, got table)",
	}
	if len(lines) != len(want) {
		t.Fatalf("%d results, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) || strings.HasSuffix(lines[i], ": ok") {
			t.Errorf("case %d: %q, want an error with %q", i+1, lines[i], w)
		}
		if !strings.Contains(lines[i], "bad.lua:") {
			t.Errorf("case %d: %q does not name the caller's line", i+1, lines[i])
		}
	}
	for _, e := range ts.eventTypes() {
		if e == "turn_start" {
			t.Errorf("a request was sent")
		}
	}
}
