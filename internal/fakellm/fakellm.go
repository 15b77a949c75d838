// Package fakellm is a local OpenAI-compatible chat completions server
// for tests: it answers each request with the next scripted reply,
// streamed as the SSE chunks such servers send (llama.cpp, vLLM,
// Ollama), and keeps the request bodies for the test to check. It is the
// "real provider" of tests that run panto end to end, since tests have no
// network beyond 127.0.0.1.
package fakellm

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
)

// Reply is one scripted answer: text, then tool calls (name → JSON
// arguments, in order).
type Reply struct {
	Text  string
	Calls []Call
}

// Call is a tool call of a reply.
type Call struct {
	ID, Name, Arguments string
}

// Server is a running fake.
type Server struct {
	*httptest.Server
	mu      sync.Mutex
	replies []Reply
	bodies  []map[string]any
}

// New starts a server answering with replies in order (the last one
// again once they run out). Its base URL for panto is URL + "/v1".
func New(replies ...Reply) *Server {
	s := &Server{replies: replies}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Bodies returns the decoded request bodies received so far.
func (s *Server) Bodies() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.bodies...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" {
		http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
		return
	}
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	json.Unmarshal(raw, &body)
	s.mu.Lock()
	s.bodies = append(s.bodies, body)
	n := len(s.bodies)
	var rep Reply
	if len(s.replies) > 0 {
		rep = s.replies[min(n, len(s.replies))-1]
	}
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	fl, _ := w.(http.Flusher)
	send := func(v any) {
		data, _ := json.Marshal(v)
		fmt.Fprintf(w, "data: %s\n\n", data)
		if fl != nil {
			fl.Flush()
		}
	}
	delta := func(d map[string]any, finish any) map[string]any {
		return map[string]any{"object": "chat.completion.chunk", "choices": []any{map[string]any{"index": 0, "delta": d, "finish_reason": finish}}}
	}
	if rep.Text != "" {
		send(delta(map[string]any{"role": "assistant", "content": rep.Text}, nil))
	}
	for i, c := range rep.Calls {
		id := c.ID
		if id == "" {
			id = fmt.Sprintf("call_%d_%d", n, i+1)
		}
		send(delta(map[string]any{"tool_calls": []any{map[string]any{"index": i, "id": id, "type": "function",
			"function": map[string]any{"name": c.Name, "arguments": c.Arguments}}}}, nil))
	}
	finish := "stop"
	if len(rep.Calls) > 0 {
		finish = "tool_calls"
	}
	send(delta(map[string]any{}, finish))
	send(map[string]any{"object": "chat.completion.chunk", "choices": []any{}, "usage": map[string]any{"prompt_tokens": 10 * n, "completion_tokens": 5, "total_tokens": 10*n + 5}})
	fmt.Fprint(w, "data: [DONE]\n\n")
}
