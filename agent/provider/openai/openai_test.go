package openai

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
)

const testKey = "sk-proj-test-abcdef123456"

// protocols are the two protocols under test, with the file prefix of
// their fixtures.
var protocols = []struct {
	name   string
	proto  provider.Protocol
	prefix string
	path   string
}{
	{CompletionsName, Completions{}, "chat_", "/v1/chat/completions"},
	{ResponsesName, Responses{}, "responses_", "/v1/responses"},
}

// conversation exercises every kind of block: an image, reasoning items
// (one without encrypted content, which cannot be sent back), parallel
// calls whose results arrive out of order, a result with an image, and
// a reply from another provider whose signed thinking must not be sent.
func conversation(baseURL string) *provider.Request {
	return &provider.Request{
		Provider: "oai", Model: "gpt-5", BaseURL: baseURL + "/v1", APIKey: testKey,
		Effort: "medium", MaxTokens: 2048, System: "You are panto.",
		Messages: []conv.Message{
			{Role: conv.User, Blocks: []conv.Block{
				conv.TextBlock("What is the weather in Zürich?"),
				{Type: conv.Image, MediaType: "image/png", Data: "iVBORw0KGgo="},
			}},
			{Role: conv.Assistant, API: ResponsesName, Model: "gpt-5", Blocks: []conv.Block{
				{Type: conv.Thinking, ID: "rs_1", Data: "enc-1", Text: "Need the weather tool."},
				{Type: conv.Thinking, ID: "rs_2", Text: "no encrypted content"},
				conv.TextBlock("Checking."),
				{Type: conv.ToolCall, ID: "call_1", Name: "get_weather", Arguments: `{"location":"Zürich"}`},
				{Type: conv.ToolCall, ID: "call_2", Name: "get_time"},
			}},
			{Role: conv.Tool, ToolCallID: "call_2", ToolName: "get_time", IsError: true, Blocks: []conv.Block{conv.TextBlock("clock unavailable")}},
			{Role: conv.Tool, ToolCallID: "call_1", ToolName: "get_weather", Blocks: []conv.Block{
				conv.TextBlock("Sunny, 21°C"), {Type: conv.Image, MediaType: "image/png", Data: "AAAA"},
			}},
			{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("Thanks! And tomorrow?")}},
			{Role: conv.Assistant, API: "anthropic-messages", Model: "claude-sonnet-4-5", Blocks: []conv.Block{
				{Type: conv.Thinking, Text: "hmm", Signature: "sig"},
				conv.TextBlock("Tomorrow looks similar."),
			}},
			{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("One more time.")}},
		},
		Tools: []provider.Tool{
			{Name: "get_weather", Description: "Current weather for a place.", Schema: json.RawMessage(`{"type":"object","properties":{"location":{"type":"string"}},"required":["location"]}`)},
			{Name: "get_time", Description: "The time."},
		},
	}
}

func open(t *testing.T, p provider.Protocol, srv *wiretest.Server, mutate ...func(*provider.Request)) (provider.Stream, error) {
	t.Helper()
	req := conversation(srv.URL)
	req.HTTPClient = srv.Client()
	for _, m := range mutate {
		m(req)
	}
	return p.Open(context.Background(), req)
}

func TestRequest(t *testing.T) {
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			srv := wiretest.NewServer(t, wiretest.Reply{Body: wiretest.Fixture(t, p.prefix+"text.sse")})
			st, err := open(t, p.proto, srv)
			if err != nil {
				t.Fatal(err)
			}
			wiretest.Collect(t, st)
			got := srv.Requests()[0]
			if got.Method != "POST" || got.Path != p.path {
				t.Errorf("sent %s %s, want POST %s", got.Method, got.Path, p.path)
			}
			// The body is JSON and the reply is asked for as a stream; some
			// compatible servers refuse a body without its type.
			for h, want := range map[string]string{"Authorization": "Bearer " + testKey, "Content-Type": "application/json", "Accept": "text/event-stream"} {
				if v := got.Header.Get(h); v != want {
					t.Errorf("%s = %q, want %q", h, v, want)
				}
			}
			wiretest.SameJSON(t, got.Body, wiretest.Fixture(t, p.prefix+"request.json"))
		})
	}
}

