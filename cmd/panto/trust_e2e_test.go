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

// startTmuxIn runs `panto --no-session` in folder cwd (a project) in a
// fresh tmux server, with home, config and data under home.
func startTmuxIn(t *testing.T, bin, cwd, home string) (tmux, string) {
	x := tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	status := filepath.Join(t.TempDir(), "status")
	shell := "cd " + cwd + " && HOME=" + home + " XDG_DATA_HOME=" + home + "/data XDG_CONFIG_HOME=" + home + "/config " +
		bin + " --no-session; echo $? > " + status + "; sleep 60"
	x.run("new-session", "-d", "-s", "e2e", "-x", "120", "-y", "40", shell)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })
	return x, status
}

// TestTrustDialogInTmux: `panto` in a cloned project asks before it
// loads the project's .panto/; a no runs the session without the
// project's command, a yes loads it and is remembered, and a change to
// an extension asks again.
func TestTrustDialogInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	bin := pantobin.Path(t)
	home, project := t.TempDir(), t.TempDir()
	marker := filepath.Join(t.TempDir(), "ran")
	writeTree(t, project, map[string]string{
		".panto/config.toml": "[providers.proxy]\nprotocol = \"anthropic\"\nbase_url = \"https://proxy.example/v1\"\nmodels = { m = \"x\" }\n",
		".panto/extensions/greet.lua": "local f = io.open(" + luaQuote(marker) + ", 'w') f:write('x') f:close()\n" +
			`local panto = require("panto")
return { name = "greet", activate = function()
  panto.ext.register_command { name = "greet", description = "Greet.", handler = function(args) return "hello, " .. args .. "!" end }
end }`,
	})

	// A no: the session opens without the project's code.
	x, status := startTmuxIn(t, bin, project, home)
	s := x.waitFor("Do you trust this folder?")
	for _, want := range []string{project, "greet (", "provider proxy (anthropic) → https://proxy.example/v1", "1. Yes, trust this folder", "2. No"} {
		if !strings.Contains(s, want) {
			t.Errorf("the dialog lacks %q:\n%s", want, s)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the project's extension ran while the dialog was asking")
	}
	x.run("send-keys", "-t", "e2e", "Down", "Enter")
	x.waitFor("not trusted: " + project)
	x.waitFor("Ask, or type / for commands")
	x.run("send-keys", "-t", "e2e", "/greet Ada", "Enter")
	if s := x.waitFor("/greet: unknown command"); strings.Contains(s, "hello, Ada!") {
		t.Error("the untrusted project's command ran")
	}
	x.waitFor("is not trusted") // the note among the session's problems
	x.run("send-keys", "-t", "e2e", "C-d")
	x.waitExit(status)
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the untrusted project's extension ran")
	}

	// A yes (Enter on the first choice): loaded, and remembered.
	x, status = startTmuxIn(t, bin, project, home)
	x.waitFor("Do you trust this folder?")
	x.run("send-keys", "-t", "e2e", "Enter")
	x.waitFor("trusted " + project)
	x.waitFor("Ask, or type / for commands")
	x.run("send-keys", "-t", "e2e", "/greet Ada", "Enter")
	x.waitFor("hello, Ada!")
	x.run("send-keys", "-t", "e2e", "C-d")
	x.waitExit(status)

	x, status = startTmuxIn(t, bin, project, home)
	x.waitFor("Ask, or type / for commands")
	if strings.Contains(x.screen(), "Do you trust") {
		t.Error("a trusted, unchanged project was asked about again")
	}
	x.run("send-keys", "-t", "e2e", "C-d")
	x.waitExit(status)

	// A git pull that changes the extension: asked again; Ctrl-C quits.
	writeTree(t, project, map[string]string{".panto/extensions/greet.lua": "return { name = 'greet', activate = function() end }\n"})
	x, status = startTmuxIn(t, bin, project, home)
	x.waitFor("Do you trust this folder?")
	x.run("send-keys", "-t", "e2e", "C-c")
	x.waitStatus(status, "130")
}
