//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"panto/internal/fakellm"
	"panto/internal/pantobin"
)

// tmux runs a tmux command on the test's own server socket.
type tmux struct {
	t      *testing.T
	socket string
}

func (x tmux) run(args ...string) string {
	x.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", x.socket}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (x tmux) screen() string { return x.run("capture-pane", "-p", "-S", "-200", "-t", "e2e") }

// waitFor waits until the pane shows want (the timeout turns a hang into
// a failure; nothing is measured).
func (x tmux) waitFor(want string) string {
	x.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := x.screen()
		if strings.Contains(s, want) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the pane never showed %q:\n%s", want, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTUIInTmux drives `panto run DIR` in a real terminal: a prompt whose
// turn calls a tool, a steering message during the turn, a cancel, a
// slash command, and quit.
func TestTUIInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	bin := pantobin.Path(t)
	dir := t.TempDir()
	files := map[string]string{
		"config.toml": scriptConfig,
		"tools/echo.lua": `return { name = "echo", description = "Echo.", schema = { type = "object", properties = { message = { type = "string" } } }, effects = {},
  handler = function(input) return "echo: " .. input.message end }`,
		"extensions/greet.lua": `local panto = require("panto")
return { name = "greet", activate = function()
  panto.ext.register_command { name = "greet", description = "Greet.", handler = function(args) return "hello, " .. args .. "!" end }
end }`,
		"turns.jsonl": `{"events": [{"text": "Calling echo."}, {"delay_ms": 500}, {"tool_call": {"id": "c1", "name": "echo", "input": {"message": "from the model"}}}]}
{"expect": {"user": "steer me"}, "events": [{"text": "I was steered."}, {"delay_ms": 60000}]}
`,
	}
	writeTree(t, dir, files)
	x, status := startTmux(t, bin, dir)

	x.waitFor("Ask, or type / for commands")
	x.run("send-keys", "-t", "e2e", "hello", "Enter")
	x.waitFor("esc to cancel")
	x.run("send-keys", "-t", "e2e", "steer me", "Enter")
	x.waitFor("queued steering: steer me")
	s := x.waitFor("I was steered.")
	for _, want := range []string{"> hello", "Calling echo.", "● echo", "echo: from the model", "> steer me"} {
		if !strings.Contains(s, want) {
			t.Errorf("the pane lacks %q:\n%s", want, s)
		}
	}
	x.run("send-keys", "-t", "e2e", "Escape")
	x.waitFor("cancelled")
	x.waitGone("esc to cancel")
	x.run("send-keys", "-t", "e2e", "/greet Ada", "Enter")
	x.waitFor("hello, Ada!")
	x.run("send-keys", "-t", "e2e", "C-d")
	x.waitExit(status)
}

// startTmux runs `panto run DIR --no-session` in a fresh tmux server
// with a home of its own; status is where the shell writes panto's exit
// status.
func startTmux(t *testing.T, bin, dir string) (tmux, string) {
	x := tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	status := filepath.Join(t.TempDir(), "status")
	home := t.TempDir()
	shell := "HOME=" + home + " XDG_DATA_HOME=" + home + "/data XDG_CONFIG_HOME=" + home + "/config " +
		bin + " run " + dir + " --no-session; echo $? > " + status + "; sleep 60"
	x.run("new-session", "-d", "-s", "e2e", "-x", "100", "-y", "40", shell)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })
	return x, status
}

// waitExit waits for panto to end and wants exit status 0.
func (x tmux) waitExit(status string) {
	x.t.Helper()
	x.waitStatus(status, "0")
}

// waitStatus waits for panto to end and wants the exit status want.
func (x tmux) waitStatus(status, want string) {
	x.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		if data, err := os.ReadFile(status); err == nil && len(data) > 0 {
			if got := strings.TrimSpace(string(data)); got != want {
				x.t.Fatalf("panto exited with %s, want %s:\n%s", got, want, x.screen())
			}
			return
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("panto did not quit:\n%s", x.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTUIWithBuiltinProvider is the interactive session against a model
// served over HTTP by the built-in openai-completions protocol (a local
// OpenAI-compatible server, as llama.cpp or vLLM would be): a turn with a
// tool call, then /model's picker, then quit.
func TestTUIWithBuiltinProvider(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	srv := fakellm.New(
		fakellm.Reply{Text: "Reading it.", Calls: []fakellm.Call{{Name: "echo", Arguments: `{"message":"over http"}`}}},
		fakellm.Reply{Text: "The **tool** said it."},
	)
	defer srv.Close()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": "[providers.local]\nprotocol = \"openai-completions\"\nbase_url = \"" + srv.URL + "/v1\"\nmodels = { small = \"tiny-model\" }\n[models]\ndefault = \"local:small\"\n",
		"tools/echo.lua": `return { name = "echo", description = "Echo.", schema = { type = "object", properties = { message = { type = "string" } } }, effects = {},
  handler = function(input) return "echo: " .. input.message end }`,
	})
	x, status := startTmux(t, pantobin.Path(t), dir)
	x.waitFor("local:small")
	x.run("send-keys", "-t", "e2e", "go", "Enter")
	s := x.waitFor("The tool said it.")
	for _, want := range []string{"Reading it.", "● echo", "echo: over http"} {
		if !strings.Contains(s, want) {
			t.Errorf("the pane lacks %q:\n%s", want, s)
		}
	}
	if bodies := srv.Bodies(); len(bodies) != 2 || bodies[0]["model"] != "tiny-model" {
		t.Errorf("requests: %v", bodies)
	}
	x.run("send-keys", "-t", "e2e", "/model", "Enter")
	x.waitFor("Switch the model")
	x.run("send-keys", "-t", "e2e", "Escape")
	x.waitGone("Switch the model") // an Esc takes its timeout to be an Esc
	x.run("send-keys", "-t", "e2e", "C-d")
	x.waitExit(status)
}

func (x tmux) waitGone(s string) {
	x.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for strings.Contains(x.screen(), s) {
		if time.Now().After(deadline) {
			x.t.Fatalf("%q never went away:\n%s", s, x.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTUIQuitAfterLoadFailure: an entry that fails to load is shown in
// the session, which goes on with the rest; on quit it is listed again
// on the restored terminal and the exit status is 1, as in the headless
// run modes.
func TestTUIQuitAfterLoadFailure(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml":           scriptConfig,
		"turns.jsonl":           `{"events": [{"text": "fine"}]}` + "\n",
		"extensions/broken.lua": "return { name = \"broken\", activate = function() error(\"boom\") end }\n",
		"tools/echo.lua":        `return { name = "echo", description = "Echo.", schema = { type = "object" }, handler = function() return "e" end }`,
	})
	x, status := startTmux(t, pantobin.Path(t), dir)
	x.waitFor("Ask, or type / for commands")
	x.run("send-keys", "-t", "e2e", "hi", "Enter")
	x.waitFor("fine")
	x.run("send-keys", "-t", "e2e", "C-d")
	x.waitStatus(status, "1")
	s := x.screen()
	for _, want := range []string{"panto: activate: ", "broken.lua:1: boom", "1 extension failed to load"} {
		if !strings.Contains(s, want) {
			t.Errorf("after quit the pane lacks %q:\n%s", want, s)
		}
	}
}
