//go:build unix

package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"panto/internal/pantobin"
)

// panto lua binds Ctrl-C as lua.c does: the first SIGINT interrupts the
// running chunk with "interrupted!" (placed at the interrupted function's
// caller, as the reference places it), the script ends with exit 1, and
// the REPL goes back to its prompt. Each case waits for the script to say
// it is running before sending the signal.
func TestLuaCtrlC(t *testing.T) {
	bin := pantobin.Path(t)
	dir := t.TempDir()
	script := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name, script, wantErr string
	}{
		{"main chunk", "print('ready') io.stdout:flush()\nlocal x = 0\nwhile true do\n  x = x + 1\nend\n", "panto: interrupted!\nstack traceback:\n\t"},
		{"in a function", "local function spin()\n  while true do end\nend\nprint('ready') io.stdout:flush()\nspin()\n", "panto: "},
		{"blocked reading stdin", "print('ready') io.stdout:flush()\nlocal l = io.read('l')\n", "interrupted!"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(bin, "lua", script(strings.ReplaceAll(c.name, " ", "_")+".lua", c.script))
			cmd.Dir = dir
			stdin, _ := cmd.StdinPipe() // kept open: io.read blocks
			defer stdin.Close()
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(stdout)
			if !sc.Scan() || sc.Text() != "ready" {
				cmd.Process.Kill()
				t.Fatalf("the script did not start: %q", sc.Text())
			}
			cmd.Process.Signal(syscall.SIGINT)
			err := waitExit(t, cmd, stdout)
			ee, ok := err.(*exec.ExitError)
			if !ok || ee.ExitCode() != 1 {
				t.Fatalf("exit: %v, stderr:\n%s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), c.wantErr) || !strings.Contains(stderr.String(), "interrupted!") {
				t.Errorf("stderr:\n%s\nwant it to contain %q", stderr.String(), c.wantErr)
			}
		})
	}
	// As in lua.c, the error is raised once: a pcall that catches it goes
	// on (the official suite's main.lua checks this), and the second
	// Ctrl-C ends the process by the signal's default action.
	t.Run("in a pcall loop", func(t *testing.T) {
		cmd := exec.Command(bin, "lua", script("pcall_loop.lua", "print('ready') io.stdout:flush()\n"+
			"while true do\n  local ok, e = pcall(function() while true do end end)\n  print(e) io.stdout:flush()\nend\n"))
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		out := bufio.NewReader(stdout)
		waitFor(t, out, "ready")
		cmd.Process.Signal(syscall.SIGINT)
		waitFor(t, out, "interrupted!")
		cmd.Process.Signal(syscall.SIGINT)
		err := waitExit(t, cmd, stdout)
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGINT {
			t.Fatalf("exit after the second Ctrl-C: %v", err)
		}
	})
	t.Run("position of the caller", func(t *testing.T) {
		cmd := exec.Command(bin, "lua", script("caller.lua", "local function spin()\n  while true do end\nend\nprint('ready') io.stdout:flush()\n\nspin()\n"))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, _ := cmd.StdoutPipe()
		cmd.Start()
		sc := bufio.NewScanner(stdout)
		sc.Scan()
		cmd.Process.Signal(syscall.SIGINT)
		waitExit(t, cmd, stdout)
		if !strings.HasPrefix(stderr.String(), "panto: ") || !strings.Contains(stderr.String(), "caller.lua:6: interrupted!") {
			t.Errorf("stderr:\n%s", stderr.String())
		}
	})
	t.Run("REPL", func(t *testing.T) {
		cmd := exec.Command(bin, "lua", "-i")
		stdin, _ := cmd.StdinPipe()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		out := bufio.NewReader(stdout)
		// The REPL echoes the lines it reads from a pipe: wait for what
		// the code prints, which the echoed line does not contain.
		io.WriteString(stdin, "print('loop' .. 'ing') io.stdout:flush() while true do end\n")
		waitFor(t, out, "looping")
		cmd.Process.Signal(syscall.SIGINT)
		io.WriteString(stdin, "print('back at ' .. 'the prompt')\n")
		waitFor(t, out, "back at the prompt")
		stdin.Close()
		if err := waitExit(t, cmd, stdout); err != nil {
			t.Fatalf("exit: %v", err)
		}
		if !strings.Contains(stderr.String(), "interrupted!") {
			t.Errorf("stderr:\n%s", stderr.String())
		}
	})
}

// waitFor reads r until a line contains s.
func waitFor(t *testing.T, r *bufio.Reader, s string) {
	t.Helper()
	done := make(chan bool, 1)
	go func() {
		for {
			line, err := r.ReadString('\n')
			if strings.Contains(line, s) {
				done <- true
				return
			}
			if err != nil {
				done <- false
				return
			}
		}
	}()
	select {
	case ok := <-done:
		if !ok {
			t.Fatalf("output ended before %q", s)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("no %q", s)
	}
}

// waitExit drains out and waits for cmd, failing after 20 s.
func waitExit(t *testing.T, cmd *exec.Cmd, out io.Reader) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		io.Copy(io.Discard, out)
		done <- cmd.Wait()
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("panto lua did not stop on Ctrl-C")
		return nil
	}
}
