package mcp

import (
	"context"
	"encoding/base64"
	"os"
	"strings"
	"testing"

	"panto/extension/config"
)

// everythingServer is the command of the npm package
// @modelcontextprotocol/server-everything, the protocol's reference
// server, which .ci/run installs and names in PANTO_MCP_EVERYTHING. A
// developer without it gets a skip that says how to install it; with
// PANTO_REQUIRE_MCP=1 (CI) its absence fails the test.
func everythingServer(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("PANTO_MCP_EVERYTHING")
	if bin != "" {
		if _, err := os.Stat(bin); err == nil {
			return bin
		}
	}
	msg := "the reference MCP server is not installed: npm install --prefix /opt/panto-ci @modelcontextprotocol/server-everything, then set PANTO_MCP_EVERYTHING=/opt/panto-ci/node_modules/.bin/mcp-server-everything"
	if bin != "" {
		msg = "PANTO_MCP_EVERYTHING=" + bin + " does not exist; " + msg
	}
	if os.Getenv("PANTO_REQUIRE_MCP") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// TestEverythingServer talks to the reference server over stdio: its
// tools (text, an image, a sum), its prompts as commands and its
// resources.
func TestEverythingServer(t *testing.T) {
	bin := everythingServer(t)
	m, _, _ := start(t, map[string]config.MCPServer{"everything": {Command: bin, Args: []string{"stdio"}}})
	st := m.Statuses()[0]
	if st.State != Connected {
		t.Fatalf("status = %+v", st)
	}
	for _, want := range []string{"mcp__everything__echo", "mcp__everything__get-sum", "mcp__everything__get-tiny-image"} {
		if m.NativeTool(want) == nil {
			t.Errorf("no tool %s among %v", want, st.Tools)
		}
	}
	t.Run("echo", func(t *testing.T) {
		if r := call(t, m, "mcp__everything__echo", `{"message":"hello there"}`); r.IsError || r.Text != "Echo: hello there" {
			t.Errorf("result = %+v", r)
		}
	})
	t.Run("sum", func(t *testing.T) {
		if r := call(t, m, "mcp__everything__get-sum", `{"a": 2, "b": 40}`); r.IsError || !strings.Contains(r.Text, "42") {
			t.Errorf("result = %+v", r)
		}
	})
	t.Run("image", func(t *testing.T) {
		r := call(t, m, "mcp__everything__get-tiny-image", `{}`)
		if r.IsError || len(r.Attachments) != 1 || r.Attachments[0].MediaType != "image/png" {
			t.Fatalf("result = %+v", r)
		}
		png, err := base64.StdEncoding.DecodeString(r.Attachments[0].Data)
		if err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
			t.Errorf("attachment is not a PNG: %v", err)
		}
	})
	t.Run("prompt", func(t *testing.T) {
		c := m.NativeCommand("mcp__everything__args-prompt")
		if c == nil {
			t.Fatalf("no prompt command among %v", st.Prompts)
		}
		out, err := c.Run(context.Background(), "Paris Texas")
		if err != nil || !strings.Contains(out, "Paris") || !strings.Contains(out, "Texas") {
			t.Errorf("prompt = %q, %v", out, err)
		}
	})
	t.Run("resources", func(t *testing.T) {
		rs, err := m.ListResources(context.Background(), "everything")
		if err != nil || len(rs) == 0 {
			t.Fatalf("resources = %v, %v", rs, err)
		}
		r, err := m.ReadResource(context.Background(), "everything", rs[0].URI)
		if err != nil || r.Text == "" {
			t.Errorf("read %s = %+v, %v", rs[0].URI, r, err)
		}
	})
}
