package mcp

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"panto/extension/config"
	"panto/host"
)

// changes records what OnChange reported.
type changes struct {
	mu  sync.Mutex
	all []Status
}

func (c *changes) add(st Status) {
	c.mu.Lock()
	c.all = append(c.all, st)
	c.mu.Unlock()
}

func (c *changes) list() []Status {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Status(nil), c.all...)
}

// start starts a manager and waits until its servers left Starting.
func start(t *testing.T, servers map[string]config.MCPServer) (*Manager, *changes, *[]string) {
	t.Helper()
	ch := &changes{}
	var submitted []string
	var mu sync.Mutex
	m := Start(servers, Options{Dir: t.TempDir(), OnChange: ch.add, Submit: func(s string) {
		mu.Lock()
		submitted = append(submitted, s)
		mu.Unlock()
	}})
	t.Cleanup(m.Close)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	m.WaitStarted(ctx)
	return m, ch, &submitted
}

func stdioServer(t *testing.T, mode string) config.MCPServer {
	cmd, env := selfCommand(t, mode)
	return config.MCPServer{Command: cmd, Env: env, Source: "test.toml"}
}

// call runs a native tool as the host would, after validating its input.
func call(t *testing.T, m *Manager, name, input string) host.NativeResult {
	t.Helper()
	tool := m.NativeTool(name)
	if tool == nil {
		t.Fatalf("no tool %s (tools: %v)", name, toolNames(m))
	}
	return tool.Run(context.Background(), input)
}

func toolNames(m *Manager) []string {
	var names []string
	for _, tl := range m.NativeTools() {
		names = append(names, tl.Name)
	}
	return names
}