// TestLocalServer: a compatible server without a key gets no
// Authorization header, a bare host gets /v1, configured headers are
// sent, and max_tokens is the field compatible servers read.
func TestLocalServer(t *testing.T) {
	srv := wiretest.NewServer(t, wiretest.Reply{Body: wiretest.Fixture(t, "chat_text.sse")})
	st, err := open(t, Completions{}, srv, func(r *provider.Request) {
		r.APIKey, r.BaseURL, r.Effort = "", srv.URL, ""
		r.Headers = map[string]string{"X-Title": "panto"}
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := wiretest.Collect(t, st); got.Err != nil {
		t.Fatal(got.Err)
	}
	req := srv.Requests()[0]
	if _, ok := req.Header["Authorization"]; ok {
		t.Errorf("sent Authorization %q without a key", req.Header.Get("Authorization"))
	}
	if req.Path != "/v1/chat/completions" || req.Header.Get("X-Title") != "panto" {
		t.Errorf("path %s, headers %v", req.Path, req.Header)
	}
	var body map[string]any
	json.Unmarshal(req.Body, &body)
	if body["max_tokens"] != 2048.0 || body["max_completion_tokens"] != nil || body["reasoning_effort"] != nil {
		t.Errorf("body %v", body)
	}
}

func TestEndpointURL(t *testing.T) {
	for _, c := range []struct{ base, want string }{
		{"", "https://api.openai.com/v1/chat/completions"},
		{"https://api.openai.com/v1/", "https://api.openai.com/v1/chat/completions"},
		{"http://localhost:11434", "http://localhost:11434/v1/chat/completions"},
		{"http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1/chat/completions"},
		{"https://openrouter.ai/api/v1", "https://openrouter.ai/api/v1/chat/completions"},
	} {
		if got := EndpointURL(c.base, "chat/completions"); got != c.want {
			t.Errorf("EndpointURL(%q) = %q, want %q", c.base, got, c.want)
		}
	}
	if !official("") || !official("https://api.openai.com/v1") || official("http://localhost:8000/v1") {
		t.Error("official")
	}
}

func TestRequestOptions(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*provider.Request)
		chat   map[string]string // top-level field → JSON ("" absent)
		resp   map[string]string
	}{
		{"tool_choice required", func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "required"} },
			map[string]string{"tool_choice": `"required"`}, map[string]string{"tool_choice": `"required"`}},
		{"tool_choice none", func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "none"} },
			map[string]string{"tool_choice": `"none"`}, map[string]string{"tool_choice": `"none"`}},
		{"tool_choice names a tool", func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "tool", Name: "get_time"} },
			map[string]string{"tool_choice": `{"type":"function","function":{"name":"get_time"}}`},
			map[string]string{"tool_choice": `{"type":"function","name":"get_time"}`}},
		{"auto is the default", func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "auto"} },
			map[string]string{"tool_choice": ""}, map[string]string{"tool_choice": ""}},
		{"no tools, no tool_choice", func(r *provider.Request) { r.Tools = nil; r.ToolChoice = provider.ToolChoice{Mode: "required"} },
			map[string]string{"tools": "", "tool_choice": ""}, map[string]string{"tools": "", "tool_choice": ""}},
		{"effort off", func(r *provider.Request) { r.Effort = "off" },
			map[string]string{"reasoning_effort": ""}, map[string]string{"reasoning": "", "include": ""}},
		{"effort high", func(r *provider.Request) { r.Effort = "High" },
			map[string]string{"reasoning_effort": `"high"`}, map[string]string{"reasoning": `{"effort":"high","summary":"auto"}`}},
		{"no max tokens", func(r *provider.Request) { r.MaxTokens = 0 },
			map[string]string{"max_tokens": "", "max_completion_tokens": ""}, map[string]string{"max_output_tokens": ""}},
		{"no system prompt", func(r *provider.Request) { r.System = "" },
			map[string]string{}, map[string]string{"instructions": ""}},
	}
	for _, c := range cases {
		for i, p := range protocols {
			want := c.chat
			if i == 1 {
				want = c.resp
			}
			t.Run(c.name+"/"+p.name, func(t *testing.T) {
				srv := wiretest.NewServer(t, wiretest.Reply{Body: wiretest.Fixture(t, p.prefix+"text.sse")})
				st, err := open(t, p.proto, srv, c.mutate)
				if err != nil {
					t.Fatal(err)
				}
				wiretest.Collect(t, st)
				var body map[string]json.RawMessage
				json.Unmarshal(srv.Requests()[0].Body, &body)
				for k, w := range want {
					got, ok := body[k]
					if w == "" {
						if ok {
							t.Errorf("%s = %s, want it absent", k, got)
						}
						continue
					}
					if compact(string(got)) != compact(w) {
						t.Errorf("%s = %s, want %s", k, got, w)
					}
				}
				if i == 0 && c.name == "no system prompt" {
					var msgs []map[string]any
					json.Unmarshal(body["messages"], &msgs)
					if msgs[0]["role"] == "system" {
						t.Error("a system message without a system prompt")
					}
				}
			})
		}
	}
}

