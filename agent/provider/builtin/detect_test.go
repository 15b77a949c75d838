package builtin

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"panto/extension/config"
)

// detectBound is the probe's bound in the tests whose servers all
// answer: wide, so that a loaded machine cannot make them find nothing.
const detectBound = 30 * time.Second

func TestDetect(t *testing.T) {
	llama := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/models" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"object":"list","data":[{"id":"qwen3-coder"},{"id":"gemma"}]}`))
	}))
	defer llama.Close()
	ollama := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/tags" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Write([]byte(`{"models":[{"name":"qwen3:8b"}]}`))
	}))
	defer ollama.Close()
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html>a dev server</html>"))
	}))
	defer web.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()

	// A bound far above ProbeTimeout: on a loaded machine the servers
	// here may take longer than a real one on an idle one, and this test
	// is about what is found (TestDetectBounded is about the bound).
	// Every server here answers at once, so the wide bound costs nothing;
	// a short one could run out at a load average of 30, and a mutant
	// would then count as killed by chance.
	f := DetectWithin(context.Background(), []LocalServer{
		{Name: "web", Label: "web", URL: web.URL},
		{Name: "llamacpp", Label: "llama.cpp", URL: llama.URL},
		{Name: "ollama", Label: "Ollama", URL: ollama.URL},
		{Name: "closed", Label: "closed", URL: closedURL},
	}, detectBound)
	if f == nil || !f.Builtin {
		t.Fatalf("layer %+v", f)
	}
	if len(f.Providers) != 2 {
		t.Errorf("providers %v, want llamacpp and ollama", f.Providers)
	}
	lp := f.Providers["llamacpp"]
	if lp.Protocol != "openai" || lp.BaseURL != llama.URL+"/v1" || !lp.Detected || lp.Models["gemma"] != "gemma" || lp.Models["qwen3-coder"] != "qwen3-coder" {
		t.Errorf("llamacpp %+v", lp)
	}
	if op := f.Providers["ollama"]; op.Models["qwen3:8b"] != "qwen3:8b" {
		t.Errorf("ollama %+v", op)
	}
	// The first server that answered, its first model in order.
	if f.Models.Default != "llamacpp:gemma" {
		t.Errorf("default %q", f.Models.Default)
	}
	if Detect(context.Background(), []LocalServer{{Name: "closed", URL: closedURL}}) != nil {
		t.Error("a closed port gave a layer")
	}
}

// TestDetectBounded: a server that accepts and never answers costs the
// probe its timeout, not more.
func TestDetectBounded(t *testing.T) {
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer hang.Close()
	done := make(chan *config.File)
	go func() { done <- Detect(context.Background(), []LocalServer{{Name: "h", URL: hang.URL}}) }()
	select {
	case f := <-done:
		if f != nil {
			t.Errorf("a silent server gave %+v", f)
		}
	case <-time.After(30 * ProbeTimeout):
		t.Fatal("Detect did not return within its timeout (with a wide margin)")
	}
}

func TestLocalServers(t *testing.T) {
	for _, tt := range []struct {
		v    string
		want string
		err  bool
	}{
		{"", "ollama=http://127.0.0.1:11434,llamacpp=http://127.0.0.1:8080", false},
		{"off", "", false},
		{"lm=http://127.0.0.1:1234/", "lm=http://127.0.0.1:1234", false},
		{"a=http://x:1, b=https://y", "a=http://x:1,b=https://y", false},
		{"nourl", "", true},
		{"a=ftp://x", "", true},
		{"a:b=http://x", "", true},
		{"=http://x", "", true},
		{" =http://x", "", true},
	} {
		got, err := LocalServers(env(map[string]string{LocalServersEnv: tt.v}))
		if (err != nil) != tt.err {
			t.Errorf("%q: error %v", tt.v, err)
			continue
		}
		var s []string
		for _, l := range got {
			s = append(s, l.Name+"="+l.URL)
		}
		if strings.Join(s, ",") != tt.want {
			t.Errorf("%q: %v, want %s", tt.v, s, tt.want)
		}
	}
}

