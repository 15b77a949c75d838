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

// TestBonePluginInTmux: the same bone user's ~/.bone-rust in the
// terminal UI: the start-up line, the plugin's tool blocks drawn with
// its display template, the blocked shell call, and the plugin's
// command reading what its tool kept in ctx.state.
func TestBonePluginInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	isolate(t)
	srv := boneHomeReplies()
	defer srv.Close()
	project := boneUserHome(t, srv)
	x := tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	status := filepath.Join(t.TempDir(), "status")
	shell := "cd " + project + " && HOME=" + os.Getenv("HOME") + " XDG_DATA_HOME=" + os.Getenv("XDG_DATA_HOME") +
		" XDG_CONFIG_HOME=" + os.Getenv("XDG_CONFIG_HOME") + " " + pantobin.Path(t) + " --no-session; echo $? > " + status + "; sleep 60"
	x.run("new-session", "-d", "-s", "e2e", "-x", "110", "-y", "45", shell)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })

	x.waitFor("bone: loaded ~/.bone-rust/init.lua (2 tools, 1 commands, 1 subagents, 3 hooks)")
	x.waitFor("Ask, or type / for commands")
	x.run("send-keys", "-t", "e2e", "look around", "Enter")
	s := x.waitFor("All done.")
	for _, want := range []string{
		"● Listing .",
		"files: notes.md, words.txt",
		"summary: bone code runs in panto",
		"projinfo: rm is not allowed here",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the pane lacks %q:\n%s", want, s)
		}
	}
	x.waitGone("esc to cancel")
	x.run("send-keys", "-t", "e2e", "/lastsummary", "Enter")
	x.waitFor("last summary: bone code runs in panto")
	x.run("send-keys", "-t", "e2e", "C-d")
	x.waitExit(status)
}
