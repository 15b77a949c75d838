package mcp

import (
	"context"
	"fmt"
	"strings"

	"panto/host"
)

// StatusCommand is the slash command that shows the servers: /mcp.
const StatusCommand = "mcp"

func (m *Manager) statusCommand() *host.Command {
	return host.NewNativeCommand(StatusCommand, "Show the MCP servers: state, tools, prompts", "mcp",
		func(context.Context, string) (string, error) { return m.Report(), nil })
}

// Report is /mcp's text: one paragraph per server.
func (m *Manager) Report() string {
	sts := m.Statuses()
	if len(sts) == 0 {
		return "no MCP servers are configured (add [mcp.servers.NAME] to config.toml; see docs/mcp.md)"
	}
	var b strings.Builder
	for i, st := range sts {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s  %s", st.Name, describeState(st))
		b.WriteString("\n")
		fmt.Fprintf(&b, "  %s: %s\n", st.Transport, st.Target)
		if st.Source != "" {
			from := st.Source
			if st.Project {
				from += " (project)"
			}
			fmt.Fprintf(&b, "  from %s\n", from)
		}
		if st.Server != "" {
			fmt.Fprintf(&b, "  server: %s\n", st.Server)
		}
		if len(st.Tools) > 0 {
			fmt.Fprintf(&b, "  tools: %s\n", strings.Join(st.Tools, ", "))
		}
		if len(st.Prompts) > 0 {
			fmt.Fprintf(&b, "  prompts: %s\n", strings.Join(prefixed("/", st.Prompts), ", "))
		}
		if st.Resources {
			fmt.Fprintf(&b, "  resources: through %s and %s\n", ListResourcesTool, ReadResourceTool)
		}
		for _, n := range st.Notes {
			fmt.Fprintf(&b, "  note: %s\n", n)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// describeState is a server's state in a few words.
func describeState(st Status) string {
	switch st.State {
	case Connected:
		return fmt.Sprintf("connected, %d %s", len(st.Tools), plural(len(st.Tools), "tool", "tools"))
	case Failed:
		return "failed: " + st.Error
	}
	return string(st.State)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func prefixed(p string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = p + n
	}
	return out
}

// Describe is the one line a session reports when a server's state
// changes: "MCP server NAME connected (N tools)" or "... failed: why".
func Describe(st Status) string {
	return fmt.Sprintf("MCP server %s %s", st.Name, describeState(st))
}
