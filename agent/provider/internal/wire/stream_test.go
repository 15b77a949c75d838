package wire

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"panto/agent/provider"
	"panto/agent/provider/sse"
)

// scripted is a Decoder driven by the events' data: "done" ends the
// response, "fail" is an error event, "two" stands for two events, and
// anything else is one text delta. End closes the response when
// endDone is set, fails with endErr when that is set, and otherwise
// returns what it got.
type scripted struct {
	endDone bool
	endErr  error
	decoded int
}

func (d *scripted) Decode(ev sse.Event, out []provider.Event) ([]provider.Event, error) {
	d.decoded++
	switch s := string(ev.Data); s {
	case "done":
		return append(out, provider.Event{Type: provider.Done, StopReason: "end"}), nil
	case "fail":
		return out, &provider.Error{Kind: provider.Overloaded, Message: "busy; key " + secret}
	case "two":
		return append(out, provider.Event{Type: provider.TextDelta, Text: "2a"}, provider.Event{Type: provider.TextDelta, Text: "2b"}), nil
	default:
		return append(out, provider.Event{Type: provider.TextDelta, Text: s}), nil
	}
}

func (d *scripted) End(out []provider.Event) ([]provider.Event, error) {
	if d.endErr != nil {
		return out, d.endErr
	}
	if d.endDone {
		return append(out, provider.Event{Type: provider.Done, StopReason: "end"}), nil
	}
	return out, nil
}

// serve answers every request with status, content type and body.
func serve(t *testing.T, status int, contentType, body string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		} else {
			w.Header()["Content-Type"] = nil // no sniffed type either
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func events(data ...string) string {
	var b strings.Builder
	for _, d := range data {
		b.WriteString("data: " + d + "\n\n")
	}
	return b.String()
}

// drain reads the stream to its end: the texts of its events (Done as
// "<done>") and the error that ended it (nil after a clean io.EOF).
func drain(t *testing.T, s provider.Stream) ([]string, error) {
	t.Helper()
	var got []string
	for range 100 {
		ev, err := s.Recv()
		if err == io.EOF {
			return got, nil
		}
		if err != nil {
			return got, err
		}
		if ev.Type == provider.Done {
			got = append(got, "<done>")
		} else {
			got = append(got, ev.Text)
		}
	}
	t.Fatal("the stream never ended")
	return nil, nil
}

func call(url string) Call {
	return Call{Provider: "prov", URL: url, APIKey: secret}
}

// TestStreamEvents: what the decoder makes of each event arrives in
// order, several from one event included; Done ends the stream, nothing
// after it is read, and Recv keeps returning io.EOF.
func TestStreamEvents(t *testing.T) {
	srv := serve(t, 200, "text/event-stream", events("a", "two", "b", "done", "after"))
	dec := &scripted{}
	s, err := Open(context.Background(), call(srv.URL), dec)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := drain(t, s)
	if err != nil || strings.Join(got, "|") != "a|2a|2b|b|<done>" {
		t.Fatalf("got %q, %v; want a|2a|2b|b|<done>", got, err)
	}
	if dec.decoded != 4 {
		t.Errorf("%d events decoded, want 4 (none after done)", dec.decoded)
	}
	for range 2 {
		if _, err := s.Recv(); err != io.EOF {
			t.Errorf("Recv after the end: %v, want io.EOF", err)
		}
	}
}

// TestStreamEnds: a body that ends without Done is a transport failure
// unless the decoder completes the response; the decoder's own verdict
// names the provider and hides the key.
func TestStreamEnds(t *testing.T) {
	cases := []struct {
		name string
		dec  *scripted
		want string
		kind provider.Kind
	}{
		{"no final event", &scripted{}, "prov: connection failed: the stream ended before the response was complete", provider.Transport},
		{"the decoder completes it", &scripted{endDone: true}, "", ""},
		{"the decoder refuses it", &scripted{endErr: &provider.Error{Kind: provider.Server, Message: "cut " + secret}}, "prov: server error: cut [redacted]", provider.Server},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := serve(t, 200, "text/event-stream", events("a"))
			s, err := Open(context.Background(), call(srv.URL), c.dec)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			got, err := drain(t, s)
			if c.want == "" {
				if err != nil || strings.Join(got, "|") != "a|<done>" {
					t.Errorf("got %q, %v; want a and done", got, err)
				}
				return
			}
			if strings.Join(got, "|") != "a" {
				t.Errorf("events %q before the failure, want a", got)
			}
			pe := provider.AsError(err)
			if pe == nil || err.Error() != c.want || pe.Kind != c.kind {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			if _, again := s.Recv(); again != err {
				t.Errorf("Recv after the failure: %v, want the same error", again)
			}
		})
	}
}

