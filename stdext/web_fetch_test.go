package stdext_test

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// webServer serves the pages the web_fetch tests ask for, on 127.0.0.1.
func webServer(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<html><head><title>Docs page</title><script>alert(1)</script></head><body>
<nav>Home | About</nav>
<h1>Install</h1><p>Run <code>go install</code>, then read <a href="/guide">the guide</a>.</p>
<ul><li>fast</li><li>small</li></ul></body></html>`)
	})
	mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "just <b>text</b>\n")
	})
	mux.HandleFunc("/json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"a": 1}`)
	})
	mux.HandleFunc("/latin1", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=iso-8859-1")
		w.Write([]byte("caf\xe9"))
	})
	mux.HandleFunc("/image", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("\x89PNG\r\n\x1a\n\x00\x00"))
	})
	mux.HandleFunc("/sniffed", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil // no type: sniffed
		w.Write([]byte("\x00\x01\x02binary"))
	})
	mux.HandleFunc("/missing", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, "<p>No such page</p>")
	})
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/plain", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/away", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://elsewhere.invalid/x", http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, strings.Repeat("a", 150*1024)+"END")
	})
	mux.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(mux)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

func TestWebFetch(t *testing.T) {
	srv := webServer(t)
	s := newSession(t, nil)
	in := func(path string, extra ...string) string {
		return fmt.Sprintf(`{"url": %q%s}`, srv.URL+path, strings.Join(extra, ""))
	}
	t.Run("html becomes markdown", func(t *testing.T) {
		out := s.ok(t, "web_fetch", in("/page"))
		contains(t, "output", out, "URL: "+srv.URL+"/page", "Content-Type: text/html", "Title: Docs page",
			"# Install", "Run `go install`, then read [the guide]("+srv.URL+"/guide).", "- fast\n- small")
		for _, noise := range []string{"alert", "Home | About"} {
			if strings.Contains(out, noise) {
				t.Errorf("output keeps %q:\n%s", noise, out)
			}
		}
	})
	t.Run("text as it is", func(t *testing.T) {
		contains(t, "output", s.ok(t, "web_fetch", in("/plain")), "just <b>text</b>")
		contains(t, "output", s.ok(t, "web_fetch", in("/json")), `{"a": 1}`, "Content-Type: application/json")
	})
	t.Run("charset decoded", func(t *testing.T) {
		contains(t, "output", s.ok(t, "web_fetch", in("/latin1")), "café")
	})
	t.Run("binary refused", func(t *testing.T) {
		s.fails(t, "web_fetch", in("/image"), "image/png", "text and HTML pages only")
		s.fails(t, "web_fetch", in("/sniffed"), "application/octet-stream")
	})
	t.Run("error status", func(t *testing.T) {
		s.fails(t, "web_fetch", in("/missing"), "404 Not Found")
	})
	t.Run("same-host redirect followed", func(t *testing.T) {
		contains(t, "output", s.ok(t, "web_fetch", in("/moved")), "URL: "+srv.URL+"/plain", "just")
	})
	t.Run("other-host redirect reported", func(t *testing.T) {
		contains(t, "output", s.ok(t, "web_fetch", in("/away")), "http://elsewhere.invalid/x", "did not follow")
	})
	t.Run("redirect loop bounded", func(t *testing.T) {
		s.fails(t, "web_fetch", in("/loop"), "redirected more than 5 times")
	})
	t.Run("download limit", func(t *testing.T) {
		out := s.ok(t, "web_fetch", in("/big", `, "max_bytes": 100`))
		contains(t, "output", out, "the download stopped at 100 bytes")
		if strings.Contains(out, strings.Repeat("a", 101)) {
			t.Errorf("more than max_bytes came back")
		}
	})
	t.Run("paging", func(t *testing.T) {
		first := s.ok(t, "web_fetch", in("/big"))
		contains(t, "first page", first, "call web_fetch again with offset = 102400")
		contains(t, "second page", s.ok(t, "web_fetch", in("/big", `, "offset": 102400`)), "END")
	})
	t.Run("time limit", func(t *testing.T) {
		s.fails(t, "web_fetch", in("/hang", `, "timeout_ms": 50`), "no response within 50ms")
	})
	t.Run("schemes", func(t *testing.T) {
		s.fails(t, "web_fetch", `{"url": "file:///etc/passwd"}`, "only http:// and https://")
		s.fails(t, "web_fetch", `{"url": "ftp://127.0.0.1/x"}`, "only http:// and https://")
	})
	t.Run("connection refused", func(t *testing.T) {
		l, _ := net.Listen("tcp", "127.0.0.1:0")
		addr := l.Addr().String()
		l.Close()
		s.fails(t, "web_fetch", `{"url": "http://`+addr+`/"}`, "cannot fetch", "refused")
	})
}

func TestWebFetchNetworkOff(t *testing.T) {
	srv := webServer(t)
	s := newSession(t, map[string]string{"config.toml": "[sandbox]\nnetwork = false\n"})
	s.fails(t, "web_fetch", `{"url": "`+srv.URL+`/plain"}`, "the network is off for this session")
}