func TestStdioServer(t *testing.T) {
	m, ch, submitted := start(t, map[string]config.MCPServer{"t": stdioServer(t, "serve")})
	st := m.Statuses()[0]
	if st.State != Connected || st.Server != "panto-test 1.0" {
		t.Fatalf("status = %+v", st)
	}
	want := []string{"list_mcp_resources", "mcp__t__block", "mcp__t__crash", "mcp__t__dotted_name", "mcp__t__echo", "mcp__t__fail", "mcp__t__grow", "mcp__t__image", "read_mcp_resource"}
	if got := toolNames(m); !slices.Equal(got, want) {
		t.Errorf("tools = %v, want %v", got, want)
	}
	if got := ch.list(); len(got) != 1 || got[0].State != Connected {
		t.Errorf("changes = %+v, want one: connected", got)
	}
	if got := m.Instructions(); !strings.Contains(got, "## t\n\nCall echo before anything else.") {
		t.Errorf("instructions = %q", got)
	}
	echo := m.NativeTool("mcp__t__echo")
	if !strings.Contains(echo.SchemaJSON, `"required":["text"]`) || echo.Description != "Echo the text." || !slices.Equal(echo.Effects, []string{"execute"}) {
		t.Errorf("echo = %+v", echo)
	}

	t.Run("text", func(t *testing.T) {
		if r := call(t, m, "mcp__t__echo", `{"text":"hi"}`); r.IsError || r.Text != "echo: hi" {
			t.Errorf("result = %+v", r)
		}
	})
	t.Run("renamed", func(t *testing.T) {
		if r := call(t, m, "mcp__t__dotted_name", `{}`); r.IsError || r.Text != "dotted" {
			t.Errorf("result = %+v", r)
		}
	})
	t.Run("isError", func(t *testing.T) {
		if r := call(t, m, "mcp__t__fail", `{}`); !r.IsError || r.Text != "the widget is broken" {
			t.Errorf("result = %+v", r)
		}
	})
	t.Run("image", func(t *testing.T) {
		r := call(t, m, "mcp__t__image", `{}`)
		if r.IsError || r.Text != "a pixel" || len(r.Attachments) != 1 || r.Attachments[0].MediaType != "image/png" || r.Attachments[0].Data != "iVBORw==" {
			t.Errorf("result = %+v", r)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan host.NativeResult)
		go func() { done <- m.NativeTool("mcp__t__block").Run(ctx, `{}`) }()
		time.Sleep(50 * time.Millisecond)
		cancel()
		r := <-done
		if !r.IsError || !strings.Contains(r.Text, "cancelled") {
			t.Errorf("result = %+v", r)
		}
		// The connection survives a cancelled call.
		if r := call(t, m, "mcp__t__echo", `{"text":"again"}`); r.Text != "echo: again" {
			t.Errorf("after cancel: %+v", r)
		}
	})
	t.Run("prompt", func(t *testing.T) {
		c := m.NativeCommand("mcp__t__review")
		if c == nil || !strings.Contains(c.Description, "file [focus]") {
			t.Fatalf("command = %+v", c)
		}
		out, err := c.Run(context.Background(), "main.go error handling")
		if err != nil || out != `Review main.go, focusing on "error handling".` {
			t.Errorf("out = %q, %v", out, err)
		}
		if len(*submitted) != 1 || (*submitted)[0] != out {
			t.Errorf("submitted = %q", *submitted)
		}
		out, err = c.Run(context.Background(), "focus=speed file=a.go")
		if err != nil || out != `Review a.go, focusing on "speed".` {
			t.Errorf("by name: %q, %v", out, err)
		}
		if _, err := c.Run(context.Background(), ""); err == nil || !strings.Contains(err.Error(), "missing file (usage: file [focus])") {
			t.Errorf("missing argument: %v", err)
		}
	})
	t.Run("resources", func(t *testing.T) {
		r := call(t, m, "list_mcp_resources", `{}`)
		if r.IsError || !strings.Contains(r.Text, `"uri": "test://notes"`) {
			t.Errorf("list = %+v", r)
		}
		r = call(t, m, "read_mcp_resource", `{"server":"t","uri":"test://notes"}`)
		if r.IsError || r.Text != "[resource test://notes]\nremember the milk" {
			t.Errorf("read = %+v", r)
		}
		r = call(t, m, "read_mcp_resource", `{"server":"nope","uri":"x"}`)
		if !r.IsError || !strings.Contains(r.Text, `unknown MCP server "nope" (servers: t)`) {
			t.Errorf("unknown server = %+v", r)
		}
	})
	t.Run("status", func(t *testing.T) {
		out, err := m.NativeCommand("mcp").Run(context.Background(), "")
		if err != nil || !strings.Contains(out, "t  connected, 7 tools") || !strings.Contains(out, "prompts: /mcp__t__review") {
			t.Errorf("/mcp = %q, %v", out, err)
		}
	})
	t.Run("list changed", func(t *testing.T) {
		if r := call(t, m, "mcp__t__grow", `{}`); r.Text != "grew" {
			t.Fatalf("grow = %+v", r)
		}
		waitFor(t, func() bool { return m.NativeTool("mcp__t__grown") != nil })
		if r := call(t, m, "mcp__t__grown", `{}`); r.IsError || r.Text != "grown" {
			t.Errorf("grown = %+v", r)
		}
	})
	// Last: the crash takes the server down.
	t.Run("crash", func(t *testing.T) {
		r := call(t, m, "mcp__t__crash", `{}`)
		if !r.IsError {
			t.Errorf("result = %+v", r)
		}
		waitFor(t, func() bool { return m.Statuses()[0].State == Failed })
		st := m.Statuses()[0]
		if !strings.Contains(st.Error, "crashing on purpose") {
			t.Errorf("error = %q, want the server's stderr in it", st.Error)
		}
		if got := toolNames(m); len(got) != 0 {
			t.Errorf("tools after the crash: %v", got)
		}
		if m.NativeCommand("mcp__t__review") != nil {
			t.Errorf("the prompt outlived the server")
		}
		waitFor(t, func() bool { return len(ch.list()) >= 2 })
		time.Sleep(50 * time.Millisecond)
		if got := ch.list(); len(got) != 2 || got[1].State != Failed {
			t.Errorf("changes = %+v, want connected then failed, once", got)
		}
	})
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in time")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestStartFailures(t *testing.T) {
	hang := stdioServer(t, "hang")
	hang.StartupTimeout = 300 * time.Millisecond
	m, ch, _ := start(t, map[string]config.MCPServer{
		"missing": {Command: "/nonexistent/panto-mcp-server"},
		"exits":   stdioServer(t, "exit"),
		"hangs":   hang,
		"ok":      stdioServer(t, "serve"),
	})
	by := map[string]Status{}
	for _, st := range m.Statuses() {
		by[st.Name] = st
	}
	for name, want := range map[string]string{
		"missing": "cannot start: ",
		"exits":   "cannot open the database",
		"hangs":   "no answer within the startup timeout of 300ms",
	} {
		if st := by[name]; st.State != Failed || !strings.Contains(st.Error, want) {
			t.Errorf("%s: %+v, want failed with %q", name, st, want)
		}
	}
	if by["ok"].State != Connected {
		t.Errorf("ok: %+v (one server's failure must not stop the others)", by["ok"])
	}
	if got := len(ch.list()); got != 4 {
		t.Errorf("%d changes, want one per server", got)
	}
	for _, tl := range m.NativeTools() {
		if !strings.HasPrefix(tl.Name, "mcp__ok__") && !strings.HasSuffix(tl.Name, "_mcp_resources") && tl.Name != ReadResourceTool {
			t.Errorf("tool %s of a failed server", tl.Name)
		}
	}
	if _, err := m.ReadResource(context.Background(), "hangs", "x"); err == nil || !strings.Contains(err.Error(), "not available") {
		t.Errorf("read from a failed server: %v", err)
	}
}