func compact(s string) string {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return "invalid: " + s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func TestRequestRefused(t *testing.T) {
	for _, p := range protocols {
		for _, m := range []func(*provider.Request){
			func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "sometimes"} },
			func(r *provider.Request) { r.ToolChoice = provider.ToolChoice{Mode: "tool"} },
			func(r *provider.Request) { r.Effort = `very "high"` },
		} {
			srv := wiretest.NewServer(t, wiretest.Reply{Body: ""})
			_, err := open(t, p.proto, srv, m)
			if pe := provider.AsError(err); pe == nil || pe.Kind != provider.InvalidRequest || len(srv.Requests()) != 0 {
				t.Errorf("%s: got %v after %d requests, want invalid_request before sending", p.name, err, len(srv.Requests()))
			}
		}
	}
}

// weatherCall is the call of the *_tool_call.sse fixtures.
const weatherArgs = `{"location": "Zürich, 🇨🇭", "note": "caf\u00e9 日本", "unit": "celsius"}`

type streamCase struct {
	name    string
	reply   wiretest.Reply
	idle    time.Duration
	want    wiretest.Result
	kind    provider.Kind
	message string
}

func runStreams(t *testing.T, p provider.Protocol, cases []streamCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := wiretest.NewServer(t, c.reply)
			st, err := open(t, p, srv, func(r *provider.Request) { r.IdleTimeout = c.idle })
			if err != nil {
				t.Fatal(err)
			}
			wiretest.Check(t, wiretest.Collect(t, st), c.want, c.kind, c.message)
		})
	}
}

const hello = "Hello, wörld — 日本語も大丈夫 🎉"

func TestChatStreams(t *testing.T) {
	fx := func(name string) string { return wiretest.Fixture(t, "chat_"+name+".sse") }
	text := fx("text")
	runStreams(t, Completions{}, []streamCase{
		{name: "plain text", reply: wiretest.Reply{Body: text},
			want: wiretest.Result{Text: hello, Stop: conv.StopEnd, Usage: conv.Usage{Input: 176, CacheRead: 1024, Output: 15}}},
		{name: "text then a tool call in pieces", reply: wiretest.Reply{Body: fx("tool_call")},
			want: wiretest.Result{Text: "Let me check the weather in Zürich.", Stop: conv.StopToolUse,
				Calls: []wiretest.Call{{ID: "call_Zr8", Name: "get_weather", Arguments: weatherArgs, Ended: true}},
				Usage: conv.Usage{Input: 472, Output: 89}}},
		{name: "parallel tool calls, interleaved", reply: wiretest.Reply{Body: fx("parallel_tools")},
			want: wiretest.Result{Stop: conv.StopToolUse, Calls: []wiretest.Call{
				{ID: "call_A", Name: "read", Arguments: `{"path": "a.go"}`, Ended: true},
				{ID: "call_B", Name: "read", Arguments: `{"path": "b.go"}`, Ended: true},
				{ID: "call_C", Name: "ls", Arguments: `{}`, Ended: true},
			}, Usage: conv.Usage{Input: 600, Output: 120}}},
		{name: "calls without an index, finish_reason stop", reply: wiretest.Reply{Body: fx("compat_tools")},
			want: wiretest.Result{Stop: conv.StopToolUse, Calls: []wiretest.Call{
				{ID: "call_x1", Name: "read", Arguments: `{"path":"a.go"}`, Ended: true},
				{ID: "call_x2", Name: "read", Arguments: `{"path":"b.go"}`, Ended: true},
			}}},
		{name: "reasoning_content", reply: wiretest.Reply{Body: fx("reasoning")},
			want: wiretest.Result{Text: "27 × 453 = 12,231", Stop: conv.StopEnd,
				Thinking: []wiretest.Thinking{{Text: "The user wants 27 * 453. 27 * 453 = 12231."}},
				Usage:    conv.Usage{Input: 16, CacheRead: 64, Output: 310, Reasoning: 290}}},
		{name: "usage in the last event", reply: wiretest.Reply{Body: fx("usage_last")},
			want: wiretest.Result{Text: "Done.", Stop: conv.StopLength, Usage: conv.Usage{Input: 3100, CacheRead: 90000, Output: 4096, Reasoning: 1500}}},
		{name: "an error event mid-stream", reply: wiretest.Reply{Body: fx("error_mid")},
			want: wiretest.Result{Text: "Partial answ"}, kind: provider.Server, message: "oai: server error: The server had an error"},
		{name: "[DONE] missing after finish_reason", reply: wiretest.Reply{Body: fx("no_done")},
			want: wiretest.Result{Text: "Hello from a local server", Stop: conv.StopEnd, Usage: conv.Usage{Input: 12, Output: 5}}},
		{name: "[DONE] and finish_reason missing", reply: wiretest.Reply{Body: fx("cut")},
			want: wiretest.Result{Text: "Hello there"}, kind: provider.Transport, message: "before finish_reason and [DONE]"},
		{name: "connection closed mid-stream", reply: wiretest.Reply{Body: text, CutAt: strings.Index(text, "wörld") + 2},
			want: wiretest.Result{Text: "Hello"}, kind: provider.Transport, message: "closed in the middle"},
		{name: "a stall past the idle timeout", reply: wiretest.Reply{Body: text, StallAt: strings.Index(text, `"finish_reason":"stop"`)},
			idle: 200 * time.Millisecond, want: wiretest.Result{Text: hello, Partial: true}, kind: provider.Transport, message: "no data for 200ms (idle_timeout)"},
	})
}

