package anthropic

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
)

// streamHandler answers with an event stream: the message's start, then
// whatever body writes until the client goes away.
func streamHandler(body func(w io.Writer, flush func(), done <-chan struct{})) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":1}}}\n\n")
		fmt.Fprint(w, "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n")
		f := w.(http.Flusher)
		f.Flush()
		body(w, f.Flush, r.Context().Done())
	})
}

// TestResponseBounds: a response that never ends is stopped by
// max_response_bytes, and one that drips a byte at a time (each byte
// resetting the idle watchdog) by request_timeout, each with a transport
// error that names the setting; neither is reported as a cancellation.
func TestResponseBounds(t *testing.T) {
	endless := streamHandler(func(w io.Writer, flush func(), done <-chan struct{}) {
		delta := "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"" + strings.Repeat("x", 1000) + "\"}}\n\n"
		// Bounded: 1 GB at most, and the client leaves after 64 KiB.
		for range 1 << 20 {
			select {
			case <-done:
				return
			default:
			}
			if _, err := io.WriteString(w, delta); err != nil {
				return
			}
		}
	})
	drip := streamHandler(func(w io.Writer, flush func(), done <-chan struct{}) {
		// Bounded: a minute at most, and the client leaves after 300ms.
		for range 6000 {
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
			if _, err := io.WriteString(w, ":"); err != nil {
				return
			}
			flush()
		}
	})
	cases := []struct {
		name    string
		handler http.Handler
		mutate  func(*provider.Request)
		message string
	}{
		{"an endless stream", endless, func(r *provider.Request) { r.MaxResponseBytes = 64 << 10 }, "work-claude: connection failed: the response reached 65536 bytes (max_response_bytes)"},
		{"a byte at a time", drip, func(r *provider.Request) { r.RequestTimeout = 300 * time.Millisecond; r.IdleTimeout = time.Second },
			"work-claude: connection failed: the response took longer than 300ms (request_timeout)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := wiretest.NewServer(t, wiretest.Reply{})
			srv.Config.Handler = c.handler
			st, err := open(t, srv, c.mutate)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			var text int
			for {
				ev, err := st.Recv()
				if err != nil {
					pe := provider.AsError(err)
					if pe == nil || pe.Kind != provider.Transport || err.Error() != c.message {
						t.Errorf("got %v (%T), want %q", err, err, c.message)
					}
					if errors.Is(err, context.Canceled) {
						t.Errorf("%v is a cancellation", err)
					}
					break
				}
				text += len(ev.Text)
			}
			if c.name == "an endless stream" && (text == 0 || text > 64<<10) {
				t.Errorf("%d bytes of text before the bound", text)
			}
		})
	}
}

// TestStallIsNotCancellation: the idle watchdog cancels the request, but
// what the turn sees is a transport failure, not the user's cancel.
func TestStallIsNotCancellation(t *testing.T) {
	srv := wiretest.NewServer(t, wiretest.Reply{})
	srv.Config.Handler = stallHandler{}
	_, err := open(t, srv, func(r *provider.Request) { r.IdleTimeout = 30 * time.Millisecond })
	if pe := provider.AsError(err); pe == nil || pe.Kind != provider.Transport || errors.Is(err, context.Canceled) {
		t.Errorf("got %v", err)
	}
}
