package config

import (
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
)

// MCP is the [mcp] table: the Model Context Protocol servers whose tools,
// prompts and resources the session offers (docs/mcp.md).
type MCP struct {
	// Servers are the [mcp.servers.NAME] tables, by name.
	Servers map[string]MCPServer `toml:"-"`
}

// MCPServer is one [mcp.servers.NAME] table: a server panto starts as a
// child process and talks to over its stdin and stdout (Command), or one
// it reaches over streamable HTTP (URL). Exactly one of the two is set.
type MCPServer struct {
	// Command is the program to run (looked up in PATH), Args its
	// arguments and Env the variables added to panto's environment for it.
	Command string            `toml:"command"`
	Args    []string          `toml:"args"`
	Env     map[string]string `toml:"env"`
	// Cwd is the folder the command runs in ("" is the project root);
	// a relative one is relative to the project root.
	Cwd string `toml:"cwd"`
	// URL is the endpoint of a streamable HTTP server, Headers the HTTP
	// headers sent with every request (an Authorization header, say).
	URL     string            `toml:"url"`
	Headers map[string]string `toml:"headers"`
	// Enabled false keeps the server from starting (a lower layer's
	// server can be switched off this way); nil is enabled.
	Enabled *bool `toml:"enabled"`
	// StartupTimeout bounds starting the server and the protocol's
	// initialize handshake and first listing (0: DefaultMCPStartupTimeout);
	// CallTimeout bounds each tool call, prompt or resource read (0:
	// DefaultMCPCallTimeout). Both take "30s" or a number of seconds.
	StartupTimeout time.Duration `toml:"-"`
	CallTimeout    time.Duration `toml:"-"`
	// Source is the file that defined the server, for messages; Project
	// marks a server from a project's tree (its .panto/ config or its
	// .mcp.json), which runs only when the project is trusted.
	Source  string `toml:"-"`
	Project bool   `toml:"-"`
}

// The timeouts a server gets when its table sets none: long enough for a
// package runner (npx) to start one, short enough that a hung server is
// reported while the user still remembers configuring it.
const (
	DefaultMCPStartupTimeout = 30 * time.Second
	DefaultMCPCallTimeout    = 5 * time.Minute
)

// Disabled reports whether the table switched the server off.
func (s MCPServer) Disabled() bool { return s.Enabled != nil && !*s.Enabled }

// Transport is "stdio" or "http".
func (s MCPServer) Transport() string {
	if s.URL != "" {
		return "http"
	}
	return "stdio"
}

var MCPServerNameOnce struct {
	sync.Once
	v *regexp.Regexp
}

// MCPServerName is what a server may be called: its tools are named
// mcp__NAME__TOOL, and a tool name is at most 64 letters, digits, '_' or '-'.
func MCPServerName() *regexp.Regexp {
	MCPServerNameOnce.Do(func() { MCPServerNameOnce.v = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`) })
	return MCPServerNameOnce.v
}

// mcpTOML is how the [mcp] table is decoded: the timeouts take two forms,
// so they are read in a second step (mcpServerTOML.server).
type mcpTOML struct {
	Servers map[string]mcpServerTOML `toml:"servers"`
}

type mcpServerTOML struct {
	MCPServer
	StartupTimeout toml.Primitive `toml:"startup_timeout"`
	CallTimeout    toml.Primitive `toml:"call_timeout"`
}

// mcp finishes decoding the [mcp] table, reporting values that parse as
// TOML but cannot be right.
func (mt mcpTOML) mcp(md toml.MetaData, path string, warn func(key []string, format string, a ...any)) MCP {
	var m MCP
	for _, name := range sortedKeys(mt.Servers) {
		st := mt.Servers[name]
		s := st.MCPServer
		key := func(k ...string) []string { return append([]string{"mcp", "servers", name}, k...) }
		for _, t := range []struct {
			name string
			prim toml.Primitive
			dst  *time.Duration
		}{{"startup_timeout", st.StartupTimeout, &s.StartupTimeout}, {"call_timeout", st.CallTimeout, &s.CallTimeout}} {
			if !md.IsDefined(key(t.name)...) {
				continue
			}
			d, err := duration(md, t.name, t.prim, md.Type(key(t.name)...))
			if err != nil {
				warn(key(t.name), "%v", err)
			}
			*t.dst = d
		}
		if !checkMCPServer(name, &s, func(format string, a ...any) { warn(key(), format, a...) }) {
			continue
		}
		s.Source = path
		if m.Servers == nil {
			m.Servers = map[string]MCPServer{}
		}
		m.Servers[name] = s
	}
	return m
}

// checkMCPServer reports what makes a server table unusable (and drops
// the server: false) or doubtful (warns, keeps it).
func checkMCPServer(name string, s *MCPServer, warn func(format string, a ...any)) bool {
	if !MCPServerName().MatchString(name) {
		warn("a server name is 1 to 32 letters, digits, '_' or '-' (its tools are named mcp__%s__TOOL)", name)
		return false
	}
	if s.Disabled() {
		return true
	}
	switch {
	case s.Command == "" && s.URL == "":
		warn("a server needs command (a program to run) or url (a streamable HTTP endpoint)")
		return false
	case s.Command != "" && s.URL != "":
		warn("a server has command or url, not both")
		return false
	case s.URL != "" && !strings.HasPrefix(s.URL, "http://") && !strings.HasPrefix(s.URL, "https://"):
		warn("url %q is not an http:// or https:// address", s.URL)
		return false
	}
	if s.URL != "" && (len(s.Args) > 0 || len(s.Env) > 0 || s.Cwd != "") {
		warn("args, env and cwd apply to a command; an http server ignores them")
	}
	if s.Command != "" && len(s.Headers) > 0 {
		warn("headers apply to an http server; a command ignores them")
	}
	return true
}

// mergeMCP applies f's servers over m's: a higher layer's server of a
// name replaces a lower one's entirely, and one with enabled = false
// removes it.
func (m *Merged) mergeMCP(f *File) {
	for _, name := range sortedKeys(f.MCP.Servers) {
		s := f.MCP.Servers[name]
		s.Project = f.Project
		if s.Disabled() {
			delete(m.MCPServers, name)
			continue
		}
		if m.MCPServers == nil {
			m.MCPServers = map[string]MCPServer{}
		}
		m.MCPServers[name] = s
	}
}
