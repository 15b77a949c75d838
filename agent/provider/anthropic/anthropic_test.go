package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
)

const testKey = "sk-ant-test-123456"

// conversation is a request exercising every kind of block: an image,
// signed and redacted thinking, parallel calls whose results arrive out
// of order, a user message following the results, and a reply from
// another model whose reasoning must not be sent back.
func conversation(baseURL string) *provider.Request {
	return &provider.Request{
		Protocol: Name, Provider: "work-claude", Model: "claude-sonnet-4-5",
		BaseURL: baseURL, APIKey: testKey, Effort: "medium",
		System: "You are panto.",
		Messages: []conv.Message{
			{Role: conv.User, Blocks: []conv.Block{
				conv.TextBlock("What is the weather in Zürich?"),
				{Type: conv.Image, MediaType: "image/png", Data: "iVBORw0KGgo="},
			}},
			{Role: conv.Assistant, API: Name, Model: "claude-sonnet-4-5", Blocks: []conv.Block{
				{Type: conv.Thinking, Text: "Need the weather tool.", Signature: "sig-1"},
				{Type: conv.Thinking, Redacted: true, Data: "opaque"},
				{Type: conv.Thinking, Text: "unsigned musing"},
				conv.TextBlock("Checking."),
				{Type: conv.ToolCall, ID: "toolu_1", Name: "get_weather", Arguments: `{"location":"Zürich"}`},
				{Type: conv.ToolCall, ID: "toolu_2", Name: "get_time", Arguments: ``},
			}},
			{Role: conv.Tool, ToolCallID: "toolu_2", ToolName: "get_time", IsError: true, Blocks: []conv.Block{conv.TextBlock("clock unavailable")}},
			{Role: conv.Tool, ToolCallID: "toolu_1", ToolName: "get_weather", Blocks: []conv.Block{conv.TextBlock("Sunny, 21°C")}},
			{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("Thanks! And tomorrow?")}},
			{Role: conv.Assistant, API: "openai-responses", Model: "gpt-5", Blocks: []conv.Block{
				{Type: conv.Thinking, ID: "rs_1", Data: "encrypted", Text: "summary"},
				conv.TextBlock("Tomorrow looks similar."),
			}},
			{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("One more time."), conv.TextBlock("")}},
		},
		Tools: []provider.Tool{
			{Name: "get_weather", Description: "Current weather for a place.", Schema: json.RawMessage(`{"type":"object","properties":{"location":{"type":"string"}},"required":["location"]}`)},
			{Name: "get_time", Description: "The time."},
		},
	}
}

func open(t *testing.T, srv *wiretest.Server, mutate ...func(*provider.Request)) (provider.Stream, error) {
	t.Helper()
	req := conversation(srv.URL)
	req.HTTPClient = srv.Client()
	for _, m := range mutate {
		m(req)
	}
	return Protocol{}.Open(context.Background(), req)
}

