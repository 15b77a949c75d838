package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"panto/extension/config"
	"panto/host"
)

// terminateWait is how long a stdio server has to exit after its stdin
// is closed, and again after SIGTERM, before it is killed.
const terminateWait = time.Second

// server is one configured server and its connection.
type server struct {
	m    *Manager
	name string
	cfg  config.MCPServer
	// started is closed when the server leaves Starting.
	started   chan struct{}
	startOnce sync.Once
	stderr    *tail

	mu        sync.Mutex
	state     State
	err       string
	info      string
	instr     string // the server's instructions for the model
	cs        *sdk.ClientSession
	tools     []*host.Tool
	prompts   []*host.Command
	resources bool
	notes     []string
	closing   bool
}

func newServer(m *Manager, name string, cfg config.MCPServer) *server {
	return &server{m: m, name: name, cfg: cfg, started: make(chan struct{}), stderr: newTail(4096), state: Starting}
}

// startupTimeout and callTimeout are the server's, else the defaults.
func (s *server) startupTimeout() time.Duration {
	if s.cfg.StartupTimeout > 0 {
		return s.cfg.StartupTimeout
	}
	return config.DefaultMCPStartupTimeout
}

func (s *server) callTimeout() time.Duration {
	if s.cfg.CallTimeout > 0 {
		return s.cfg.CallTimeout
	}
	return config.DefaultMCPCallTimeout
}

// run connects, lists, publishes, then waits for the connection to end.
func (s *server) run() {
	defer s.m.wg.Done()
	ctx, cancel := context.WithTimeout(s.m.ctx, s.startupTimeout())
	cs, err := s.connect(ctx)
	if err == nil {
		err = s.list(ctx, cs)
		if err != nil {
			cs.Close()
		}
	}
	cancel()
	if err != nil {
		s.fail(s.startError(ctx, err))
		return
	}
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		cs.Close()
		return
	}
	s.cs, s.state = cs, Connected
	if r := cs.InitializeResult(); r != nil {
		if r.ServerInfo != nil {
			s.info = strings.TrimSpace(r.ServerInfo.Name + " " + r.ServerInfo.Version)
		}
		s.instr = strings.TrimSpace(r.Instructions)
	}
	s.mu.Unlock()
	s.changed()
	werr := cs.Wait()
	s.mu.Lock()
	closing := s.closing
	s.mu.Unlock()
	if !closing {
		why := "the server closed the connection"
		if s.cfg.Transport() == "stdio" {
			why = "the server process exited"
		}
		if werr != nil && !errors.Is(werr, sdk.ErrConnectionClosed) {
			why += ": " + werr.Error()
		}
		s.fail(why + s.stderr.suffix())
	}
}

// startError says why a start failed: the timeout by name, else the
// error and what the process wrote on stderr.
func (s *server) startError(ctx context.Context, err error) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("no answer within the startup timeout of %s%s", s.startupTimeout(), s.stderr.suffix())
	}
	return "cannot start: " + err.Error() + s.stderr.suffix()
}

// connect starts the transport and runs the initialize handshake.
func (s *server) connect(ctx context.Context) (*sdk.ClientSession, error) {
	version := s.m.opts.Version
	if version == "" {
		version = "dev"
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "panto", Version: version}, &sdk.ClientOptions{
		Capabilities:             &sdk.ClientCapabilities{},
		ToolListChangedHandler:   func(context.Context, *sdk.ToolListChangedRequest) { s.relist() },
		PromptListChangedHandler: func(context.Context, *sdk.PromptListChangedRequest) { s.relist() },
	})
	var t sdk.Transport
	if s.cfg.URL != "" {
		t = &sdk.StreamableClientTransport{Endpoint: s.cfg.URL, HTTPClient: &http.Client{Transport: headerTransport{s.cfg.Headers}}, MaxRetries: -1}
	} else {
		cmd := exec.Command(s.cfg.Command, s.cfg.Args...)
		cmd.Dir = s.dir()
		cmd.Env = append(append([]string(nil), s.m.opts.Env...), envList(s.cfg.Env)...)
		cmd.Stderr = s.stderr
		cmd.WaitDelay = terminateWait
		t = &sdk.CommandTransport{Command: cmd, TerminateDuration: terminateWait}
	}
	return client.Connect(ctx, t, nil)
}

// dir is the folder a command runs in.
func (s *server) dir() string {
	switch {
	case s.cfg.Cwd == "":
		return s.m.opts.Dir
	case filepath.IsAbs(s.cfg.Cwd):
		return s.cfg.Cwd
	}
	return filepath.Join(s.m.opts.Dir, s.cfg.Cwd)
}

func envList(env map[string]string) []string {
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, k+"="+env[k])
	}
	return out
}

// headerTransport adds a server's configured headers to every request.
type headerTransport struct{ headers map[string]string }

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if len(h.headers) > 0 {
		r = r.Clone(r.Context())
		for k, v := range h.headers {
			r.Header.Set(k, v)
		}
	}
	return http.DefaultTransport.RoundTrip(r)
}

