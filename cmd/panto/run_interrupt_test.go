//go:build unix

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"panto/internal/pantobin"
)

// TestPromptCtrlC interrupts a headless turn that waits on its model
// forever: the first SIGINT cancels the turn, panto exits 130, and the
// user message it had already persisted is on disk.
func TestPromptCtrlC(t *testing.T) {
	bin := pantobin.Path(t)
	dir := t.TempDir()
	write := func(p, s string) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("config.toml", "[providers.slow]\nprotocol = \"slow\"\nmodels = { m = \"m\" }\n[models]\ndefault = \"slow:m\"\n")
	write("extensions/slow.lua", `local panto = require("panto")
return { name = "slow", activate = function()
  panto.ext.register_protocol { name = "slow", open = function() return { next = function() return nil end } end }
end }`)
	data := t.TempDir()
	cmd := exec.Command(bin, "run", dir, "--mode", "json", "--prompt", "wait for me")
	cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+data, "XDG_CONFIG_HOME="+t.TempDir(), "HOME="+t.TempDir())
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	started := false
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"type":"turn_start"`) {
			started = true
			break
		}
	}
	if !started {
		cmd.Process.Kill()
		t.Fatal("the turn never started")
	}
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() {
		for sc.Scan() {
		}
		done <- cmd.Wait()
	}()
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("panto did not stop on Ctrl-C")
	}
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(data, "panto", "sessions", "*", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("%d session files", len(files))
	}
	raw, _ := os.ReadFile(files[0])
	if !strings.Contains(string(raw), "wait for me") {
		t.Errorf("the user message was not persisted:\n%s", raw)
	}
}

// TestRPCNewAfterATurn drives --mode rpc as an editor would, one command
// after the answer to the last: a turn, /new (which replaces the Lua
// state and its loop), and a turn in the new session.
func TestRPCNewAfterATurn(t *testing.T) {
	bin := pantobin.Path(t)
	cmd := exec.Command(bin, "run", demo(t), "--mode", "rpc")
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+home, "XDG_CONFIG_HOME="+t.TempDir(), "HOME="+home)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	until := func(want string) string {
		t.Helper()
		for sc.Scan() {
			if strings.Contains(sc.Text(), want) {
				return sc.Text()
			}
		}
		t.Fatalf("the output ended before %q", want)
		return ""
	}
	until(`"type":"ready"`)
	in.Write([]byte(`{"type":"prompt","text":"count: a b c"}` + "\n"))
	if l := until(`"type":"turn_result"`); !strings.Contains(l, "3 words") {
		t.Fatalf("first turn: %s", l)
	}
	in.Write([]byte(`{"type":"new","id":7}` + "\n"))
	if l := until(`"command":"new"`); !strings.Contains(l, `"success":true`) {
		t.Fatalf("new: %s", l)
	}
	in.Write([]byte(`{"type":"prompt","text":"count: d e f g"}` + "\n"))
	if l := until(`"type":"turn_result"`); !strings.Contains(l, "4 words") {
		t.Fatalf("second turn: %s", l)
	}
	in.Close()
	for sc.Scan() {
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v", err)
	}
}
