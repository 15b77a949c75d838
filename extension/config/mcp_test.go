package config

import (
	"strings"
	"testing"
	"time"
)

func TestParseMCP(t *testing.T) {
	f, warns, err := Parse("c.toml", []byte(`
[mcp.servers.fs]
command = "npx"
args = ["-y", "server"]
env = { TOKEN = "x" }
startup_timeout = "5s"
call_timeout = 90
comand = "typo"

[mcp.servers.web]
url = "http://127.0.0.1:9/mcp"
headers = { Authorization = "Bearer t" }

[mcp.servers.ftp]
url = "ftp://example"

[mcp.servers.none]
args = ["x"]

[mcp.servers.both]
command = "x"
url = "http://127.0.0.1/"

[mcp.servers."bad name"]
command = "x"

[mcp.servers.off]
enabled = false

[mcp.servers.slow]
command = "x"
call_timeout = "soon"
`))
	if err != nil {
		t.Fatal(err)
	}
	fs := f.MCP.Servers["fs"]
	if fs.Command != "npx" || len(fs.Args) != 2 || fs.Env["TOKEN"] != "x" || fs.StartupTimeout != 5*time.Second || fs.CallTimeout != 90*time.Second || fs.Transport() != "stdio" || fs.Source != "c.toml" {
		t.Errorf("fs = %+v", fs)
	}
	if web := f.MCP.Servers["web"]; web.URL == "" || web.Headers["Authorization"] != "Bearer t" || web.Transport() != "http" {
		t.Errorf("web = %+v", web)
	}
	if off, ok := f.MCP.Servers["off"]; !ok || !off.Disabled() {
		t.Errorf("off = %+v, %v", off, ok)
	}
	for _, dropped := range []string{"ftp", "none", "both", "bad name"} {
		if _, ok := f.MCP.Servers[dropped]; ok {
			t.Errorf("server %q kept", dropped)
		}
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.String())
	}
	want := []string{
		`c.toml:20: warning: mcp.servers.both: a server has command or url, not both`,
		`c.toml:14: warning: mcp.servers.ftp: url "ftp://example" is not an http:// or https:// address`,
		`c.toml:17: warning: mcp.servers.none: a server needs command (a program to run) or url (a streamable HTTP endpoint)`,
		`c.toml:32: warning: mcp.servers.slow.call_timeout: call_timeout "soon" is not a duration ("90s", "5m")`,
		`c.toml:8: warning: unknown key "mcp.servers.fs.comand"; did you mean "command"?`,
	}
	// "bad name" is reported too; its line depends on how the key is
	// quoted, so it is matched by its text.
	var bad bool
	var rest []string
	for _, g := range got {
		if strings.Contains(g, `mcp.servers."bad name": a server name is 1 to 32`) {
			bad = true
			continue
		}
		rest = append(rest, g)
	}
	if !bad {
		t.Errorf("no warning for the bad server name in:\n%s", strings.Join(got, "\n"))
	}
	if strings.Join(rest, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(rest, "\n"), strings.Join(want, "\n"))
	}
}

func TestMergeMCP(t *testing.T) {
	parse := func(src string, project bool) *File {
		f, _, err := Parse("c.toml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		f.Project = project
		return f
	}
	user := parse("[mcp.servers.a]\ncommand = \"a\"\n[mcp.servers.b]\ncommand = \"b\"\n", false)
	proj := parse("[mcp.servers.a]\nurl = \"https://example/mcp\"\n[mcp.servers.b]\nenabled = false\n[mcp.servers.c]\ncommand = \"c\"\n", true)
	m := Merge(user, proj)
	if len(m.MCPServers) != 2 {
		t.Fatalf("servers = %+v", m.MCPServers)
	}
	if a := m.MCPServers["a"]; a.URL == "" || a.Command != "" || !a.Project {
		t.Errorf("a = %+v, want the project's http server", a)
	}
	if c := m.MCPServers["c"]; c.Command != "c" || !c.Project {
		t.Errorf("c = %+v", c)
	}
	if m := Merge(user); m.MCPServers["a"].Project {
		t.Errorf("a user's server marked as the project's")
	}
}