func TestDetectedGetsNoKey(t *testing.T) {
	p := config.Provider{Protocol: "openai", BaseURL: "http://127.0.0.1:11434/v1", Detected: true}
	key, err := Credentials("ollama", p, env(map[string]string{"OPENAI_API_KEY": "sk-secret"}))
	if key != "" || err != nil {
		t.Errorf("a detected server got key %q (err %v)", key, err)
	}
	p.Detected = false // the same table written by the user gets the default key, as before
	if key, _ := Credentials("ollama", p, env(map[string]string{"OPENAI_API_KEY": "sk-secret"})); key != "sk-secret" {
		t.Errorf("a configured local server: key %q", key)
	}
}

// TestDetectFallsBackToTags: a server whose /v1/models lists nothing
// is asked /api/tags (Ollama's own list) before it counts as having no
// models.
func TestDetectFallsBackToTags(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/v1/models":
			w.Write([]byte(`{"object":"list","data":[]}`))
		case "/api/tags":
			w.Write([]byte(`{"models":[{"name":"llama3:8b"}]}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	f := DetectWithin(context.Background(), []LocalServer{{Name: "ollama", Label: "Ollama", URL: srv.URL}}, detectBound)
	if f == nil || f.Providers["ollama"].Models["llama3:8b"] != "llama3:8b" || f.Models.Default != "ollama:llama3:8b" {
		t.Errorf("layer %+v, want ollama with llama3:8b from /api/tags", f)
	}
}

// TestDetectBadURL: PANTO_LOCAL_SERVERS checks only the scheme, so a
// malformed address reaches the probe, which finds nothing there.
func TestDetectBadURL(t *testing.T) {
	servers, err := LocalServers(env(map[string]string{LocalServersEnv: "odd=http://bad host:1"}))
	if err != nil || len(servers) != 1 {
		t.Fatalf("%v, %v", servers, err)
	}
	if f := DetectWithin(context.Background(), servers, 2*time.Second); f != nil {
		t.Errorf("a malformed address gave %+v", f)
	}
}

// TestDetectNeedsAJSONAnswer: a model list counts only in a 200 answer
// labelled JSON. Another program on the port may answer with an error
// status or another content type, and a body that happens to parse is
// no reason to configure it as a model server.
func TestDetectNeedsAJSONAnswer(t *testing.T) {
	for _, c := range []struct {
		name        string
		status      int
		contentType string
	}{
		{"an error status", http.StatusInternalServerError, "application/json"},
		{"plain text", http.StatusOK, "text/plain"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", c.contentType)
				w.WriteHeader(c.status)
				switch r.URL.Path {
				case "/v1/models":
					w.Write([]byte(`{"object":"list","data":[{"id":"m"}]}`))
				case "/api/tags":
					w.Write([]byte(`{"models":[{"name":"m"}]}`))
				}
			}))
			defer srv.Close()
			if f := DetectWithin(context.Background(), []LocalServer{{Name: "x", URL: srv.URL}}, detectBound); f != nil {
				t.Errorf("detected %+v", f.Providers)
			}
		})
	}
}

// TestProbeNamesTheMissed: Probe returns the servers that gave no model
// list, in their given order, and only those, so the caller can name a
// server the user asked for that is down.
func TestProbeNamesTheMissed(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"data":[{"id":"m"}]}`))
	}))
	defer up.Close()
	empty := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"data":[]}`))
	}))
	defer empty.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()
	f, missed := Probe(context.Background(), []LocalServer{
		{Name: "down", URL: closedURL},
		{Name: "up", URL: up.URL},
		{Name: "loading", URL: empty.URL},
	}, detectBound)
	if f == nil || len(f.Providers) != 1 || f.Providers["up"].BaseURL != up.URL+"/v1" {
		t.Fatalf("layer %+v", f)
	}
	var names []string
	for _, m := range missed {
		names = append(names, m.Name)
	}
	if strings.Join(names, ",") != "down,loading" {
		t.Errorf("missed %v, want down,loading", names)
	}
	if f, missed := Probe(context.Background(), []LocalServer{{Name: "down", URL: closedURL}}, detectBound); f != nil || len(missed) != 1 {
		t.Errorf("only a closed server: %+v, %v", f, missed)
	}
}
