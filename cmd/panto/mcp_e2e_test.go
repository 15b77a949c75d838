//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"panto/internal/mcptest"
)

// TestMCPProjectServersNeedTrust: the MCP servers of a project's
// .mcp.json (Claude Code's file) never start while the project is not
// trusted; once it is, they do (here a "server" that only leaves a mark
// and exits, which is then reported as failed, once, on stderr).
func TestMCPProjectServersNeedTrust(t *testing.T) {
	isolate(t)
	project := t.TempDir()
	marker := filepath.Join(t.TempDir(), "server-ran")
	writeTree(t, project, map[string]string{
		".panto/config.toml": scriptConfig,
		".panto/turns.jsonl": `{"text": "done"}` + "\n" + `{"text": "done"}` + "\n",
		".mcp.json":          `{"mcpServers": {"marker": {"command": "sh", "args": ["-c", "touch ` + marker + `"]}}}`,
	})
	inProject(t, project)

	_, _, errOut := runCLI(t, "-p", "hi", "--no-session")
	if !strings.Contains(errOut, "MCP servers") || !strings.Contains(errOut, "not trusted") {
		t.Errorf("untrusted: stderr %q", errOut)
	}
	time.Sleep(100 * time.Millisecond)
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("an untrusted project's MCP server started")
	}

	if code, _, errOut := runCLI(t, "trust", project); code != 0 {
		t.Fatalf("trust: exit %d %s", code, errOut)
	}
	code, out, errOut := runCLI(t, "-p", "hi", "--no-session")
	if code != 0 || out != "done\n" {
		t.Fatalf("trusted: exit %d out %q err %q", code, out, errOut)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Error("the trusted project's MCP server did not start")
	}
	if n := strings.Count(errOut, "MCP server marker failed"); n != 1 {
		t.Errorf("the failed server was reported %d times, want once:\n%s", n, errOut)
	}
}

// TestMCPEverythingHeadless: `panto -p` with the protocol's reference
// server (npm's @modelcontextprotocol/server-everything) in the user's
// config: the model calls its echo tool, allowed by a server-wide rule,
// and the result reaches the model, the --verbose trace and the json
// events.
func TestMCPEverythingHeadless(t *testing.T) {
	bin := everythingServer(t)
	isolate(t)
	project := t.TempDir()
	writeTree(t, project, map[string]string{
		"config.toml": scriptConfig + "\n[mcp.servers.everything]\ncommand = " + strconv.Quote(bin) + "\nargs = [\"stdio\"]\n",
		"turns.jsonl": strings.Repeat(`{"expect": {"tools": ["mcp__everything__echo"]}, "events": [{"tool_call": {"id": "c1", "name": "mcp__everything__echo", "input": {"message": "from panto"}}}]}`+"\n"+
			`{"expect": {"tool_result": "Echo: from panto"}, "text": "the server answered"}`+"\n", 2),
	})
	inProject(t, t.TempDir())
	code, out, errOut := runCLI(t, "run", project, "--prompt", "echo something", "--verbose", "--no-session", "--allow", "mcp__everything")
	if code != 0 || out != "the server answered\n" {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}
	if !strings.Contains(errOut, "⎿ Echo: from panto") {
		t.Errorf("the trace lacks the result:\n%s", errOut)
	}
	code, out, errOut = runCLI(t, "run", project, "--mode", "json", "--prompt", "echo something", "--no-session", "--allow", "mcp__everything__*")
	if code != 0 || !strings.Contains(out, `"type":"mcp_server"`) || !strings.Contains(out, `"tool_name":"mcp__everything__echo"`) || !strings.Contains(out, "Echo: from panto") {
		t.Fatalf("json: exit %d out %q err %q", code, out, errOut)
	}
}

// everythingServer is PANTO_MCP_EVERYTHING (see agent/mcp's test of the
// same name): skipped when absent, failed when PANTO_REQUIRE_MCP=1.
func everythingServer(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("PANTO_MCP_EVERYTHING")
	if bin != "" {
		if _, err := os.Stat(bin); err == nil {
			return bin
		}
	}
	msg := "the reference MCP server is not installed (npm install --prefix /opt/panto-ci @modelcontextprotocol/server-everything; PANTO_MCP_EVERYTHING=/opt/panto-ci/node_modules/.bin/mcp-server-everything)"
	if os.Getenv("PANTO_REQUIRE_MCP") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// TestMCPRunCommandAndTool: `panto run DIR` waits for its MCP servers
// before --list, --command and --tool, so /mcp shows them connected and
// their tools can be called by name.
func TestMCPRunCommandAndTool(t *testing.T) {
	isolate(t)
	exe, env := mcptest.Command(t, "serve")
	var envs []string
	for k, v := range env {
		envs = append(envs, strconv.Quote(k)+" = "+strconv.Quote(v))
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": "[mcp.servers.t]\ncommand = " + strconv.Quote(exe) + "\nenv = { " + strings.Join(envs, ", ") + " }\n" +
			"[mcp.servers.gone]\ncommand = \"/nonexistent/mcp\"\n",
	})
	code, out, errOut := runCLI(t, "run", dir, "--command", "/mcp", "--no-session")
	if code != 0 || !strings.Contains(out, "t  connected, 7 tools") || !strings.Contains(out, "gone  failed: cannot start") {
		t.Fatalf("/mcp: exit %d out %q err %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "run", dir, "--tool", "mcp__t__echo", "--input", `{"text": "direct"}`, "--no-session")
	if code != 0 || !strings.Contains(out, "echo: direct") {
		t.Fatalf("--tool: exit %d out %q err %q", code, out, errOut)
	}
	code, out, _ = runCLI(t, "run", dir, "--list", "--no-session")
	if code != 0 || !strings.Contains(out, "mcp__t__echo") {
		t.Errorf("--list lacks the server's tools:\n%s", out)
	}
}
