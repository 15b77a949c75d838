package agent

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"panto/internal/mcptest"
	"panto/permission"
)

func TestMain(m *testing.M) {
	mcptest.MaybeServe()
	os.Exit(m.Run())
}

// mcpConfig is scriptConfig with the test MCP server as "t".
func mcpConfig(t *testing.T) string {
	exe, env := mcptest.Command(t, "serve")
	var envs []string
	for k, v := range env {
		envs = append(envs, strconv.Quote(k)+" = "+strconv.Quote(v))
	}
	return scriptConfig + "\n[mcp.servers.t]\ncommand = " + strconv.Quote(exe) + "\nenv = { " + strings.Join(envs, ", ") + " }\n"
}

// TestMCPToolsInATurn: a server's tools are offered to the model under
// mcp__t__*, their input is validated against the server's schema, the
// permission rules judge each call (a server-wide allow, a deny of one
// tool), isError is a tool error, and the results are in the session.
func TestMCPToolsInATurn(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": mcpConfig(t),
		"turns.jsonl": `{"expect": {"tools": ["mcp__t__echo"], "system": "## t\n\nCall echo before anything else."}, "events": [` +
			`{"tool_call": {"id": "ok", "name": "mcp__t__echo", "input": {"text": "hello"}}},` +
			`{"tool_call": {"id": "bad", "name": "mcp__t__echo", "input": {"txt": "hello"}}},` +
			`{"tool_call": {"id": "err", "name": "mcp__t__fail", "input": {}}},` +
			`{"tool_call": {"id": "deny", "name": "mcp__t__image", "input": {}}}]}
{"expect": {"messages": 6}, "text": "done"}
`,
	}, withPolicy(t, permission.Default, []string{"allow mcp__t", "deny mcp__t__image"}, nil))
	res := ts.prompt("use the server")
	if res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	for _, c := range []struct {
		id, want string
		isErr    bool
	}{
		{"ok", "echo: hello", false},
		{"bad", "invalid input for tool 'mcp__t__echo'", true},
		{"err", "the widget is broken", true},
		{"deny", "permission denied", true},
	} {
		text, isErr := resultOf(t, ts, c.id)
		if isErr != c.isErr || !strings.Contains(text, c.want) {
			t.Errorf("%s: error=%v %q, want error=%v and %q", c.id, isErr, text, c.isErr, c.want)
		}
	}
	types := strings.Join(ts.eventTypes(), " ")
	if !strings.Contains(types, "mcp_server") || !strings.Contains(types, "tool_result") {
		t.Errorf("events: %s", types)
	}
	files, _ := filepath.Glob(filepath.Join(sessionsDir(ts), "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("session files: %v", files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `echo: hello`) || !strings.Contains(string(data), `mcp__t__echo`) {
		t.Errorf("the session file lacks the MCP call:\n%s", data)
	}
}

// TestMCPHeadlessAsks: with no rule, the default mode asks before an MCP
// tool runs (it declares execute), and a headless run cannot ask.
func TestMCPHeadlessAsks(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": mcpConfig(t),
		"turns.jsonl": `{"events": [{"tool_call": {"id": "e", "name": "mcp__t__echo", "input": {"text": "x"}}}]}
{"text": "done"}
`,
	}, withPolicy(t, permission.Default, nil, nil))
	ts.prompt("go")
	text, isErr := resultOf(t, ts, "e")
	if !isErr || !strings.Contains(text, "permission denied") || !strings.Contains(text, "asks before running commands") {
		t.Errorf("error=%v %q", isErr, text)
	}
	if notes := strings.Join(ts.notices("permission"), "\n"); !strings.Contains(notes, "--allow 'mcp__t__echo'") {
		t.Errorf("notices: %s", notes)
	}
}

// TestMCPFailureNotice: a server that cannot start is reported once, as
// a notice the headless run prints, and the turn goes on without it.
func TestMCPFailureNotice(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": scriptConfig + "\n[mcp.servers.broken]\ncommand = \"/nonexistent/mcp-server\"\n",
		"turns.jsonl": `{"text": "fine"}` + "\n",
	})
	if res := ts.prompt("hi"); res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	notes := ts.notices("mcp")
	if len(notes) != 1 || !strings.Contains(notes[0], "MCP server broken failed: cannot start") {
		t.Errorf("notices = %q", notes)
	}
}

// TestMCPFromLua: panto.mcp lists the servers and calls their tools,
// resources and prompts from an extension's command.
func TestMCPFromLua(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": mcpConfig(t),
		"turns.jsonl": "",
		"extensions/probe.lua": `local panto = require("panto")
return { name = "probe", activate = function()
  panto.ext.register_command { name = "probe", description = "Probe MCP.", handler = function(args)
    local out = {}
    for _, s in ipairs(panto.mcp.servers()) do
      out[#out + 1] = s.name .. " " .. s.state .. " " .. #s.tools .. " tools, first " .. s.tools[1] .. ", resources " .. tostring(s.resources)
    end
    local r = panto.mcp.call("t", "echo", { text = args })
    out[#out + 1] = r.text .. " is_error=" .. tostring(r.is_error)
    r = panto.mcp.call("t", "fail")
    out[#out + 1] = r.text .. " is_error=" .. tostring(r.is_error)
    local img = panto.mcp.call("t", "image", {})
    out[#out + 1] = img.attachments[1].media_type
    local ok, err = pcall(panto.mcp.call, "t", "echo", { txt = 1 })
    out[#out + 1] = tostring(ok) .. " " .. tostring(err)
    ok, err = pcall(panto.mcp.call, "nope", "echo")
    out[#out + 1] = tostring(ok) .. " " .. tostring(err)
    local rs = panto.mcp.resources()
    out[#out + 1] = rs[1].uri .. " " .. panto.mcp.read_resource("t", rs[1].uri).text
    out[#out + 1] = panto.mcp.get_prompt("t", "review", { file = "x.go" })
    return table.concat(out, "\n")
  end }
end }
`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ts.MCP().WaitStarted(ctx)
	out, err := ts.Host().RunCommand(ctx, "/probe hi from lua")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"t connected 7 tools, first mcp__t__block, resources true",
		"echo: hi from lua is_error=false",
		"the widget is broken is_error=true",
		"image/png",
		"false invalid input for mcp__t__echo: ",
		`false unknown MCP server "nope" (servers: t)`,
		"test://notes [resource test://notes]",
		"remember the milk",
		`Review x.go, focusing on "".`,
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}