func TestRequest(t *testing.T) {
	srv := wiretest.NewServer(t, wiretest.Reply{Body: wiretest.Fixture(t, "text.sse")})
	st, err := open(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	wiretest.Collect(t, st)
	got := srv.Requests()[0]
	if got.Method != "POST" || got.Path != "/v1/messages" {
		t.Errorf("sent %s %s", got.Method, got.Path)
	}
	for h, want := range map[string]string{"X-Api-Key": testKey, "Anthropic-Version": "2023-06-01", "Content-Type": "application/json", "Accept": "text/event-stream"} {
		if v := got.Header.Get(h); v != want {
			t.Errorf("header %s = %q, want %q", h, v, want)
		}
	}
	if got.Header.Get("Authorization") != "" {
		t.Error("Anthropic takes the key in x-api-key, not Authorization")
	}
	wiretest.SameJSON(t, got.Body, wiretest.Fixture(t, "request.json"))
}

func TestRequestOptions(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*provider.Request)
		want   map[string]string // top-level fields as JSON, "" = absent
	}{
		{"tool_choice required is any, and turns thinking off", func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "required"} },
			map[string]string{"tool_choice": `{"type":"any"}`, "thinking": ""}},
		{"tool_choice names a tool", func(r *provider.Request) {
			r.ToolChoice = provider.ToolChoice{Mode: "tool", Name: "get_time"}
			r.Effort = ""
		},
			map[string]string{"tool_choice": `{"type":"tool","name":"get_time"}`, "thinking": ""}},
		{"tool_choice none", func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "none"} },
			map[string]string{"tool_choice": `{"type":"none"}`, "thinking": `{"type":"enabled","budget_tokens":10240}`}},
		{"no tools, no tool_choice", func(r *provider.Request) { r.Tools = nil; r.ToolChoice = provider.ToolChoice{Mode: "required"} },
			map[string]string{"tools": "", "tool_choice": ""}},
		{"effort off", func(r *provider.Request) { r.Effort = "off" }, map[string]string{"thinking": ""}},
		{"a numeric budget", func(r *provider.Request) { r.Effort = "12000" }, map[string]string{"thinking": `{"type":"enabled","budget_tokens":12000}`}},
		{"budget lowered under max_tokens", func(r *provider.Request) { r.Effort = "high"; r.MaxTokens = 16000 },
			map[string]string{"thinking": `{"type":"enabled","budget_tokens":11904}`, "max_tokens": "16000"}},
		{"max_tokens too small for thinking", func(r *provider.Request) { r.Effort = "high"; r.MaxTokens = 5000 },
			map[string]string{"thinking": "", "max_tokens": "5000"}},
		{"an older model's output limit", func(r *provider.Request) { r.Model = "claude-3-5-haiku-20241022"; r.Effort = "" },
			map[string]string{"max_tokens": "8192", "model": `"claude-3-5-haiku-20241022"`}},
		{"no system prompt", func(r *provider.Request) { r.System = "" }, map[string]string{"system": ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := wiretest.NewServer(t, wiretest.Reply{Body: wiretest.Fixture(t, "text.sse")})
			st, err := open(t, srv, c.mutate)
			if err != nil {
				t.Fatal(err)
			}
			wiretest.Collect(t, st)
			var body map[string]json.RawMessage
			json.Unmarshal(srv.Requests()[0].Body, &body)
			for k, want := range c.want {
				got, ok := body[k]
				if want == "" {
					if ok {
						t.Errorf("%s = %s, want it absent", k, got)
					}
					continue
				}
				var g, w any
				json.Unmarshal(got, &g)
				json.Unmarshal([]byte(want), &w)
				if gj, _ := json.Marshal(g); string(gj) != mustCompact(want) {
					t.Errorf("%s = %s, want %s", k, got, want)
				}
			}
		})
	}
}

func mustCompact(s string) string {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		panic(err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func TestRequestRefused(t *testing.T) {
	for _, c := range []struct {
		name   string
		mutate func(*provider.Request)
	}{
		{"unknown effort", func(r *provider.Request) { r.Effort = "ludicrous" }},
		{"unknown tool_choice", func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "sometimes"} }},
		{"tool_choice without a name", func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "tool"} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := wiretest.NewServer(t, wiretest.Reply{Body: wiretest.Fixture(t, "text.sse")})
			_, err := open(t, srv, c.mutate)
			if pe := provider.AsError(err); pe == nil || pe.Kind != provider.InvalidRequest {
				t.Errorf("got %v, want an invalid_request error", err)
			}
			if n := len(srv.Requests()); n != 0 {
				t.Errorf("%d requests were sent", n)
			}
		})
	}
}

