package wire

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"panto/agent/provider"
	"panto/agent/provider/sse"
)

// recorder is a server that records the credentials of every request it
// gets.
type recorder struct {
	*httptest.Server
	mu   sync.Mutex
	seen []http.Header
}

func newRecorder(t *testing.T, tls bool) *recorder {
	r := &recorder{}
	h := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.seen = append(r.seen, req.Header.Clone())
		r.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
	})
	if tls {
		r.Server = httptest.NewTLSServer(h)
	} else {
		r.Server = httptest.NewServer(h)
	}
	t.Cleanup(r.Close)
	return r
}

func (r *recorder) requests() []http.Header {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]http.Header(nil), r.seen...)
}

// redirector answers every request with a redirect to target.
func redirector(t *testing.T, tls bool, status int, target func() string) *httptest.Server {
	h := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		http.Redirect(w, req, target(), status)
	})
	var s *httptest.Server
	if tls {
		s = httptest.NewTLSServer(h)
	} else {
		s = httptest.NewServer(h)
	}
	t.Cleanup(s.Close)
	return s
}

type nopDecoder struct{}

func (nopDecoder) Decode(sse.Event, []provider.Event) ([]provider.Event, error) { return nil, nil }
func (nopDecoder) End(out []provider.Event) ([]provider.Event, error)           { return out, nil }

const secret = "sk-secret-key-value"

func credentials() http.Header {
	h := http.Header{}
	h.Set("x-api-key", secret)
	h.Set("Authorization", "Bearer "+secret)
	h.Set("X-Gateway-Token", secret) // a configured header
	return h
}

// asLocalhost is u with its host 127.0.0.1 named localhost: the same
// machine under another host name.
func asLocalhost(u string) string { return strings.Replace(u, "127.0.0.1", "localhost", 1) }

// TestRedirectKeepsCredentials: a provider that redirects elsewhere
// (another host name, another port, https to http) gets no second
// request at all, so neither the key nor a configured header nor the
// conversation leaves; the failure says why and is not retried.
func TestRedirectKeepsCredentials(t *testing.T) {
	cases := []struct {
		name     string
		tlsFrom  bool
		status   int
		target   func(*recorder) string
		wantText string
	}{
		{"127.0.0.1 to localhost, 307", false, http.StatusTemporaryRedirect, func(r *recorder) string { return asLocalhost(r.URL) + "/v1/messages" }, "another host"},
		{"127.0.0.1 to localhost, 302", false, http.StatusFound, func(r *recorder) string { return asLocalhost(r.URL) + "/v1/messages" }, "another host"},
		{"127.0.0.1 to localhost, 308", false, http.StatusPermanentRedirect, func(r *recorder) string { return asLocalhost(r.URL) + "/v1/messages" }, "another host"},
		{"same host, another port", false, http.StatusTemporaryRedirect, func(r *recorder) string { return r.URL + "/v1/messages" }, "another port"},
		{"https to http", true, http.StatusTemporaryRedirect, func(r *recorder) string { return r.URL + "/v1/messages" }, "plain http"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dest := newRecorder(t, false)
			from := redirector(t, c.tlsFrom, c.status, func() string { return c.target(dest) })
			client := from.Client() // trusts the TLS server's certificate
			_, err := Open(context.Background(), Call{Provider: "p", Client: client, URL: from.URL + "/v1/messages",
				Header: credentials(), Body: []byte(`{"conversation":"private"}`), APIKey: secret}, nopDecoder{})
			if got := dest.requests(); len(got) != 0 {
				t.Fatalf("the redirect was followed: %d request(s) reached %s, the first with %v", len(got), dest.URL, got[0])
			}
			pe := provider.AsError(err)
			if pe == nil || pe.Kind != provider.InvalidRequest || pe.Retryable() {
				t.Fatalf("err = %#v, want a non-retryable invalid_request", err)
			}
			if !strings.Contains(pe.Message, c.wantText) || !strings.Contains(pe.Message, "was not followed") || strings.Contains(pe.Message, secret) {
				t.Errorf("message %q", pe.Message)
			}
		})
	}
}

// TestRedirectSameOriginFollowed: a redirect within the provider's own
// origin (a moved path) still works, with the headers it needs.
func TestRedirectSameOriginFollowed(t *testing.T) {
	var mu sync.Mutex
	var got http.Header
	mux := http.NewServeMux()
	mux.HandleFunc("/old/messages", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/v1/messages", http.StatusTemporaryRedirect)
	})
	mux.HandleFunc("/v1/messages", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = r.Header.Clone()
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	s, err := Open(context.Background(), Call{Provider: "p", Client: srv.Client(), URL: srv.URL + "/old/messages", Header: credentials(), APIKey: secret}, nopDecoder{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	mu.Lock()
	defer mu.Unlock()
	if got.Get("x-api-key") != secret || got.Get("X-Gateway-Token") != secret {
		t.Errorf("the same-origin redirect lost its headers: %v", got)
	}
}

func TestMayCarryCredentials(t *testing.T) {
	cases := []struct {
		from, to string
		want     bool
	}{
		{"https://api.example.com/v1", "https://api.example.com/v2", true},
		{"https://api.example.com/v1", "https://API.example.com./v2", true},
		{"https://api.example.com/v1", "https://api.example.com:443/v2", true},
		{"https://api.example.com/v1", "http://api.example.com/v1", false},
		{"https://api.example.com/v1", "https://evil.example.com/v1", false},
		{"https://api.example.com/v1", "https://api.example.com:8443/v1", false},
		{"http://api.example.com/v1", "https://api.example.com/v1", true},
		{"http://api.example.com:8080/v1", "https://api.example.com:8443/v1", false},
		{"http://api.example.com:8080/v1", "https://api.example.com/v1", false},
		{"http://api.example.com/v1", "https://api.example.com:8443/v1", false},
		{"http://127.0.0.1:8080/v1", "http://localhost:8080/v1", false},
		{"http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/x", true},
	}
	for _, c := range cases {
		t.Run(c.from+" to "+c.to, func(t *testing.T) {
			from, _ := url.Parse(c.from)
			to, _ := url.Parse(c.to)
			if got := mayCarryCredentials(from, to); got != c.want {
				t.Errorf("= %v, want %v", got, c.want)
			}
		})
	}
}
