package config

import (
	"strings"
	"testing"
)

func TestParseMCPJSON(t *testing.T) {
	env := map[string]string{"TOKEN": "s3cret", "HOST": "127.0.0.1"}
	getenv := func(k string) string { return env[k] }
	f, warns, err := ParseMCPJSON(".mcp.json", []byte(`{
  "mcpServers": {
    "files": {"command": "npx", "args": ["-y", "srv", "${HOME_DIR:-/tmp}"], "env": {"KEY": "${TOKEN}"}},
    "web": {"type": "http", "url": "http://${HOST}:8080/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}},
    "old": {"type": "sse", "url": "http://127.0.0.1/sse"},
    "empty": {}
  }
}`), getenv)
	if err != nil {
		t.Fatal(err)
	}
	files := f.MCP.Servers["files"]
	if files.Command != "npx" || strings.Join(files.Args, " ") != "-y srv /tmp" || files.Env["KEY"] != "s3cret" || files.Source != ".mcp.json" {
		t.Errorf("files = %+v", files)
	}
	web := f.MCP.Servers["web"]
	if web.URL != "http://127.0.0.1:8080/mcp" || web.Headers["Authorization"] != "Bearer s3cret" {
		t.Errorf("web = %+v", web)
	}
	if len(f.MCP.Servers) != 2 {
		t.Errorf("servers = %v", f.MCP.Servers)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.String())
	}
	want := []string{
		".mcp.json:6: warning: mcpServers.empty: a server needs command (a program to run) or url (a streamable HTTP endpoint)",
		".mcp.json:5: warning: mcpServers.old: the sse transport is not supported; panto speaks stdio and streamable HTTP (type \"http\")",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestParseMCPJSONErrors(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"{\n  \"mcpServers\": {,}\n}", ".mcp.json:2:18: not a .mcp.json file"},
		{`{"mcpServers": []}`, ".mcp.json:1:"},
		{`{"mcpServers": {"a": {"args": "x"}}}`, ".mcp.json:1:"},
	} {
		_, _, err := ParseMCPJSON(".mcp.json", []byte(tt.src), nil)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.src, err, tt.want)
		}
	}
}

func FuzzParseMCPJSON(f *testing.F) {
	f.Add([]byte(`{"mcpServers": {"a": {"command": "x", "args": ["${A:-b}"]}}}`))
	f.Add([]byte(`{"mcpServers": {"b": {"type": "http", "url": "http://x"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		f, _, err := ParseMCPJSON("f.json", data, func(string) string { return "" })
		if err == nil && f == nil {
			t.Fatal("no file and no error")
		}
	})
}
