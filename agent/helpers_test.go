package agent

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/agent/provider"
	"panto/agent/store"
	"panto/extension/discover"
	"panto/host"
)

// layer writes files (path -> content) under a fresh folder.
func layer(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// scriptConfig is a config.toml routing the default model to a script.
const scriptConfig = `
[providers.fake]
protocol = "script"
script = "turns.jsonl"
models = { m = "fake-model-1" }

[models]
default = "fake:m"
`

// testSession is a session over one folder layer, with what it printed,
// the problems it reported and the events it emitted.
type testSession struct {
	*Session
	t        testing.TB
	dir      string
	out      bytes.Buffer
	mu       sync.Mutex
	problems []string
	events   []Event
}

func newSession(t *testing.T, files map[string]string, mod ...func(*Options)) *testSession {
	t.Helper()
	return newSessionTB(t, files, mod...)
}

func newSessionB(b *testing.B, files map[string]string, mod ...func(*Options)) *testSession {
	b.Helper()
	return newSessionTB(b, files, mod...)
}

func newSessionTB(t testing.TB, files map[string]string, mod ...func(*Options)) *testSession {
	t.Helper()
	if _, ok := files["config.toml"]; !ok {
		files["config.toml"] = scriptConfig
	}
	dir := layer(t, files)
	data := t.TempDir()
	env := func(k string) string {
		if k == "XDG_DATA_HOME" {
			return data
		}
		return ""
	}
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: env})
	if err != nil {
		t.Fatal(err)
	}
	ts := &testSession{t: t, dir: dir}
	o := Options{
		Setup: setup, Stdout: &ts.out, Stderr: &ts.out,
		Report: func(p host.Problem) {
			ts.mu.Lock()
			ts.problems = append(ts.problems, p.String())
			ts.mu.Unlock()
		},
		OnEvent: func(e Event) {
			ts.mu.Lock()
			ts.events = append(ts.events, e)
			ts.mu.Unlock()
		},
		Backoff: &provider.Backoff{Attempts: 3, Base: time.Millisecond, Max: 5 * time.Millisecond},
		Budget:  50_000_000,
	}
	for _, f := range mod {
		f(&o)
	}
	s, err := Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	ts.Session = s
	return ts
}

// prompt runs one turn and fails the test on a setup error.
func (ts *testSession) prompt(text string) Result {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := ts.Prompt(ctx, text)
	if err != nil {
		ts.t.Fatalf("prompt: %v", err)
	}
	return res
}

// eventTypes lists the types of the events seen so far.
func (ts *testSession) eventTypes() []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var out []string
	for _, e := range ts.events {
		out = append(out, e.Type)
	}
	return out
}

func (ts *testSession) noProblems() {
	ts.t.Helper()
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if len(ts.problems) > 0 {
		ts.t.Fatalf("problems:\n%s", strings.Join(ts.problems, "\n"))
	}
}

// sessionsDir is the folder of the test session's file store.
func sessionsDir(ts *testSession) string {
	return ts.Store().(*store.FileStore).Dir
}

func storeOpts(key string) store.LoadOptions { return store.LoadOptions{MetadataKey: key} }

func (ts *testSession) lastBindings() *bindings {
	ts.Session.mu.Lock()
	defer ts.Session.mu.Unlock()
	return ts.Session.bindings
}
