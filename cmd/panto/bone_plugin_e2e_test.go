package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/internal/fakellm"
)

// boneUserHome copies testdata/bone-home (a bone user's ~/.bone-rust: an
// init.lua that loads a plugin with tools, a command, hooks and a
// sub-agent) into the test's $HOME, points panto's config at srv, and
// returns the project folder to run in.
func boneUserHome(t *testing.T, srv *fakellm.Server) string {
	t.Helper()
	home := os.Getenv("HOME")
	src := filepath.Join("testdata", "bone-home")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		writeTree(t, home, map[string]string{rel: string(data)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto"), map[string]string{
		"config.toml": "[providers.local]\nprotocol = \"openai-completions\"\nbase_url = \"" + srv.URL + "/v1\"\nmodels = { small = \"tiny-model\" }\n[models]\ndefault = \"local:small\"\n",
	})
	project := t.TempDir()
	writeTree(t, project, map[string]string{"words.txt": "the quick brown fox\n", "notes.md": "# notes\n", "sub/inner.txt": "x"})
	return project
}

// boneHomeReplies are the model's replies for a turn that uses the
// plugin: its three calls (one the plugin's hook blocks), the
// sub-agent's answer, then the final text.
func boneHomeReplies() *fakellm.Server {
	return fakellm.New(
		fakellm.Reply{Text: "Looking.", Calls: []fakellm.Call{
			{ID: "c1", Name: "project_files", Arguments: `{"dir":"."}`},
			{ID: "c2", Name: "summarize", Arguments: `{"text":"panto runs bone code unchanged"}`},
			{ID: "c3", Name: "shell", Arguments: `{"command":"rm -rf build"}`},
		}},
		fakellm.Reply{Text: "bone code runs in panto"},
		fakellm.Reply{Text: "All done."},
	)
}

// TestBonePluginOverHTTP: a bone user's ~/.bone-rust with a plugin runs
// unchanged in a headless turn against a model served over HTTP: the
// plugin's tools run (one dispatching the registered sub-agent, which
// makes its own request with its system prompt, no tools and the
// max_tokens the plugin asks for), its
// tool_call hook blocks a shell command the rules allow, init.lua's
// before_turn hook adds to every request of the session agent, and the
// start-up line counts what init.lua and the plugin registered.
func TestBonePluginOverHTTP(t *testing.T) {
	isolate(t)
	srv := boneHomeReplies()
	defer srv.Close()
	inProject(t, boneUserHome(t, srv))
	code, out, errOut := runCLI(t, "-p", "look around", "--no-session", "--verbose", "--allow", "shell")
	if code != 0 || out != "All done.\n" {
		t.Fatalf("exit %d out %q err:\n%s", code, out, errOut)
	}
	if want := "bone: loaded ~/.bone-rust/init.lua (2 tools, 1 commands, 1 subagents, 3 hooks)"; !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errOut)
	}
	bodies := srv.Bodies()
	if len(bodies) != 3 {
		t.Fatalf("%d requests, want 3 (turn, sub-agent, turn)", len(bodies))
	}
	first, sub, last := bodyText(t, bodies[0]), bodyText(t, bodies[1]), bodyText(t, bodies[2])
	for _, c := range []struct{ where, body, want string }{
		{"first request", first, "Plugins loaded: projinfo"},
		{"first request", first, `"name":"project_files"`},
		{"first request", first, `"name":"summarize"`},
		{"sub-agent request", sub, "You summarize in one line."},
		{"sub-agent request", sub, "Summarize: panto runs bone code unchanged"},
		{"last request", last, "Plugins loaded: projinfo"},
		{"last request", last, "files: notes.md, words.txt"},
		{"last request", last, "summary: bone code runs in panto"},
		{"last request", last, "projinfo: rm is not allowed here"},
	} {
		if !strings.Contains(c.body, c.want) {
			t.Errorf("the %s lacks %q:\n%s", c.where, c.want, c.body)
		}
	}
	// The plugin runs the sub-agent with max_tokens = 256: its request,
	// and only its, carries the bound.
	if bodies[1]["max_tokens"] != float64(256) || bodies[0]["max_tokens"] != nil {
		t.Errorf("max_tokens: sub-agent %v, session %v", bodies[1]["max_tokens"], bodies[0]["max_tokens"])
	}
	if strings.Contains(sub, "Plugins loaded") || strings.Contains(sub, `"tools"`) {
		t.Errorf("the sub-agent's request has the session's hook or tools (approval = reject gives none):\n%s", sub)
	}
}

// bodyText is a request body as JSON text, for substring checks.
func bodyText(t *testing.T, body map[string]any) string {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