func TestCallTimeout(t *testing.T) {
	srv := stdioServer(t, "serve")
	srv.CallTimeout = 200 * time.Millisecond
	m, _, _ := start(t, map[string]config.MCPServer{"t": srv})
	r := call(t, m, "mcp__t__block", `{}`)
	if !r.IsError || !strings.Contains(r.Text, `did not answer within its call timeout of 200ms`) {
		t.Errorf("result = %+v", r)
	}
	if st := m.Statuses()[0]; st.State != Connected {
		t.Errorf("a slow call failed the server: %+v", st)
	}
}

func TestStreamableHTTP(t *testing.T) {
	var gotHeader string
	var mu sync.Mutex
	handler := sdk.NewStreamableHTTPHandler(func(r *http.Request) *sdk.Server {
		mu.Lock()
		gotHeader = r.Header.Get("Authorization")
		mu.Unlock()
		return testServer()
	}, nil)
	ts := httptest.NewServer(handler)
	t.Cleanup(ts.Close) // after the manager's Close, which ends the streams
	m, _, _ := start(t, map[string]config.MCPServer{"web": {URL: ts.URL, Headers: map[string]string{"Authorization": "Bearer secret"}}})
	if st := m.Statuses()[0]; st.State != Connected || st.Transport != "http" {
		t.Fatalf("status = %+v", st)
	}
	if r := call(t, m, "mcp__web__echo", `{"text":"over http"}`); r.IsError || r.Text != "echo: over http" {
		t.Errorf("result = %+v", r)
	}
	if tl := m.NativeTool("mcp__web__echo"); !slices.Equal(tl.Effects, []string{"network"}) {
		t.Errorf("effects = %v", tl.Effects)
	}
	mu.Lock()
	defer mu.Unlock()
	if gotHeader != "Bearer secret" {
		t.Errorf("Authorization = %q", gotHeader)
	}
}

func TestNoServers(t *testing.T) {
	m := Start(nil, Options{})
	defer m.Close()
	if got := toolNames(m); len(got) != 0 {
		t.Errorf("tools = %v", got)
	}
	out, err := m.NativeCommand("mcp").Run(context.Background(), "")
	if err != nil || !strings.Contains(out, "no MCP servers are configured") {
		t.Errorf("/mcp = %q, %v", out, err)
	}
}

func TestToolName(t *testing.T) {
	for _, tt := range []struct{ server, tool, want string }{
		{"gh", "create_issue", "mcp__gh__create_issue"},
		{"fs", "read.file", "mcp__fs__read_file"},
		{"x", "ünïcode tool", "mcp__x___n_code_tool"},
		{"srv", strings.Repeat("a", 80), ("mcp__srv__" + strings.Repeat("a", 80))[:64]},
	} {
		if got := ToolName(tt.server, tt.tool); got != tt.want {
			t.Errorf("ToolName(%q, %q) = %q, want %q", tt.server, tt.tool, got, tt.want)
		}
	}
}

func TestPromptArgs(t *testing.T) {
	p := &sdk.Prompt{Arguments: []*sdk.PromptArgument{{Name: "a", Required: true}, {Name: "b"}}}
	for _, tt := range []struct {
		line string
		want map[string]string
		err  string
	}{
		{"x", map[string]string{"a": "x"}, ""},
		{"x y z", map[string]string{"a": "x", "b": "y z"}, ""},
		{"b=2 a=1", map[string]string{"a": "1", "b": "2"}, ""},
		{"c=3", map[string]string{"a": "c=3"}, ""},
		{"", nil, "missing a"},
	} {
		got, err := promptArgs(p, tt.line)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: err = %v, want %q", tt.line, err, tt.err)
			}
			continue
		}
		if err != nil || len(got) != len(tt.want) {
			t.Errorf("%q: %v, %v; want %v", tt.line, got, err, tt.want)
			continue
		}
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("%q: %s = %q, want %q", tt.line, k, got[k], v)
			}
		}
	}
	if _, err := promptArgs(&sdk.Prompt{}, "extra"); err == nil {
		t.Errorf("a prompt without arguments took some")
	}
}
