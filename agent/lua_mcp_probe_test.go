package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestMCPLuaAPIDetails: panto.mcp's tables carry every field the docs
// name (a server's transport, prompts and error; a resource's name and
// type; an image's data), a prompt's arguments are passed by name, and
// each misuse gets an error saying what is wrong.
func TestMCPLuaAPIDetails(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": mcpConfig(t) + "\n[mcp.servers.broken]\ncommand = \"/nonexistent/mcp-server\"\n",
		"turns.jsonl": "",
		"extensions/probe.lua": `local panto = require("panto")
local json = panto.ext.json
return { name = "probe", activate = function()
  panto.ext.register_command { name = "probe", description = "d", handler = function()
    local out = {}
    for _, s in ipairs(panto.mcp.servers()) do
      out[#out + 1] = s.name .. " " .. s.state .. " " .. s.transport .. " " .. tostring(s.project) .. " " .. tostring(s.server) ..
        " " .. json.encode(s.prompts) .. " " .. tostring(s.error ~= nil) .. " " .. tostring(s.target ~= "")
    end
    local img = panto.mcp.call("t", "image")
    out[#out + 1] = img.text .. " " .. #img.attachments .. " " .. img.attachments[1].data
    local rs = panto.mcp.resources("t")
    out[#out + 1] = #rs .. " " .. rs[1].server .. " " .. rs[1].name .. " " .. rs[1].mime_type .. " " .. tostring(rs[1].description)
    local res = panto.mcp.read_resource("t", "test://notes")
    out[#out + 1] = json.encode(res.attachments) .. " " .. tostring(res.is_error)
    out[#out + 1] = panto.mcp.get_prompt("t", "review", { file = "a.go", focus = "errors" })
    for _, f in ipairs {
      function() panto.mcp.call("t", "echo", "text") end,
      function() panto.mcp.get_prompt("t", "review", "a.go") end,
      function() panto.mcp.get_prompt("t", "review", { file = 3 }) end,
      function() panto.mcp.get_prompt("t", "review", { "a.go" }) end,
      function() panto.mcp.read_resource("nope", "test://notes") end,
      function() panto.mcp.call("t", "echo", { text = print }) end,
    } do
      local ok, err = pcall(f)
      out[#out + 1] = tostring(ok) .. " " .. tostring(err)
    end
    return table.concat(out, "\n")
  end }
end }
`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ts.MCP().WaitStarted(ctx)
	out, err := ts.Host().RunCommand(ctx, "/probe")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out, "\n")
	want := []string{
		"broken failed stdio false nil [] true true",
		`t connected stdio false panto-test 1.0 ["mcp__t__review"] false true`,
		"a pixel 1 iVBORw==", // base64 of the server's bytes 89 50 4e 47,
		"1 t notes text/plain nil",
		"[] nil",
		`Review a.go, focusing on "errors".`,
		"false ", // input not a table
		"false ", // arguments not a table
		"false ", // an argument not a string
		"false ", // an argument without a name
		"false ", // an unknown server
		"false ", // input not JSON
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to start with %q", i+1, lines[i], w)
		}
	}
	for i, w := range map[int]string{
		6:  "table expected",
		7:  "table expected",
		8:  "panto.mcp.get_prompt: arguments are a table of strings by name",
		9:  "panto.mcp.get_prompt: arguments are a table of strings by name",
		10: `unknown MCP server "nope" (servers: broken, t)`,
		11: "panto.mcp.call: input: ",
	} {
		if !strings.Contains(lines[i], w) {
			t.Errorf("line %d: %q lacks %q", i+1, lines[i], w)
		}
	}
}
