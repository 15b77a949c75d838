package agent

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestTurnAgainstOpenAICompatibleServer runs a whole tool-using turn
// through the built-in openai-completions protocol against a local
// server speaking its SSE wire format, the way a llama.cpp or vLLM
// server would, with no key configured.
func TestTurnAgainstOpenAICompatibleServer(t *testing.T) {
	var mu sync.Mutex
	var bodies []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" {
			http.Error(w, "not found", 404)
			return
		}
		if r.Header.Get("Authorization") != "" {
			t.Errorf("a local server without a key got Authorization %q", r.Header.Get("Authorization"))
		}
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		json.Unmarshal(raw, &body)
		mu.Lock()
		bodies = append(bodies, body)
		n := len(bodies)
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		send := func(s string) { fmt.Fprintf(w, "data: %s\n\n", s); w.(http.Flusher).Flush() }
		if n == 1 {
			send(`{"choices":[{"index":0,"delta":{"role":"assistant","content":"Let me echo."}}]}`)
			send(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"echo","arguments":"{\"mess"}}]}}]}`)
			send(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"age\":\"hi\"}"}}]}}]}`)
			send(`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`)
			send(`{"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":7,"total_tokens":19}}`)
		} else {
			send(`{"choices":[{"index":0,"delta":{"content":"It said hi."}}]}`)
			send(`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`)
			send(`{"choices":[],"usage":{"prompt_tokens":30,"completion_tokens":4,"total_tokens":34}}`)
		}
		send("[DONE]")
	}))
	defer srv.Close()
	ts := newSession(t, map[string]string{
		"config.toml":    "[providers.local]\nprotocol = \"openai-completions\"\nbase_url = \"" + srv.URL + "/v1\"\nmodels = { m = \"local-model\" }\n[models]\ndefault = \"local:m\"\n",
		"tools/echo.lua": echoTool,
	})
	res := ts.prompt("say hi")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "It said hi." || res.Usage.Input != 42 {
		t.Fatalf("result %+v", res)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(bodies) != 2 {
		t.Fatalf("%d requests", len(bodies))
	}
	if bodies[0]["model"] != "local-model" || bodies[0]["stream"] != true {
		t.Errorf("first request %v", bodies[0])
	}
	tools, _ := bodies[0]["tools"].([]any)
	if len(tools) != 1 || !strings.Contains(fmt.Sprint(tools[0]), "echo") {
		t.Errorf("tools %v", bodies[0]["tools"])
	}
	msgs, _ := bodies[1]["messages"].([]any)
	last, _ := msgs[len(msgs)-1].(map[string]any)
	if last["role"] != "tool" || last["tool_call_id"] != "call_1" || !strings.Contains(fmt.Sprint(last["content"]), "echo: hi") {
		t.Errorf("the second request does not pair the result with its call: %v", last)
	}
	c := ts.Agent().Conversation()
	if a := c.Messages[1]; a.API != "openai-completions" || a.ToolCalls()[0].Arguments != `{"message":"hi"}` {
		t.Errorf("assistant message %+v", a)
	}
	if info := ts.Host().Session(); info.APIStyle != "openai-completions" || info.BaseURL != srv.URL+"/v1" {
		t.Errorf("session_info %+v", info)
	}
}

func TestMissingKeyNamesTheVariable(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": "[providers.anthropic]\nprotocol = \"anthropic\"\nmodels = { s = \"claude-x\" }\n[models]\ndefault = \"anthropic:s\"\n",
	}, func(o *Options) { o.Getenv = func(string) string { return "" } })
	res := ts.prompt("hi")
	if res.Status != "failed" || !strings.Contains(res.Err.Error(), "ANTHROPIC_API_KEY") {
		t.Fatalf("result %+v", res)
	}
}
