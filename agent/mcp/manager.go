package mcp

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"panto/extension/config"
	"panto/host"
)

// State is where a server is in its life.
type State string

const (
	// Starting: the process is starting, or the handshake or the first
	// listing has not finished.
	Starting State = "starting"
	// Connected: its tools, prompts and resources are offered.
	Connected State = "connected"
	// Failed: it could not start, or it died; Status.Error says why, and
	// nothing of it is offered.
	Failed State = "failed"
)

// Status is what /mcp, the Lua API and the events say about a server.
type Status struct {
	Name string
	// Transport is "stdio" or "http"; Target the command line or URL.
	Transport, Target string
	State             State
	// Error is why a failed server failed.
	Error string
	// Server is the name and version the server gave at initialize.
	Server string
	// Tools are its tools' panto names, Prompts its prompt commands'
	// names, sorted; Resources whether it serves resources.
	Tools, Prompts []string
	Resources      bool
	// Notes are problems with single tools (a name that collides, a
	// schema panto cannot validate with).
	Notes []string
	// Source is the config file that defined the server; Project whether
	// that file is the project's.
	Source  string
	Project bool
}

// Options configure a Manager.
type Options struct {
	// Dir is the folder commands run in when their table sets no cwd
	// (the project root).
	Dir string
	// Env is the environment a command starts with, before its table's
	// env (nil: the process's).
	Env []string
	// OnChange is told each time a server's state changes (it connected,
	// failed or died), on a goroutine of the manager: a session reports a
	// failure once from it.
	OnChange func(Status)
	// Submit sends a prompt's text to the session as a user message
	// (nil: a prompt command only prints it).
	Submit func(text string)
	// Version is panto's version, given to servers at initialize.
	Version string
}

// Manager runs the configured MCP servers (see the package doc).
type Manager struct {
	opts    Options
	ctx     context.Context
	cancel  context.CancelFunc
	servers []*server // sorted by name
	wg      sync.WaitGroup
	snap    atomic.Pointer[snapshot]
	pubMu   sync.Mutex // serializes publishing
}

// snapshot is what the host sees: immutable once published.
type snapshot struct {
	tools    []*host.Tool
	toolsBy  map[string]*host.Tool
	cmds     []*host.Command
	cmdsBy   map[string]*host.Command
	starting int
}

// Start starts every server of servers, each on its own goroutine, and
// returns at once. A nil or empty map gives a manager with no servers,
// whose /mcp says so.
func Start(servers map[string]config.MCPServer, opts Options) *Manager {
	if opts.Env == nil {
		opts.Env = os.Environ()
	}
	m := &Manager{opts: opts}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	for _, name := range slices.Sorted(maps.Keys(servers)) {
		m.servers = append(m.servers, newServer(m, name, servers[name]))
	}
	m.publish()
	for _, s := range m.servers {
		m.wg.Add(1)
		go s.run()
	}
	return m
}

// Close stops every server and waits (a bounded time) for their
// processes to end.
func (m *Manager) Close() {
	if m == nil {
		return
	}
	m.cancel()
	var wg sync.WaitGroup
	for _, s := range m.servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.close()
		}()
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		m.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(closeWait):
	}
}

// closeWait bounds Close: a server that ignores its closed stdin and
// SIGTERM is killed after terminateWait, but a session ending does not
// wait longer than this for it.
const closeWait = 3 * time.Second

// Statuses reports every server, sorted by name.
func (m *Manager) Statuses() []Status {
	if m == nil {
		return nil
	}
	out := make([]Status, 0, len(m.servers))
	for _, s := range m.servers {
		out = append(out, s.status())
	}
	return out
}

// WaitStarted waits until no server is starting, or ctx ends: a turn
// waits before its first request so that the model sees the tools of
// servers that connect in time (each server's own startup timeout bounds
// the wait).
func (m *Manager) WaitStarted(ctx context.Context) {
	if m == nil {
		return
	}
	for _, s := range m.servers {
		select {
		case <-s.started:
		case <-ctx.Done():
			return
		}
	}
}

// server finds a server by name.
func (m *Manager) server(name string) *server {
	for _, s := range m.servers {
		if s.name == name {
			return s
		}
	}
	return nil
}

// publish rebuilds the snapshot from the servers' current lists.
func (m *Manager) publish() {
	m.pubMu.Lock()
	defer m.pubMu.Unlock()
	sn := &snapshot{toolsBy: map[string]*host.Tool{}, cmdsBy: map[string]*host.Command{}}
	addCmd := func(c *host.Command) {
		sn.cmds = append(sn.cmds, c)
		sn.cmdsBy[c.Name] = c
	}
	addCmd(m.statusCommand())
	resources := false
	for _, s := range m.servers {
		tools, prompts, res, state := s.offered()
		if state == Starting {
			sn.starting++
		}
		for _, t := range tools {
			sn.tools = append(sn.tools, t)
			sn.toolsBy[t.Name] = t
		}
		for _, c := range prompts {
			addCmd(c)
		}
		resources = resources || res
	}
	if resources {
		for _, t := range m.resourceTools() {
			sn.tools = append(sn.tools, t)
			sn.toolsBy[t.Name] = t
		}
	}
	slices.SortFunc(sn.tools, func(a, b *host.Tool) int { return cmpString(a.Name, b.Name) })
	slices.SortFunc(sn.cmds, func(a, b *host.Command) int { return cmpString(a.Name, b.Name) })
	m.snap.Store(sn)
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// NativeTools is the host.Natives view: the tools of connected servers.
func (m *Manager) NativeTools() []*host.Tool { return m.snap.Load().tools }

// NativeTool finds one of NativeTools by name.
func (m *Manager) NativeTool(name string) *host.Tool { return m.snap.Load().toolsBy[name] }

// NativeCommands are /mcp and the prompts of connected servers.
func (m *Manager) NativeCommands() []*host.Command { return m.snap.Load().cmds }

// NativeCommand finds one of NativeCommands by name.
func (m *Manager) NativeCommand(name string) *host.Command { return m.snap.Load().cmdsBy[name] }

// maxInstructions bounds what one server's instructions add to the
// system prompt.
const maxInstructions = 8 << 10

// Instructions is what connected servers ask the model to know (the
// instructions they gave at initialize), as a section for the session
// agent's system prompt, or "" when none gave any. Claude Code adds them
// the same way; the text changes only when a server connects or fails,
// so a provider's prompt cache survives the turns in between.
func (m *Manager) Instructions() string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	for _, s := range m.servers {
		s.mu.Lock()
		text, state := s.instr, s.state
		s.mu.Unlock()
		if text == "" || state != Connected {
			continue
		}
		if len(text) > maxInstructions {
			text = text[:maxInstructions] + "\n[cut]"
		}
		if b.Len() == 0 {
			b.WriteString("# MCP server instructions\n\nThe connected MCP servers (their tools are named mcp__SERVER__TOOL) gave these instructions for using them:\n")
		}
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", s.name, text)
	}
	return b.String()
}
