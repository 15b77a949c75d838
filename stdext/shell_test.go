package stdext_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// alive reports whether a process runs: a killed child whose parent died
// too stays a zombie until init reaps it, and a zombie runs nothing.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !os.IsNotExist(err)
	}
	// pid (comm) state ...: the state follows the last ')'.
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}

// waitGone waits a while for a killed process to be gone.
func waitGone(t *testing.T, pid int, what string) {
	t.Helper()
	for i := 0; alive(pid); i++ {
		if i == 250 {
			t.Fatalf("%s (%d) is still running", what, pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestShell(t *testing.T) {
	s := newSession(t, nil)
	if got := s.ok(t, "shell", `{"command":"echo out; echo err >&2; exit 3"}`); got != "out\n[stderr]\nerr\n[exit code: 3]" {
		t.Errorf("shell = %q", got)
	}
	if got := s.ok(t, "shell", `{"command":"true"}`); got != "(no output)\n[exit code: 0]" {
		t.Errorf("no output = %q", got)
	}
	// The project root is the default folder; cwd is relative to it.
	s.write(t, "sub/f.txt", "")
	if got := s.ok(t, "shell", `{"command":"pwd"}`); !strings.HasPrefix(got, s.proj+"\n") {
		t.Errorf("pwd = %q, want %s", got, s.proj)
	}
	if got := s.ok(t, "shell", `{"command":"ls","cwd":"sub"}`); got != "f.txt\n[exit code: 0]" {
		t.Errorf("cwd = %q", got)
	}
	// Standard input is empty.
	if got := s.ok(t, "shell", `{"command":"cat; echo done"}`); got != "done\n[exit code: 0]" {
		t.Errorf("stdin = %q", got)
	}
	// A signal is reported as one.
	contains(t, "signal", s.ok(t, "shell", `{"command":"kill -9 $$"}`), "[killed by signal 9 (SIGKILL)]")
	// Output that is not UTF-8 reaches the model as valid text.
	if got := s.ok(t, "shell", `{"command":"printf 'a\\377b'"}`); got != "a\uFFFDb\n[exit code: 0]" {
		t.Errorf("binary output = %q", got)
	}
	s.fails(t, "shell", `{"command":"true","cwd":"nope"}`, "cwd nope does not exist")
	s.fails(t, "shell", `{"command":"true","cwd":"sub/f.txt"}`, "cwd sub/f.txt is not a folder")
	s.fails(t, "shell", `{}`, "'command' is required")
}

func TestShellOutputCap(t *testing.T) {
	s := newSession(t, nil)
	// 200000 numbered lines on stdout: the start and the end are kept.
	got := s.ok(t, "shell", `{"command":"seq 1 200000"}`)
	if len(got) > 40*1024 {
		t.Errorf("output is %d bytes", len(got))
	}
	contains(t, "cap", got, "1\n2\n3\n", "\n199999\n200000\n", "bytes omitted] …", "[exit code: 0]", "[output cut: each stream keeps its first 8.0 KiB and last 24.0 KiB]")
}

func TestShellTimeout(t *testing.T) {
	s := newSession(t, nil)
	// The shell starts a background sleeper, records its pid and waits:
	// the timeout must kill both, not just the shell.
	pidFile := s.path("pid")
	start := time.Now()
	got := s.ok(t, "shell", `{"command":"echo started; sleep 30 & echo $! > `+pidFile+`; wait","timeout_ms":300}`)
	contains(t, "timeout", got, "started\n", "[timed out after 300 ms: the command and everything it started were killed]")
	if time.Since(start) > 20*time.Second {
		t.Errorf("the call waited for the command")
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	if pid <= 0 {
		t.Fatalf("pid %q", b)
	}
	waitGone(t, pid, "the background child")
}

// TestShellBackground: a command that leaves a process holding its output
// open returns once the shell exits (after a short grace), with a note.
func TestShellBackground(t *testing.T) {
	s := newSession(t, nil)
	pidFile := s.path("pid")
	got := s.ok(t, "shell", `{"command":"sleep 30 & echo $! > `+pidFile+`; echo bye","timeout_ms":20000}`)
	contains(t, "background", got, "bye\n[exit code: 0]\n[the shell exited while a background process still held its output open")
	if b, err := os.ReadFile(pidFile); err == nil {
		if pid, _ := strconv.Atoi(strings.TrimSpace(string(b))); pid > 0 {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// TestShellCancel: cancelling the call (Ctrl-C) stops the command.
func TestShellCancel(t *testing.T) {
	s := newSession(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	pidFile := s.path("pid")
	tc, err := s.CallTool(ctx, "shell", `{"command":"echo $$ > `+pidFile+`; sleep 30","timeout_ms":60000}`)
	if err != nil {
		t.Fatal(err)
	}
	if tc.OK {
		t.Fatalf("a cancelled call succeeded: %s", tc.Output)
	}
	// The closing events still run their handlers after the cancel.
	if len(s.reported) > 0 {
		t.Errorf("handlers failed after the cancel: %v", s.reported)
	}
	b, _ := os.ReadFile(pidFile)
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	if pid <= 0 {
		t.Fatalf("pid %q", b)
	}
	waitGone(t, pid, "the shell")
	// The session goes on.
	if got := s.ok(t, "shell", `{"command":"echo again"}`); got != "again\n[exit code: 0]" {
		t.Errorf("after cancel: %q", got)
	}
}
