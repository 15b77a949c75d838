package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"panto/agent/provider"
	"panto/extension/discover"
	"panto/host"
	"panto/stdext"
)

// boneSession is a session over a folder layer (files) with the base
// layer, so the bone layer runs, and home as $HOME (bone's
// ~/.bone-rust lives there). It keeps the problems and notices.
func boneSession(t *testing.T, files, homeFiles map[string]string, mod ...func(*Options)) (*testSession, string) {
	t.Helper()
	return boneSessionHome(t, files, layer(t, homeFiles), mod...)
}

// boneSessionHome is boneSession with home an existing folder. files
// are the user layer (~/.config/panto: config.toml, the script), which
// is also the working folder; discovery is the standard one, as for
// panto -p.
func boneSessionHome(t *testing.T, files map[string]string, home string, mod ...func(*Options)) (*testSession, string) {
	t.Helper()
	if _, ok := files["config.toml"]; !ok {
		files["config.toml"] = scriptConfig
	}
	cfg := t.TempDir()
	dir := filepath.Join(cfg, "panto")
	for p, c := range files {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data := t.TempDir()
	env := func(k string) string {
		switch k {
		case "XDG_DATA_HOME":
			return data
		case "XDG_CONFIG_HOME":
			return cfg
		case "HOME":
			return home
		}
		return ""
	}
	dopts := discover.Options{Base: stdext.FS(), Cwd: dir, Getenv: env}
	setup, err := discover.Standard(dopts)
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
		// /reload scans the layers again, as panto's own sessions do.
		Rediscover: func() (*discover.Setup, error) { return discover.Standard(dopts) },
		Backoff:    &provider.Backoff{Attempts: 1, Base: time.Millisecond, Max: time.Millisecond},
		Budget:     50_000_000,
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
	return ts, home
}

// allNotices are the messages of every notice event seen so far.
func (ts *testSession) allNotices() []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var out []string
	for _, e := range ts.events {
		if e.Type == "notice" {
			m, _ := e.Fields["message"].(string)
			out = append(out, m)
		}
	}
	return out
}

// hasNotice reports whether a notice contains sub.
func (ts *testSession) hasNotice(sub string) bool {
	for _, n := range ts.allNotices() {
		if strings.Contains(n, sub) {
			return true
		}
	}
	return false
}

// command runs a slash line on the owner, as the terminal UI does.
func (ts *testSession) command(line string) (string, error) {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return ts.Host().RunCommand(ctx, line)
}

// commandOutput is command with the output's markdown mark.
func (ts *testSession) commandOutput(line string) (host.CommandOutput, error) {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return ts.Host().RunCommandOutput(ctx, line)
}

// runQueued runs the submissions a command queued as a turn.
func (ts *testSession) runQueued() (Result, bool) {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, ok := ts.RunQueued(ctx)
	if !ok {
		return Result{}, false
	}
	return ts.Wait(ctx, r), true
}

// reference reads an example of the bone reference from testdata.
func reference(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "bone-reference", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// toolOutputs are the outputs of the tool_result events, by call id.
func (ts *testSession) toolOutputs() map[string]string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	out := map[string]string{}
	for _, e := range ts.events {
		if e.Type == "tool_result" {
			id, _ := e.Fields["id"].(string)
			o, _ := e.Fields["output"].(string)
			out[id] = o
		}
	}
	return out
}

// eventCount is how many events of type typ were seen so far.
func (ts *testSession) eventCount(typ string) int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	n := 0
	for _, e := range ts.events {
		if e.Type == typ {
			n++
		}
	}
	return n
}

// commandThenSwitch runs a slash line as the terminal UI does (on the
// owner, from the loop) and turns the loop until the session switch the
// command posted has happened.
func (ts *testSession) commandThenSwitch(line string) (string, error) {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	before := ts.eventCount("session_switch")
	var out string
	var err error
	ran := false
	ts.Post(func() {
		out, err = ts.Host().RunCommand(ctx, line)
		ran = true
	})
	if lerr := ts.RunLoop(ctx, func() bool { return ran && (err != nil || ts.eventCount("session_switch") > before) }); lerr != nil {
		ts.t.Fatalf("%s: the loop ended: %v (output %q, error %v)", line, lerr, out, err)
	}
	return out, err
}