func TestMessagesURL(t *testing.T) {
	for in, want := range map[string]string{
		"":                              "https://api.anthropic.com/v1/messages",
		"https://api.anthropic.com":     "https://api.anthropic.com/v1/messages",
		"https://api.anthropic.com/":    "https://api.anthropic.com/v1/messages",
		"https://proxy.example/v1":      "https://proxy.example/v1/messages",
		"http://127.0.0.1:9000/claude/": "http://127.0.0.1:9000/claude/v1/messages",
	} {
		if got := MessagesURL(in); got != want {
			t.Errorf("MessagesURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStreams plays each fixture and checks what the stream assembled;
// the expectations are read off the fixture files.
func TestStreams(t *testing.T) {
	cases := []struct {
		name    string
		reply   wiretest.Reply
		idle    time.Duration
		want    wiretest.Result
		kind    provider.Kind
		message string // the error message contains this
	}{
		{name: "plain text", reply: wiretest.Reply{Body: wiretest.Fixture(t, "text.sse")},
			want: wiretest.Result{Text: "Hello, wörld — 日本語も大丈夫 🎉", Stop: conv.StopEnd,
				Usage: conv.Usage{Input: 472, CacheWrite: 1024, CacheRead: 2048, Output: 15}}},
		{name: "text then a tool call in pieces", reply: wiretest.Reply{Body: wiretest.Fixture(t, "tool_call.sse")},
			want: wiretest.Result{Text: "Let me check the weather in Zürich.", Stop: conv.StopToolUse,
				Calls: []wiretest.Call{{ID: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", Name: "get_weather", Arguments: `{"location": "Zürich, 🇨🇭", "note": "caf\u00e9 日本", "unit": "celsius"}`, Ended: true}},
				Usage: conv.Usage{Input: 472, Output: 89}}},
		{name: "parallel tool calls", reply: wiretest.Reply{Body: wiretest.Fixture(t, "parallel_tools.sse")},
			want: wiretest.Result{Text: "Reading both files.", Stop: conv.StopToolUse,
				Calls: []wiretest.Call{
					{ID: "toolu_01A", Name: "read", Arguments: `{"path": "a.go"}`, Ended: true},
					{ID: "toolu_01B", Name: "read", Arguments: `{"path": "b.go"}`, Ended: true},
					{ID: "toolu_01C", Name: "ls", Arguments: `{}`, Ended: true},
				},
				Usage: conv.Usage{Input: 600, Output: 120}}},
		{name: "thinking with signature", reply: wiretest.Reply{Body: wiretest.Fixture(t, "thinking.sse")},
			want: wiretest.Result{Text: "27 × 453 = 12,231", Stop: conv.StopEnd,
				Thinking: []wiretest.Thinking{
					{Text: "The user wants 27 * 453. 27 * 453 = 12231.", Signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"},
					{Redacted: true, Data: "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"},
				},
				Usage: conv.Usage{Input: 80, Output: 310}}},
		{name: "usage in the last event", reply: wiretest.Reply{Body: wiretest.Fixture(t, "usage_last.sse")},
			want: wiretest.Result{Text: "Done.", Stop: conv.StopLength,
				Usage: conv.Usage{Input: 3100, CacheWrite: 512, CacheRead: 90000, Output: 4096, Reasoning: 1500}}},
		{name: "an error event mid-stream", reply: wiretest.Reply{Body: wiretest.Fixture(t, "error_mid.sse")},
			want: wiretest.Result{Text: "Partial answ"}, kind: provider.Overloaded, message: "work-claude: overloaded: Overloaded"},
		{name: "message_stop missing", reply: wiretest.Reply{Body: wiretest.Fixture(t, "no_stop.sse")},
			want: wiretest.Result{Text: "Hello, wörld — 日本語も大丈夫 🎉"}, kind: provider.Transport, message: "before message_stop"},
		{name: "connection closed mid-stream", reply: wiretest.Reply{Body: wiretest.Fixture(t, "text.sse"), CutAt: strings.Index(wiretest.Fixture(t, "text.sse"), "wörld") + 2},
			want: wiretest.Result{Text: "Hello"}, kind: provider.Transport, message: "closed in the middle"},
		{name: "a stall past the idle timeout", reply: wiretest.Reply{Body: wiretest.Fixture(t, "text.sse"), StallAt: strings.Index(wiretest.Fixture(t, "text.sse"), "content_block_stop")},
			idle: 200 * time.Millisecond,
			want: wiretest.Result{Text: "Hello, wörld — 日本語も大丈夫 🎉", Partial: true}, kind: provider.Transport, message: "no data for 200ms (idle_timeout)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := wiretest.NewServer(t, c.reply)
			st, err := open(t, srv, func(r *provider.Request) { r.IdleTimeout = c.idle })
			if err != nil {
				t.Fatal(err)
			}
			got := wiretest.Collect(t, st)
			wiretest.Check(t, got, c.want, c.kind, c.message)
		})
	}
}

func TestArgumentsDecode(t *testing.T) {
	// The pieces of tool_call.sse join into JSON with the escape that
	// was split across two deltas intact.
	var args struct{ Location, Note, Unit string }
	if err := json.Unmarshal([]byte(`{"location": "Zürich, 🇨🇭", "note": "caf\u00e9 日本", "unit": "celsius"}`), &args); err != nil || args.Note != "café 日本" {
		t.Fatalf("%+v %v", args, err)
	}
}

// TestRefusals: the HTTP errors before the stream, classified.
func TestRefusals(t *testing.T) {
	cases := []struct {
		name       string
		reply      wiretest.Reply
		kind       provider.Kind
		retryAfter time.Duration
		message    string
	}{
		{"401", wiretest.Reply{Status: 401, Body: `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key ` + testKey + `"}}`},
			provider.Authentication, 0, "work-claude: authentication failed (HTTP 401): invalid x-api-key [redacted]"},
		{"403", wiretest.Reply{Status: 403, Body: `{"type":"error","error":{"type":"permission_error","message":"Your API key does not have permission"}}`},
			provider.Authentication, 0, "permission"},
		{"404 unknown model", wiretest.Reply{Status: 404, Body: `{"type":"error","error":{"type":"not_found_error","message":"model: claude-nope"}}`},
			provider.ModelNotFound, 0, "model not found (HTTP 404): model: claude-nope"},
		{"429 with retry-after", wiretest.Reply{Status: 429, Header: map[string]string{"Retry-After": "7"}, Body: `{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`},
			provider.RateLimit, 7 * time.Second, "rate limited (HTTP 429)"},
		{"529", wiretest.Reply{Status: 529, Body: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`},
			provider.Overloaded, 0, "overloaded (HTTP 529): Overloaded"},
		{"400", wiretest.Reply{Status: 400, Body: `{"type":"error","error":{"type":"invalid_request_error","message":"messages.1.content.0: unexpected tool_use_id"}}`},
			provider.InvalidRequest, 0, "unexpected tool_use_id"},
		{"400 prompt too long", wiretest.Reply{Status: 400, Body: `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210532 tokens > 200000 maximum"}}`},
			provider.ContextOverflow, 0, "context window exceeded (HTTP 400): prompt is too long"},
		{"413", wiretest.Reply{Status: 413, Body: `{"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum allowed number of bytes."}}`},
			provider.InvalidRequest, 0, "maximum allowed"},
		{"500", wiretest.Reply{Status: 500, Body: `{"type":"error","error":{"type":"api_error","message":"Internal server error"}}`},
			provider.Server, 0, "server error (HTTP 500)"},
		{"502 from a proxy, in HTML", wiretest.Reply{Status: 502, Header: map[string]string{"Content-Type": "text/html"}, Body: `<html><body>Bad Gateway</body></html>`},
			provider.Server, 0, "(HTTP 502): Bad Gateway"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := wiretest.NewServer(t, c.reply)
			_, err := open(t, srv)
			pe := provider.AsError(err)
			if pe == nil {
				t.Fatalf("got %v, want a provider error", err)
			}
			if pe.Kind != c.kind || pe.Status != c.reply.Status || pe.RetryAfter != c.retryAfter || pe.Provider != "work-claude" {
				t.Errorf("got %+v, want kind %s, status %d, retry after %v", pe, c.kind, c.reply.Status, c.retryAfter)
			}
			if !strings.Contains(err.Error(), c.message) {
				t.Errorf("message %q does not say %q", err, c.message)
			}
			if strings.Contains(err.Error(), testKey) {
				t.Errorf("the message shows the key: %q", err)
			}
		})
	}
}

// TestRateLimitThenSuccess: the classification and the delay the loop's
// backoff takes from it; the retry is the same Open again.
func TestRateLimitThenSuccess(t *testing.T) {
	srv := wiretest.NewServer(t,
		wiretest.Reply{Status: 429, Header: map[string]string{"Retry-After": "3"}, Body: `{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}`},
		wiretest.Reply{Body: wiretest.Fixture(t, "text.sse")})
	_, err := open(t, srv)
	pe := provider.AsError(err)
	if pe == nil || pe.Kind != provider.RateLimit || !pe.Retryable() {
		t.Fatalf("first try: %v", err)
	}
	delay, retry := provider.Backoff{Attempts: 2, Base: time.Second, Max: 10 * time.Second}.Delay(1, pe)
	if !retry || delay != 3*time.Second {
		t.Errorf("backoff: %v %v, want the server's 3s", delay, retry)
	}
	st, err := open(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	if got := wiretest.Collect(t, st); got.Err != nil || got.Text != "Hello, wörld — 日本語も大丈夫 🎉" {
		t.Errorf("second try: %+v", got)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
}

func TestConnectionRefused(t *testing.T) {
	srv := wiretest.NewServer(t, wiretest.Reply{Body: ""})
	url := srv.URL
	srv.Close()
	_, err := Protocol{}.Open(context.Background(), &provider.Request{Provider: "p", Model: "m", BaseURL: url})
	if pe := provider.AsError(err); pe == nil || pe.Kind != provider.Transport || !pe.Retryable() {
		t.Errorf("got %v, want a transport error", err)
	}
}

// TestCancel: cancelling the context ends a stream that is waiting for
// data, with the context's error.
func TestCancel(t *testing.T) {
	body := wiretest.Fixture(t, "text.sse")
	srv := wiretest.NewServer(t, wiretest.Reply{Body: body, StallAt: strings.Index(body, "content_block_stop")})
	ctx, cancel := context.WithCancel(context.Background())
	req := conversation(srv.URL)
	req.HTTPClient = srv.Client()
	st, err := Protocol{}.Open(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for range 3 { // the text deltas
		if _, err := st.Recv(); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error, 1)
	go func() {
		_, err := st.Recv()
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Recv after cancel: %v, want context.Canceled", err)
	}
	if _, err := st.Recv(); !errors.Is(err, context.Canceled) {
		t.Errorf("Recv again: %v", err)
	}
	if err := st.Close(); err != nil {
		t.Error(err)
	}
}

// TestStallBeforeHeaders: the idle timeout covers the wait for the
// response too.
func TestStallBeforeHeaders(t *testing.T) {
	srv := wiretest.NewServer(t, wiretest.Reply{})
	srv.Config.Handler = stallHandler{}
	_, err := open(t, srv, func(r *provider.Request) { r.IdleTimeout = 30 * time.Millisecond })
	if pe := provider.AsError(err); pe == nil || pe.Kind != provider.Transport || !strings.Contains(pe.Message, "no response for 30ms") {
		t.Errorf("got %v", err)
	}
}

// TestEOFAfterDone: once Done was delivered, the stream is over, even
// if the turn's context is cancelled afterwards.
func TestEOFAfterDone(t *testing.T) {
	srv := wiretest.NewServer(t, wiretest.Reply{Body: wiretest.Fixture(t, "text.sse")})
	ctx, cancel := context.WithCancel(context.Background())
	req := conversation(srv.URL)
	req.HTTPClient = srv.Client()
	st, err := Protocol{}.Open(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for {
		ev, err := st.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if ev.Type == provider.Done {
			break
		}
	}
	cancel()
	if _, err := st.Recv(); err != io.EOF {
		t.Errorf("Recv after Done and cancel: %v, want io.EOF", err)
	}
	st.Close()
}
