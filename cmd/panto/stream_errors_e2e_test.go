package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// Provider failures as a headless user meets them: the built-in
// anthropic provider (only a key and ANTHROPIC_BASE_URL set) against a
// local server that misbehaves in one way per case.

// anthropicHead is a stream's start up to and including a first text
// delta.
const anthropicHead = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"m\",\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}}\n\n" +
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"The first half of the answer\"}}\n\n"

func TestStreamErrorsHeadless(t *testing.T) {
	cases := []struct {
		name     string
		handle   func(n int64, w http.ResponseWriter)
		code     int
		stdout   string
		stderr   string
		requests int64
	}{
		{"a web page instead of the API", func(n int64, w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html>It works!</html>")
		}, 1, "", "the server answered text/html, not an event stream", 1},
		{"cut before any output, then whole", func(n int64, w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/event-stream")
			if n == 1 {
				io.WriteString(w, anthropicHead[:40]) // inside the first event: nothing of the answer
				return
			}
			io.WriteString(w, e2eReplies["anthropic"][1])
		}, 0, "It has 3 words.", "retrying", 2},
		{"cut after output", func(n int64, w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, anthropicHead)
		}, 1, "The first half of the answer", "the answer above is incomplete: the turn failed after it began", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			inProject(t, t.TempDir())
			var n atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.ReadAll(r.Body)
				c.handle(n.Add(1), w)
			}))
			defer srv.Close()
			t.Setenv("ANTHROPIC_API_KEY", "sk-test")
			t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
			code, out, errOut := runCLI(t, "-p", "hi")
			if code != c.code || strings.TrimSpace(out) != c.stdout || !strings.Contains(errOut, c.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", code, out, errOut, c.code, c.stdout, c.stderr)
			}
			if got := n.Load(); got != c.requests {
				t.Errorf("%d requests, want %d", got, c.requests)
			}
		})
	}
}