func TestResponsesStreams(t *testing.T) {
	fx := func(name string) string { return wiretest.Fixture(t, "responses_"+name+".sse") }
	text := fx("text")
	runStreams(t, Responses{}, []streamCase{
		{name: "plain text", reply: wiretest.Reply{Body: text},
			want: wiretest.Result{Text: hello, Stop: conv.StopEnd, Usage: conv.Usage{Input: 176, CacheRead: 1024, Output: 15}}},
		{name: "text then a tool call in pieces", reply: wiretest.Reply{Body: fx("tool_call")},
			want: wiretest.Result{Text: "Let me check the weather in Zürich.", Stop: conv.StopToolUse,
				Calls: []wiretest.Call{{ID: "call_Zr8", Name: "get_weather", Arguments: weatherArgs, Ended: true}},
				Usage: conv.Usage{Input: 472, Output: 89}}},
		{name: "parallel tool calls, interleaved", reply: wiretest.Reply{Body: fx("parallel_tools")},
			want: wiretest.Result{Stop: conv.StopToolUse, Calls: []wiretest.Call{
				{ID: "call_A", Name: "read", Arguments: `{"path": "a.go"}`, Ended: true},
				{ID: "call_B", Name: "read", Arguments: `{"path": "b.go"}`, Ended: true},
				{ID: "call_C", Name: "ls", Arguments: `{}`, Ended: true},
			}, Usage: conv.Usage{Input: 600, Output: 120}}},
		{name: "reasoning items with encrypted content", reply: wiretest.Reply{Body: fx("reasoning")},
			want: wiretest.Result{Text: "27 × 453 = 12,231", Stop: conv.StopEnd,
				Thinking: []wiretest.Thinking{
					{Text: "**Multiplying** 27 by 453.\n\nIt is 12231.", ID: "rs_01", Data: "gAAAAABoISQ24OyVRYbkYfukdMcm"},
					{Text: "Checked.", ID: "rs_02", Data: "gAAAAABoISQ2second"},
				},
				Usage: conv.Usage{Input: 16, CacheRead: 64, Output: 310, Reasoning: 290}}},
		{name: "usage in the last event, incomplete", reply: wiretest.Reply{Body: fx("incomplete")},
			want: wiretest.Result{Text: "Done.", Stop: conv.StopLength, Usage: conv.Usage{Input: 3100, CacheRead: 90000, Output: 4096, Reasoning: 1500}}},
		{name: "an error event mid-stream", reply: wiretest.Reply{Body: fx("error_mid")},
			want: wiretest.Result{Text: "Partial answ"}, kind: provider.RateLimit, message: "oai: rate limited: Rate limit reached"},
		{name: "response.failed", reply: wiretest.Reply{Body: fx("failed")},
			kind: provider.Server, message: "The model failed to generate a response."},
		{name: "response.completed missing", reply: wiretest.Reply{Body: fx("no_completed")},
			want: wiretest.Result{Text: hello}, kind: provider.Transport, message: "before response.completed"},
		{name: "connection closed mid-stream", reply: wiretest.Reply{Body: text, CutAt: strings.Index(text, "wörld") + 2},
			want: wiretest.Result{Text: "Hello"}, kind: provider.Transport, message: "closed in the middle"},
		{name: "a stall past the idle timeout", reply: wiretest.Reply{Body: text, StallAt: strings.Index(text, "response.output_text.done")},
			idle: 200 * time.Millisecond, want: wiretest.Result{Text: hello, Partial: true}, kind: provider.Transport, message: "no data for 200ms (idle_timeout)"},
	})
}