// list reads the server's tools, prompts and whether it has resources,
// and makes what panto offers of them.
func (s *server) list(ctx context.Context, cs *sdk.ClientSession) error {
	caps := &sdk.ServerCapabilities{}
	if r := cs.InitializeResult(); r != nil && r.Capabilities != nil {
		caps = r.Capabilities
	}
	var tools []*host.Tool
	var notes []string
	if caps.Tools != nil {
		var listed []*sdk.Tool
		for t, err := range cs.Tools(ctx, nil) {
			if err != nil {
				return fmt.Errorf("listing tools: %w", err)
			}
			listed = append(listed, t)
		}
		tools, notes = s.makeTools(listed)
	}
	var prompts []*host.Command
	if caps.Prompts != nil {
		var listed []*sdk.Prompt
		for p, err := range cs.Prompts(ctx, nil) {
			if err != nil {
				return fmt.Errorf("listing prompts: %w", err)
			}
			listed = append(listed, p)
		}
		prompts = s.makePrompts(listed)
	}
	s.mu.Lock()
	s.tools, s.prompts, s.notes = tools, prompts, notes
	s.resources = caps.Resources != nil
	s.mu.Unlock()
	return nil
}

// relist reads the lists again when the server says they changed.
func (s *server) relist() {
	go func() {
		s.mu.Lock()
		cs, state := s.cs, s.state
		s.mu.Unlock()
		if cs == nil || state != Connected {
			return
		}
		ctx, cancel := context.WithTimeout(s.m.ctx, s.callTimeout())
		defer cancel()
		if err := s.list(ctx, cs); err == nil {
			s.m.publish()
		}
	}()
}

// fail records why the server is unusable, drops what it offered, and
// reports it once.
func (s *server) fail(why string) {
	s.mu.Lock()
	if s.closing || s.state == Failed {
		s.mu.Unlock()
		return
	}
	s.state, s.err = Failed, why
	s.tools, s.prompts, s.resources, s.cs, s.instr = nil, nil, false, nil, ""
	s.mu.Unlock()
	s.changed()
}

// changed publishes the new state and tells the session.
func (s *server) changed() {
	s.m.publish()
	if f := s.m.opts.OnChange; f != nil {
		f(s.status())
	}
	// Last: a turn waiting for the server sees its tools once it wakes.
	s.startOnce.Do(func() { close(s.started) })
}

// close ends the connection (a process gets its stdin closed, then a
// signal).
func (s *server) close() {
	s.mu.Lock()
	s.closing = true
	cs := s.cs
	s.mu.Unlock()
	if cs != nil {
		cs.Close()
	}
}

// session is the live connection, or an error that says why there is
// none.
func (s *server) session() (*sdk.ClientSession, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch s.state {
	case Connected:
		return s.cs, nil
	case Starting:
		return nil, fmt.Errorf("MCP server %q is still starting", s.name)
	}
	return nil, fmt.Errorf("MCP server %q is not available: %s", s.name, s.err)
}

// offered is what the server contributes to the snapshot.
func (s *server) offered() ([]*host.Tool, []*host.Command, bool, State) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tools, s.prompts, s.resources, s.state
}

func (s *server) status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := Status{Name: s.name, Transport: s.cfg.Transport(), State: s.state, Error: s.err, Server: s.info,
		Resources: s.resources, Notes: s.notes, Source: s.cfg.Source, Project: s.cfg.Project}
	if s.cfg.URL != "" {
		st.Target = s.cfg.URL
	} else {
		st.Target = strings.Join(append([]string{s.cfg.Command}, s.cfg.Args...), " ")
	}
	for _, t := range s.tools {
		st.Tools = append(st.Tools, t.Name)
	}
	for _, c := range s.prompts {
		st.Prompts = append(st.Prompts, c.Name)
	}
	sort.Strings(st.Tools)
	sort.Strings(st.Prompts)
	return st
}

// call runs one request with the server's call timeout, naming the
// timeout when it is what ended the request.
func (s *server) call(ctx context.Context, what string, f func(ctx context.Context, cs *sdk.ClientSession) error) error {
	cs, err := s.session()
	if err != nil {
		return err
	}
	cctx, cancel := context.WithTimeout(ctx, s.callTimeout())
	defer cancel()
	err = f(cctx, cs)
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return fmt.Errorf("%s was cancelled", what)
	case errors.Is(cctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("%s: MCP server %q did not answer within its call timeout of %s", what, s.name, s.callTimeout())
	case errors.Is(err, sdk.ErrConnectionClosed):
		s.fail("the connection closed during a call" + s.stderr.suffix())
		return fmt.Errorf("%s: MCP server %q closed the connection", what, s.name)
	}
	return fmt.Errorf("%s: %v", what, err)
}
