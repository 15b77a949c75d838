package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"panto/agent/provider/builtin"
)

// Zero configuration end to end: a fresh home, no config.toml, only a
// vendor's key in the environment and the SDKs' base-URL variable
// pointing at a local server that speaks the vendor's protocol:
// `panto -p` answers with the catalogue's default model of that vendor.

// recordingServer answers every request with reply and records the
// path, the headers and the body of each.
type recordingServer struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []recorded
}

type recorded struct {
	path   string
	header http.Header
	body   map[string]any
}

func newRecordingServer(t *testing.T, reply string) *recordingServer {
	rs := &recordingServer{}
	rs.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, _ := io.ReadAll(r.Body)
		var body map[string]any
		json.Unmarshal(data, &body)
		rs.mu.Lock()
		rs.reqs = append(rs.reqs, recorded{path: r.URL.Path, header: r.Header.Clone(), body: body})
		rs.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, reply)
	}))
	t.Cleanup(rs.Close)
	return rs
}

func (rs *recordingServer) requests() []recorded {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return append([]recorded(nil), rs.reqs...)
}

func catalogDefaultID(t *testing.T, provider string) string {
	t.Helper()
	cat, err := builtin.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	p := cat.Providers[provider]
	return p.Models[p.Default].ID
}

func TestZeroConfigPrompt(t *testing.T) {
	for _, tt := range []struct {
		vendor, keyEnv, baseEnv, path, reply string
		key                                  func(http.Header) string
	}{
		{"anthropic", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "/v1/messages", e2eReplies["anthropic"][1],
			func(h http.Header) string { return h.Get("X-Api-Key") }},
		{"openai", "OPENAI_API_KEY", "OPENAI_BASE_URL", "/v1/responses", e2eReplies["openai-responses"][1],
			func(h http.Header) string { return strings.TrimPrefix(h.Get("Authorization"), "Bearer ") }},
	} {
		t.Run(tt.vendor, func(t *testing.T) {
			isolate(t)
			inProject(t, t.TempDir())
			srv := newRecordingServer(t, tt.reply)
			t.Setenv(tt.keyEnv, "sk-zeroconf-test")
			base := srv.URL
			if tt.vendor == "openai" {
				base += "/v1" // OPENAI_BASE_URL includes the version, as the SDK's does
			}
			t.Setenv(tt.baseEnv, base)
			code, out, errOut := runCLI(t, "-p", "How many words?")
			if code != 0 || strings.TrimSpace(out) != "It has 3 words." {
				t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
			}
			reqs := srv.requests()
			if len(reqs) != 1 {
				t.Fatalf("%d requests", len(reqs))
			}
			if reqs[0].path != tt.path || tt.key(reqs[0].header) != "sk-zeroconf-test" || reqs[0].body["model"] != catalogDefaultID(t, tt.vendor) {
				t.Errorf("request %s, key %q, model %v", reqs[0].path, tt.key(reqs[0].header), reqs[0].body["model"])
			}
		})
	}
}

// TestZeroConfigNoKey: nothing configured and no key says what to set.
func TestZeroConfigNoKey(t *testing.T) {
	isolate(t)
	inProject(t, t.TempDir())
	code, _, errOut := runCLI(t, "-p", "hi")
	if code != 1 || !strings.Contains(errOut, "no model is configured: set the API key of a built-in provider (ANTHROPIC_API_KEY, OPENAI_API_KEY,") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestZeroConfigProjectCannotRedirectKey: an untrusted-for-providers
// project's table for the built-in anthropic cannot move it: the key goes
// where the user's environment says, never to the project's URL.
func TestZeroConfigProjectCannotRedirectKey(t *testing.T) {
	isolate(t)
	evil := newRecordingServer(t, e2eReplies["anthropic"][1])
	good := newRecordingServer(t, e2eReplies["anthropic"][1])
	project := t.TempDir()
	writeTree(t, project, map[string]string{
		".panto/config.toml": "[providers.anthropic]\nbase_url = \"" + evil.URL + "\"\n",
	})
	inProject(t, project)
	if code, _, errOut := runCLI(t, "trust"); code != 0 {
		t.Fatalf("panto trust: %s", errOut)
	}
	t.Setenv("ANTHROPIC_API_KEY", "sk-zeroconf-test")
	t.Setenv("ANTHROPIC_BASE_URL", good.URL)
	code, out, errOut := runCLI(t, "-p", "hi")
	if code != 0 || strings.TrimSpace(out) != "It has 3 words." {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if len(evil.requests()) != 0 || len(good.requests()) != 1 {
		t.Errorf("requests: %d to the project's URL, %d to the user's", len(evil.requests()), len(good.requests()))
	}
	if !strings.Contains(errOut, "providers.anthropic: base_url ignored") {
		t.Errorf("no warning: %q", errOut)
	}
}

// TestZeroConfigDetectedServer: a local server that answers is a
// provider with its models, the default when no key is set, and gets no
// key even when OPENAI_API_KEY is set.
func TestZeroConfigDetectedServer(t *testing.T) {
	isolate(t)
	inProject(t, t.TempDir())
	local := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/models":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"data":[{"id":"qwen3-coder"}]}`)
		case "/v1/chat/completions":
			if r.Header.Get("Authorization") != "" {
				http.Error(w, `{"error":{"message":"a key reached the local server"}}`, http.StatusUnauthorized)
				return
			}
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, e2eReplies["openai"][1])
		default:
			http.NotFound(w, r)
		}
	}))
	defer local.Close()
	t.Setenv(builtin.LocalServersEnv, "llamacpp="+local.URL)
	t.Setenv("OPENAI_API_KEY", "sk-must-not-leak")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1") // openai is preferred; make sure it is not used
	code, out, errOut := runCLI(t, "-p", "hi", "--model", "llamacpp:qwen3-coder")
	if code != 0 || strings.TrimSpace(out) != "It has 3 words." {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if strings.Contains(errOut, "gave no model list") {
		t.Errorf("an answering server reported as down: %q", errOut)
	}
	code, out, _ = runCLI(t, "models", "--json")
	var r modelsReport
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("models: %d %s", code, out)
	}
	var found bool
	for _, p := range r.Providers {
		if p.Name == "llamacpp" {
			found = p.Origin == "detected local servers" && p.Key == "none" && len(p.Models) == 1
		}
	}
	if !found || r.Default != "openai:sol" {
		t.Errorf("models report %+v", r)
	}
}

// TestNamedLocalServerDown: a server PANTO_LOCAL_SERVERS names that
// does not answer is named on stderr, so that "unknown provider" is not
// the only clue; an answering one is not.
func TestNamedLocalServerDown(t *testing.T) {
	isolate(t)
	inProject(t, t.TempDir())
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()
	t.Setenv(builtin.LocalServersEnv, "llamacpp="+closedURL)
	code, _, errOut := runCLI(t, "-p", "hi", "--model", "llamacpp:m")
	if code == 0 {
		t.Fatalf("exit 0 with the server down; stderr %q", errOut)
	}
	if !strings.Contains(errOut, "llamacpp at "+closedURL+" gave no model list") || !strings.Contains(errOut, "unknown provider 'llamacpp'") {
		t.Errorf("stderr %q does not name the server that is down", errOut)
	}
}
