package agent

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"panto/agent/provider"
)

// localConfig routes the default model to an openai-completions server
// at url, with extra provider settings.
func localConfig(url, extra string) string {
	return "[providers.local]\nprotocol = \"openai-completions\"\nbase_url = \"" + url + "/v1\"\nmodels = { m = \"local-model\" }\n" + extra + "\n[models]\ndefault = \"local:m\"\n"
}

// TestLongAnswerAllocatesLinearly: an answer streamed in many deltas is
// accumulated without copying what came before for every delta (which
// allocates the square of the answer's length: about 6 GB for this 2 MB
// answer in 2,000 deltas, counting the turn's copy and the host's).
func TestLongAnswerAllocatesLinearly(t *testing.T) {
	const deltas, size = 2000, 1000
	chunk := strings.Repeat("a", size)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		line := "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + chunk + "\"}}]}\n\n"
		for range deltas {
			io.WriteString(w, line)
		}
		io.WriteString(w, "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()
	ts := newSession(t, map[string]string{"config.toml": localConfig(srv.URL, "")})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res := ts.prompt("write a lot")
	runtime.ReadMemStats(&after)
	if res.Status != "completed" || len(res.Text) != deltas*size {
		t.Fatalf("status %s, %d bytes of text, err %v", res.Status, len(res.Text), res.Err)
	}
	// Linear accumulation allocates a few times the answer per copy
	// kept, plus each delta's event; quadratic is a thousand times more.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 100*deltas*size {
		t.Errorf("the turn allocated %d MB for a %d MB answer", alloc>>20, deltas*size>>20)
	}
}

// TestStallOnEveryAttemptFails: a server that never answers fails the
// turn with a transport error once the retries are spent; the turn is
// not reported as cancelled, since nobody cancelled it.
func TestStallOnEveryAttemptFails(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	defer srv.Close()
	ts := newSession(t, map[string]string{"config.toml": localConfig(srv.URL, "idle_timeout = 0.05")})
	res := ts.prompt("hello?")
	pe := provider.AsError(res.Err)
	if res.Status != "failed" || pe == nil || pe.Kind != provider.Transport || !strings.Contains(res.Err.Error(), "idle_timeout") {
		t.Fatalf("result %s: %v", res.Status, res.Err)
	}
	if n := strings.Count(fmt.Sprint(ts.eventTypes()), "notice"); n != 3 {
		t.Errorf("%d retry notices, want 3 (the test's backoff)", n)
	}
}