// TestRefusals: HTTP errors before the stream, as OpenAI and the
// compatible servers word them.
func TestRefusals(t *testing.T) {
	cases := []struct {
		name       string
		reply      wiretest.Reply
		kind       provider.Kind
		retryAfter time.Duration
		message    string
	}{
		{"401 echoing the key", wiretest.Reply{Status: 401, Body: `{"error":{"message":"Incorrect API key provided: ` + testKey + `. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`},
			provider.Authentication, 0, "oai: authentication failed (HTTP 401): Incorrect API key provided: [redacted]."},
		{"404 model", wiretest.Reply{Status: 404, Body: `{"error":{"message":"The model ` + "`gpt-9`" + ` does not exist or you do not have access to it.","type":"invalid_request_error","param":null,"code":"model_not_found"}}`},
			provider.ModelNotFound, 0, "does not exist"},
		{"404 Ollama", wiretest.Reply{Status: 404, Body: `{"error":{"message":"model \"qwen9\" not found, try pulling it first","type":"api_error","param":null,"code":null}}`},
			provider.ModelNotFound, 0, "try pulling it first"},
		{"400 vLLM unknown model", wiretest.Reply{Status: 400, Body: `{"object":"error","message":"The model ` + "`llama`" + ` does not exist.","type":"NotFoundError","param":null,"code":404}`},
			provider.ModelNotFound, 0, "does not exist"},
		{"429 retry-after-ms", wiretest.Reply{Status: 429, Header: map[string]string{"Retry-After-Ms": "1500", "Retry-After": "2"}, Body: `{"error":{"message":"Rate limit reached for gpt-5 in organization org-1 on tokens per min (TPM): Limit 30000, Used 30000, Requested 1200.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}`},
			provider.RateLimit, 1500 * time.Millisecond, "rate limited (HTTP 429)"},
		{"429 quota is final", wiretest.Reply{Status: 429, Body: `{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}`},
			provider.Terminal, 0, "exceeded your current quota"},
		{"400 context length", wiretest.Reply{Status: 400, Body: `{"error":{"message":"This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`},
			provider.ContextOverflow, 0, "maximum context length is 128000 tokens"},
		{"400 responses window", wiretest.Reply{Status: 400, Body: `{"error":{"message":"Your input exceeds the context window of this model. Please adjust your input and try again.","type":"invalid_request_error","param":"input","code":"context_length_exceeded"}}`},
			provider.ContextOverflow, 0, "exceeds the context window"},
		{"400 llama.cpp context", wiretest.Reply{Status: 400, Body: `{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":9000,"n_ctx":8192}}`},
			provider.ContextOverflow, 0, "available context size"},
		{"400 invalid", wiretest.Reply{Status: 400, Body: `{"error":{"message":"Invalid value for 'tool_choice': 'sometimes'.","type":"invalid_request_error","param":"tool_choice","code":null}}`},
			provider.InvalidRequest, 0, "Invalid value"},
		{"503", wiretest.Reply{Status: 503, Body: `{"error":{"message":"The engine is currently overloaded, please try again later","type":"server_error"}}`},
			provider.Overloaded, 0, "overloaded (HTTP 503)"},
		{"500 plain text", wiretest.Reply{Status: 500, Header: map[string]string{"Content-Type": "text/plain"}, Body: "upstream   connect error\n"},
			provider.Server, 0, "server error (HTTP 500): upstream connect error"},
		{"529", wiretest.Reply{Status: 529, Body: `{"error":{"message":"Overloaded","type":"overloaded_error"}}`},
			provider.Overloaded, 0, "overloaded (HTTP 529)"},
	}
	for _, p := range protocols {
		for _, c := range cases {
			t.Run(p.name+"/"+c.name, func(t *testing.T) {
				srv := wiretest.NewServer(t, c.reply)
				_, err := open(t, p.proto, srv)
				pe := provider.AsError(err)
				if pe == nil {
					t.Fatalf("got %v, want a provider error", err)
				}
				if pe.Kind != c.kind || pe.Status != c.reply.Status || pe.RetryAfter != c.retryAfter || pe.Provider != "oai" {
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
}

func TestRateLimitThenSuccess(t *testing.T) {
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			srv := wiretest.NewServer(t,
				wiretest.Reply{Status: 429, Header: map[string]string{"Retry-After": "2"}, Body: `{"error":{"message":"slow down","type":"requests","code":"rate_limit_exceeded"}}`},
				wiretest.Reply{Body: wiretest.Fixture(t, p.prefix+"text.sse")})
			_, err := open(t, p.proto, srv)
			pe := provider.AsError(err)
			if pe == nil || pe.Kind != provider.RateLimit {
				t.Fatalf("first try: %v", err)
			}
			if d, ok := provider.DefaultBackoff.Delay(1, pe); !ok || d != 2*time.Second {
				t.Errorf("backoff %v %v, want the server's 2s", d, ok)
			}
			st, err := open(t, p.proto, srv)
			if err != nil {
				t.Fatal(err)
			}
			if got := wiretest.Collect(t, st); got.Err != nil || got.Text != hello {
				t.Errorf("second try: %+v", got)
			}
		})
	}
}

// TestJSONInsteadOfStream: a server that ignores stream: true.
func TestJSONInsteadOfStream(t *testing.T) {
	srv := wiretest.NewServer(t, wiretest.Reply{Header: map[string]string{"Content-Type": "application/json"}, Body: `{"id":"x","choices":[{"message":{"content":"hi"}}]}`})
	_, err := open(t, Completions{}, srv)
	if pe := provider.AsError(err); pe == nil || !strings.Contains(pe.Message, "instead of an event stream") {
		t.Errorf("got %v", err)
	}
}

func TestCancel(t *testing.T) {
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			body := wiretest.Fixture(t, p.prefix+"text.sse")
			srv := wiretest.NewServer(t, wiretest.Reply{Body: body, StallAt: strings.Index(body, "日本語")})
			ctx, cancel := context.WithCancel(context.Background())
			req := conversation(srv.URL)
			req.HTTPClient = srv.Client()
			st, err := p.proto.Open(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if ev, err := st.Recv(); err != nil || ev.Text != "Hello" {
				t.Fatalf("first event %+v %v", ev, err)
			}
			done := make(chan error, 1)
			go func() {
				for {
					if _, err := st.Recv(); err != nil {
						done <- err
						return
					}
				}
			}()
			cancel()
			if err := <-done; !errors.Is(err, context.Canceled) {
				t.Errorf("after cancel: %v, want context.Canceled", err)
			}
		})
	}
}

