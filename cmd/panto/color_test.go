//go:build unix

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"panto/internal/pantobin"
)

// colorLayer's command and tool return highlighted Lua, its activation
// prints some, and the command also ends a style: every kind of
// coloured output an extension makes.
var colorLayer = map[string]string{"extensions/c.lua": `local panto = require("panto")
return { name = "c", activate = function()
  local styles = panto.ext.style()
  print(styles.accent .. "styled at activation" .. styles.reset)
  panto.ext.register_command { name = "hl", description = "highlight", handler = function()
    return panto.ext.highlight("local x = 1", "lua")
  end }
  panto.ext.register_tool { name = "hl", description = "highlight", schema = { type = "object" }, handler = function()
    return panto.ext.highlight("local x = 1", "lua")
  end }
end }`}

// TestColorOfEveryOutput: what extensions style (panto.ext.style,
// highlight, the native components) reaches a pipe without escape
// sequences in every run mode, unless --color always asks for them.
func TestColorOfEveryOutput(t *testing.T) {
	dir := watchFolder(t, colorLayer)
	for _, mode := range [][]string{
		{"--command", "/hl"},
		{"--tool", "hl", "--input", "{}"},
		{"--tool", "hl", "--input", "{}", "--render"},
		{"--list"},
	} {
		t.Run(strings.Join(mode, " "), func(t *testing.T) {
			args := append([]string{"run", dir}, mode...)
			code, out, errOut := runCLI(t, args...)
			if code != 0 || strings.Contains(out, "\x1b") || !strings.Contains(out, "styled at activation") {
				t.Errorf("to a pipe: exit %d\n%q\n%s", code, out, errOut)
			}
			_, out, _ = runCLI(t, append(args, "--color", "always")...)
			if !strings.Contains(out, "\x1b[") {
				t.Errorf("--color always: no colour:\n%q", out)
			}
		})
	}
}

// TestColorOnATerminal: on a terminal the same output is coloured,
// except with NO_COLOR set (to anything but "") or TERM=dumb.
func TestColorOnATerminal(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	bin := pantobin.Path(t)
	dir := watchFolder(t, colorLayer)
	for _, c := range []struct {
		name, env string
		color     bool
	}{
		{"terminal", "", true},
		{"NO_COLOR empty", "NO_COLOR=", true},
		{"NO_COLOR", "NO_COLOR=1", false},
		{"TERM=dumb", "TERM=dumb", false},
		{"NO_COLOR with --color always", "NO_COLOR=1", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
			status := filepath.Join(t.TempDir(), "status")
			flags := ""
			if strings.Contains(c.name, "always") {
				flags = " --color always"
			}
			shell := "env " + c.env + " " + bin + " run " + dir + " --command /hl" + flags + "; echo $? > " + status + "; sleep 60"
			if c.env == "" {
				shell = bin + " run " + dir + " --command /hl; echo $? > " + status + "; sleep 60"
			}
			x.run("new-session", "-d", "-s", "e2e", "-x", "80", "-y", "10", shell)
			t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })
			x.waitExit(status)
			screen := x.run("capture-pane", "-p", "-e", "-t", "e2e")
			if !strings.Contains(screen, "styled at activation") || strings.Contains(screen, "\x1b[") != c.color {
				t.Errorf("colour %v wanted:\n%q", c.color, screen)
			}
		})
	}
}
