package agent

import (
	"panto/agent/mcp"
)

// startMCP starts the setup's MCP servers in the background (package
// agent/mcp). Their changes of state reach the session's observers as
// "mcp_server" events, and a failure also as a notice of kind "mcp",
// which a headless run prints on stderr and the terminal UI in the
// transcript: once per failure, since a server that failed stays failed.
func (s *Session) startMCP() {
	s.mcp = mcp.Start(s.setup.Config().MCPServers, mcp.Options{
		Dir:      s.cwd,
		OnChange: s.mcpChanged,
		Submit:   func(text string) { s.Submit(text, false) },
	})
}

// mcpChanged hands a server's new state to the owner, where events fire.
// A change before the session has its loop (a command that does not
// exist fails at once) waits in mcpPending for flushMCP.
func (s *Session) mcpChanged(st mcp.Status) {
	s.mu.Lock()
	if !s.mcpLive {
		s.mcpPending = append(s.mcpPending, st)
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	s.postMCP(st)
}

// flushMCP posts the changes that came before the loop existed; Open
// calls it once the host is built.
func (s *Session) flushMCP() {
	s.mu.Lock()
	pending := s.mcpPending
	s.mcpPending, s.mcpLive = nil, true
	s.mu.Unlock()
	for _, st := range pending {
		s.postMCP(st)
	}
}

func (s *Session) postMCP(st mcp.Status) {
	lp := s.loop()
	if lp == nil {
		return
	}
	lp.Post(func() {
		f := map[string]any{"name": st.Name, "state": string(st.State), "transport": st.Transport, "tools": st.Tools}
		if st.Error != "" {
			f["error"] = st.Error
		}
		s.emit(Event{Type: "mcp_server", Fields: f})
		if st.State == mcp.Failed {
			s.emit(Event{Type: "notice", Fields: map[string]any{"kind": "mcp", "message": mcp.Describe(st)}})
		}
	})
}

// MCP is the session's MCP client: the servers' states for /mcp and the
// Lua API.
func (s *Session) MCP() *mcp.Manager { return s.mcp }
