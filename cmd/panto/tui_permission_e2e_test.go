//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"panto/internal/pantobin"
)

// TestTUIPermissionPrompt drives the permission prompt in a real
// terminal: a shell call asks and is allowed once, a write shows its
// diff and is denied with a typed reason the model reads, and Shift+Tab
// cycles the mode the footer states.
func TestTUIPermissionPrompt(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	bin := pantobin.Path(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "shell", "input": {"command": "mkdir -p made"}}}]}
{"events": [{"tool_call": {"id": "c2", "name": "write", "input": {"path": "f.txt", "content": "hello\n"}}}]}
{"expect": {"tool_result": "the user denied this call: not that file"}, "events": [{"text": "All done."}]}
`,
	})
	x := tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	status := filepath.Join(t.TempDir(), "status")
	home := t.TempDir()
	shell := "cd " + dir + " && HOME=" + home + " XDG_DATA_HOME=" + home + "/data XDG_CONFIG_HOME=" + home + "/config " +
		bin + " run " + dir + " --no-session; echo $? > " + status + "; sleep 60"
	x.run("new-session", "-d", "-s", "e2e", "-x", "110", "-y", "40", shell)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })

	x.waitFor("default mode")
	x.run("send-keys", "-t", "e2e", "go", "Enter")
	s := x.waitFor("Allow once")
	for _, want := range []string{"● shell", "default mode asks before running commands", "$ mkdir -p made",
		"Allow for this session: shell(mkdir*)", "Always allow shell(mkdir*) in this project", "Deny"} {
		if !strings.Contains(s, want) {
			t.Errorf("the prompt lacks %q:\n%s", want, s)
		}
	}
	x.run("send-keys", "-t", "e2e", "Enter")
	s = x.waitFor("f.txt (new file)")
	if !strings.Contains(s, "+ hello") {
		t.Errorf("the write's diff is missing:\n%s", s)
	}
	if _, err := os.Stat(filepath.Join(dir, "made")); err != nil {
		t.Error("the allowed command did not run")
	}
	x.run("send-keys", "-t", "e2e", "-l", "not that file")
	x.waitFor("reason: not that file")
	x.run("send-keys", "-t", "e2e", "Enter")
	x.waitFor("All done.")
	x.waitFor("write denied: not that file")
	if _, err := os.Stat(filepath.Join(dir, "f.txt")); err == nil {
		t.Error("the denied write happened")
	}
	x.run("send-keys", "-t", "e2e", "BTab")
	x.waitFor("accept-edits mode")
	x.run("send-keys", "-t", "e2e", "BTab")
	x.waitFor("plan mode")
	x.run("send-keys", "-t", "e2e", "BTab")
	x.waitFor("permission mode: default")
	x.run("send-keys", "-t", "e2e", "C-d")
	x.waitExit(status)
}
