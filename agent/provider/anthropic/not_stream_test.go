package anthropic

import (
	"strings"
	"testing"

	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
)

// TestNotAnEventStream: a 200 whose body is a web page or plain text is
// a wrong address, said as such and not retried (it used to read as a
// stream cut before its first event: "connection failed", four times).
func TestNotAnEventStream(t *testing.T) {
	for _, ct := range []string{"text/html; charset=utf-8", "text/plain"} {
		t.Run(ct, func(t *testing.T) {
			srv := wiretest.NewServer(t, wiretest.Reply{Status: 200, Header: map[string]string{"Content-Type": ct}, Body: "<html><body>Welcome to nginx!</body></html>"})
			_, err := open(t, srv)
			pe := provider.AsError(err)
			mt := strings.Split(ct, ";")[0]
			if pe == nil || pe.Kind != provider.InvalidRequest || pe.Retryable() ||
				!strings.Contains(err.Error(), "the server answered "+mt+", not an event stream") {
				t.Fatalf("got %v", err)
			}
			if !strings.Contains(err.Error(), srv.URL) {
				t.Errorf("the message does not name the address: %v", err)
			}
		})
	}
}