// TestStreamDecodeError: the events decoded before an error event are
// delivered first; the error keeps its kind, gains the provider's name,
// loses the key, and stays.
func TestStreamDecodeError(t *testing.T) {
	srv := serve(t, 200, "text/event-stream", events("a", "fail", "b", "done"))
	s, err := Open(context.Background(), call(srv.URL), &scripted{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := drain(t, s)
	if strings.Join(got, "|") != "a" {
		t.Errorf("events %q, want a", got)
	}
	pe := provider.AsError(err)
	if pe == nil || pe.Kind != provider.Overloaded || pe.Provider != "prov" || strings.Contains(pe.Message, secret) || !pe.Retryable() {
		t.Fatalf("error %#v, want prov's retryable overload without the key", pe)
	}
	if _, again := s.Recv(); again != err {
		t.Errorf("Recv after the failure: %v, want the same error", again)
	}
}

// TestOpenRefusals: what a server that will not stream answers becomes
// a classified error naming the provider, without the key, retried only
// when the same request may succeed.
func TestOpenRefusals(t *testing.T) {
	cases := []struct {
		name        string
		status      int
		contentType string
		body        string
		kind        provider.Kind
		wantStatus  int
		contains    string
	}{
		{"a rate limit", 429, "application/json", `{"error":{"type":"rate_limit_error","message":"slow down, ` + secret + `"}}`, provider.RateLimit, 429, "slow down, [redacted]"},
		{"a bad key", 401, "application/json", `{"error":{"message":"invalid x-api-key"}}`, provider.Authentication, 401, "invalid x-api-key"},
		{"a server error", 503, "text/plain", "upstream down", provider.Server, 503, "upstream down"},
		{"a JSON error with a 200", 200, "application/json", `{"error":{"type":"overloaded_error","message":"try later"}}`, provider.Overloaded, 200, "try later"},
		{"a JSON message with a 200", 200, "Application/JSON; charset=utf-8", `{"message":"no streaming here"}`, "", 200, "no streaming here"},
		{"JSON that is no error", 200, "application/json", `{"id":"x","content":[]}`, "", 200, "instead of an event stream"},
		{"a web page", 200, "text/html; charset=utf-8", "<html>login</html>", provider.InvalidRequest, 200, "the server answered text/html, not an event stream"},
		{"a web page with a broken Content-Type", 200, "TEXT/HTML; charset", "<html>login</html>", provider.InvalidRequest, 200, "the server answered text/html, not an event stream"},
		{"JSON with a broken Content-Type", 200, "application/json; =x", `{"error":"model 'x' not found"}`, "", 200, "model 'x' not found"},
		{"a 300 without a Location", 300, "text/plain", "choose", "", 300, "choose"},
		{"a 300 with an event stream", 300, "text/event-stream", events("done"), "", 300, "(HTTP 300)"},
		{"a JSON error that is a number", 200, "application/json", `{"error":1}`, "", 200, `{"error":1}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := serve(t, c.status, c.contentType, c.body)
			s, err := Open(context.Background(), call(srv.URL+"/v1/messages"), &scripted{})
			if err == nil {
				s.Close()
				t.Fatal("the stream opened")
			}
			pe := provider.AsError(err)
			if pe == nil {
				t.Fatalf("error %v is not classified", err)
			}
			if c.kind != "" && pe.Kind != c.kind {
				t.Errorf("kind %s, want %s (%v)", pe.Kind, c.kind, err)
			}
			if pe.Status != c.wantStatus || pe.Provider != "prov" || strings.Contains(err.Error(), secret) || !strings.Contains(err.Error(), c.contains) {
				t.Errorf("error %q (status %d), want prov's, status %d, with %q and without the key", err, pe.Status, c.wantStatus, c.contains)
			}
			if c.name == "a web page" && pe.Retryable() {
				t.Error("a web page is retried: the same request gets the same page")
			}
		})
	}
}

// TestOpenStreamsWithoutContentType: a server that sends an event
// stream without a Content-Type (or with parameters) is read as one.
func TestOpenStreamsWithoutContentType(t *testing.T) {
	for _, ct := range []string{"", "text/event-stream; charset=utf-8", "TEXT/EVENT-STREAM", "text/event-stream; charset"} {
		srv := serve(t, 200, ct, events("a", "done"))
		s, err := Open(context.Background(), call(srv.URL), &scripted{})
		if err != nil {
			t.Fatalf("Content-Type %q: %v", ct, err)
		}
		got, err := drain(t, s)
		s.Close()
		if err != nil || strings.Join(got, "|") != "a|<done>" {
			t.Errorf("Content-Type %q: %q, %v", ct, got, err)
		}
	}
}

// TestOpenAnyTwoHundred: every 2xx status is a success (a proxy may
// answer 203); the first one past it is not.
func TestOpenAnyTwoHundred(t *testing.T) {
	for _, status := range []int{200, 203, 299} {
		srv := serve(t, status, "text/event-stream", events("a", "done"))
		s, err := Open(context.Background(), call(srv.URL), &scripted{})
		if err != nil {
			t.Errorf("status %d: %v", status, err)
			continue
		}
		if got, err := drain(t, s); err != nil || strings.Join(got, "|") != "a|<done>" {
			t.Errorf("status %d: %q, %v", status, got, err)
		}
		s.Close()
	}
}

// TestStallBeforeHeaders: a server that accepts the connection but
// never answers ends the request with a retryable transport error that
// says no response came.
func TestStallBeforeHeaders(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	defer srv.Close()
	c := call(srv.URL)
	c.IdleTimeout = 50 * time.Millisecond
	s, err := Open(context.Background(), c, &scripted{})
	if err == nil {
		s.Close()
		t.Fatal("the stream opened")
	}
	if pe := provider.AsError(err); pe == nil || pe.Kind != provider.Transport || !pe.Retryable() ||
		pe.Message != "no response for 50ms (idle_timeout)" || pe.Provider != "prov" {
		t.Errorf("%v, want the idle timeout before any response", err)
	}
}

// TestOpenBadURL: a base_url that is not an http(s) address is a
// configuration error, not retried, and nothing is sent.
func TestOpenBadURL(t *testing.T) {
	for _, u := range []string{"ftp://example.com/v1", "localhost:8080/v1", "http:///v1", "://x", "/v1/messages"} {
		s, err := Open(context.Background(), call(u), &scripted{})
		if err == nil {
			s.Close()
			t.Errorf("%q opened", u)
			continue
		}
		pe := provider.AsError(err)
		if pe == nil || pe.Kind != provider.InvalidRequest || pe.Provider != "prov" || !strings.Contains(pe.Message, "bad base_url") {
			t.Errorf("%q: %v, want prov's bad base_url", u, err)
		}
	}
}

// TestOpenSends: the request is a POST of the body with panto's user
// agent and the configured headers.
func TestOpenSends(t *testing.T) {
	type seen struct {
		method, ua, extra, body string
	}
	got := make(chan seen, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- seen{r.Method, r.Header.Get("User-Agent"), r.Header.Get("X-Extra"), string(b)}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, events("done"))
	}))
	defer srv.Close()
	c := call(srv.URL)
	c.Header = http.Header{"X-Extra": {"v1"}}
	c.Body = []byte(`{"model":"m"}`)
	c.Client = srv.Client()
	s, err := Open(context.Background(), c, &scripted{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if g := <-got; g != (seen{"POST", "panto", "v1", `{"model":"m"}`}) {
		t.Errorf("the server saw %+v", g)
	}
}

// TestMaxResponseBytes: a body past max_response_bytes ends in a
// transport error that names the bound; one under it streams; a
// negative bound is none.
func TestMaxResponseBytes(t *testing.T) {
	body := events("a", "b", "c", "done")
	for _, c := range []struct {
		max  int64
		fail bool
	}{{int64(len(body)) - 10, true}, {8, true}, {int64(len(body)) + 1, false}, {-1, false}, {0, false}} {
		srv := serve(t, 200, "text/event-stream", body)
		cl := call(srv.URL)
		cl.MaxResponseBytes = c.max
		s, err := Open(context.Background(), cl, &scripted{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = drain(t, s)
		s.Close()
		if !c.fail {
			if err != nil {
				t.Errorf("max %d: %v", c.max, err)
			}
			continue
		}
		want := fmt.Sprintf("the response reached %d bytes (max_response_bytes)", c.max)
		if pe := provider.AsError(err); pe == nil || pe.Kind != provider.Transport || pe.Message != want {
			t.Errorf("max %d: %v, want %q", c.max, err, want)
		}
	}
}

// stalling sends one event, then nothing until the client goes away.
func stalling(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, events("a"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestStalledStream: a server that stops sending ends the stream with a
// retryable transport error that names idle_timeout. The bound leaves
// the first event time to arrive on a loaded machine (50 ms did not
// always, under the mutation harness).
func TestStalledStream(t *testing.T) {
	srv := stalling(t)
	c := call(srv.URL)
	c.IdleTimeout = 250 * time.Millisecond
	s, err := Open(context.Background(), c, &scripted{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := drain(t, s)
	pe := provider.AsError(err)
	if strings.Join(got, "|") != "a" || pe == nil || pe.Kind != provider.Transport || !pe.Retryable() ||
		pe.Message != "no data for 250ms (idle_timeout)" || pe.Provider != "prov" {
		t.Errorf("got %q, %v; want a, then the idle timeout", got, err)
	}
}

// TestDrippingStream: a server that keeps sending a little (a comment
// now and then) never trips the idle watchdog but is ended by
// request_timeout. On a loaded machine the bound may pass before the
// headers arrive: Open then fails with the same error.
func TestDrippingStream(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for {
			io.WriteString(w, ": keep-alive\n\n")
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}))
	defer srv.Close()
	c := call(srv.URL)
	c.IdleTimeout = time.Minute
	c.RequestTimeout = 200 * time.Millisecond
	s, err := Open(context.Background(), c, &scripted{})
	if err == nil {
		defer s.Close()
		_, err = drain(t, s)
	}
	if pe := provider.AsError(err); pe == nil || pe.Kind != provider.Transport || pe.Message != "the response took longer than 200ms (request_timeout)" {
		t.Errorf("%v, want the request timeout", err)
	}
}

// TestCancelledStream: cancelling the caller's context ends a waiting
// Recv with the context's error, not with a failure to retry.
func TestCancelledStream(t *testing.T) {
	srv := stalling(t)
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Open(ctx, call(srv.URL), &scripted{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if ev, err := s.Recv(); err != nil || ev.Text != "a" {
		t.Fatalf("first event %+v, %v", ev, err)
	}
	go cancel()
	if _, err := s.Recv(); !errors.Is(err, context.Canceled) || provider.AsError(err) != nil {
		t.Errorf("Recv after cancel: %v, want context.Canceled", err)
	}
	if _, err := s.Recv(); !errors.Is(err, context.Canceled) {
		t.Errorf("Recv again: %v, want context.Canceled", err)
	}
}

// TestCancelledStreamDropsItsQueue: events decoded before the cancel
// and not yet received are not delivered after it.
func TestCancelledStreamDropsItsQueue(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, events("two"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := Open(ctx, call(srv.URL), &scripted{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if ev, err := s.Recv(); err != nil || ev.Text != "2a" {
		t.Fatalf("first event %+v, %v", ev, err)
	}
	cancel()
	if ev, err := s.Recv(); !errors.Is(err, context.Canceled) {
		t.Errorf("Recv after cancel: %+v, %v; want context.Canceled", ev, err)
	}
}

// TestCutConnection: a connection closed in the middle of the body is a
// retryable transport failure saying so.
func TestCutConnection(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Content-Length", "1000")
		io.WriteString(w, events("a")+"data: par")
	}))
	defer srv.Close()
	s, err := Open(context.Background(), call(srv.URL), &scripted{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := drain(t, s)
	pe := provider.AsError(err)
	if strings.Join(got, "|") != "a" || pe == nil || pe.Kind != provider.Transport || !pe.Retryable() ||
		!strings.Contains(pe.Message, "the connection closed in the middle of the response") {
		t.Errorf("got %q, %v; want a, then the cut", got, err)
	}
}

// TestRefusedConnection: nothing listening is a retryable transport
// failure naming the provider.
func TestRefusedConnection(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	s, err := Open(context.Background(), call(url), &scripted{})
	if err == nil {
		s.Close()
		t.Fatal("opened a stream to a closed port")
	}
	if pe := provider.AsError(err); pe == nil || pe.Kind != provider.Transport || !pe.Retryable() || pe.Provider != "prov" {
		t.Errorf("%v, want prov's transport failure", err)
	}
}

func TestJoinURL(t *testing.T) {
	for _, c := range [][3]string{
		{"https://api.example.com", "v1/messages", "https://api.example.com/v1/messages"},
		{"https://api.example.com/", "/v1/messages", "https://api.example.com/v1/messages"},
		{"https://api.example.com//", "//v1", "https://api.example.com/v1"},
		{"http://h/base", "chat/completions", "http://h/base/chat/completions"},
	} {
		if got := JoinURL(c[0], c[1]); got != c[2] {
			t.Errorf("JoinURL(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