func TestBadBaseURL(t *testing.T) {
	for _, base := range []string{"localhost:8080/v1", "ftp://host/v1", "http://"} {
		_, err := Completions{}.Open(context.Background(), &provider.Request{Provider: "p", Model: "m", BaseURL: base})
		if pe := provider.AsError(err); pe == nil || pe.Kind != provider.InvalidRequest || !strings.Contains(pe.Message, "bad base_url") || pe.Retryable() {
			t.Errorf("base_url %q: %v", base, err)
		}
	}
}

// TestOfficialEndpoint: what only OpenAI's own API is sent (checked on
// the body; no request leaves the machine).
func TestOfficialEndpoint(t *testing.T) {
	req := conversation("")
	req.BaseURL, req.ContextKey = "", "session-42"
	for name, build := range map[string]func(*provider.Request) ([]byte, error){"chat": buildChatRequest, "responses": buildResponsesRequest} {
		body, err := build(req)
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		json.Unmarshal(body, &got)
		if got["prompt_cache_key"] != "session-42" {
			t.Errorf("%s: prompt_cache_key %v", name, got["prompt_cache_key"])
		}
		if name == "chat" && (got["max_completion_tokens"] != 2048.0 || got["max_tokens"] != nil) {
			t.Errorf("chat: max tokens %v / %v", got["max_completion_tokens"], got["max_tokens"])
		}
	}
	local := conversation("http://127.0.0.1:1")
	local.ContextKey = "session-42"
	body, _ := buildChatRequest(local)
	if strings.Contains(string(body), "prompt_cache_key") {
		t.Error("a compatible server was sent prompt_cache_key")
	}
}
