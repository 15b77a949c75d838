package childproc

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary be the helper (as panto's main does)
// and, for the kill -9 test, a parent that starts a command and waits.
func TestMain(m *testing.M) {
	RunHelperIfAsked()
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	UseHelper(self)
	portableHelper = os.Getenv("CHILDPROC_TEST_PORTABLE") != ""
	if addr := os.Getenv("CHILDPROC_TEST_DIAL"); addr != "" {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			fmt.Println(err)
			os.Exit(3)
		}
		c.Close()
		os.Exit(0)
	}
	if script := os.Getenv("CHILDPROC_TEST_PARENT"); script != "" {
		cmd := exec.Command("/bin/sh", "-c", script)
		cmd.Stdout = os.Stdout
		l, err := Prepare(cmd, Options{})
		if err == nil {
			err = cmd.Start()
		}
		if err == nil {
			err = l.Started(cmd)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		// Until killed. Not `select {}`: without cgo the runtime sees
		// every goroutine blocked and ends the process as deadlocked,
		// which is not the kill -9 this parent stands in for.
		for {
			time.Sleep(time.Hour)
		}
	}
	os.Exit(m.Run())
}

// start runs script under /bin/sh through the helper, its stdout piped.
func start(t *testing.T, script string, o Options) (*exec.Cmd, *Launch, *bufio.Reader) {
	t.Helper()
	cmd := exec.Command("/bin/sh", "-c", script)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	l, err := Prepare(cmd, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		l.Abort()
		t.Fatal(err)
	}
	if err := l.Started(cmd); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Kill(cmd) })
	return cmd, l, bufio.NewReader(out)
}

func readPid(t *testing.T, r *bufio.Reader) int {
	t.Helper()
	line, err := r.ReadString('\n')
	if err != nil {
		t.Fatalf("reading a pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		t.Fatalf("not a pid: %q", line)
	}
	return pid
}

// gone reports whether pid is no longer a running process (a zombie
// waiting for PID 1 counts as gone).
func gone(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && (s[i+2] == 'Z' || s[i+2] == 'X')
}

// waitGone polls until every pid is gone, failing after a generous
// bound (a bound to fail on, not a measurement).
func waitGone(t *testing.T, pids ...int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for _, pid := range pids {
		for !gone(pid) {
			if time.Now().After(deadline) {
				syscall.Kill(pid, syscall.SIGKILL)
				t.Fatalf("process %d is still running", pid)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

func TestExitStatus(t *testing.T) {
	forEachHelper(t, func(t *testing.T, portable bool) {
		for _, c := range []struct {
			name, script string
			code, sig    int
		}{
			{"zero", "true", 0, 0},
			{"code", "exit 3", 3, 0},
			{"signal", "kill -TERM $$", 0, int(syscall.SIGTERM)},
			{"killed", "kill -KILL $$", 0, int(syscall.SIGKILL)},
		} {
			t.Run(c.name, func(t *testing.T) {
				cmd, l, _ := start(t, c.script, Options{})
				code, sig := l.Wait(cmd)
				if code != c.code || sig != c.sig {
					t.Fatalf("got code %d signal %d, want %d %d", code, sig, c.code, c.sig)
				}
			})
		}
	})
}

// TestExecFailure: a command that cannot be executed fails the start,
// as libuv's spawn does, with the errno.
func TestExecFailure(t *testing.T) {
	forEachHelper(t, func(t *testing.T, portable bool) {
		dir := t.TempDir()
		noexec := dir + "/plain"
		os.WriteFile(noexec, []byte("data"), 0o644)
		for _, c := range []struct {
			path string
			want syscall.Errno
		}{
			{dir + "/missing", syscall.ENOENT},
			{noexec, syscall.EACCES},
		} {
			t.Run(c.want.Error(), func(t *testing.T) {
				cmd := exec.Command(c.path)
				l, err := Prepare(cmd, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				err = l.Started(cmd)
				if !errors.Is(err, c.want) {
					t.Fatalf("got %v, want %v", err, c.want)
				}
			})
		}
	})
}

// TestSignalForwarded: a signal sent to the child reaches the command
// through the helper.
func TestSignalForwarded(t *testing.T) {
	forEachHelper(t, func(t *testing.T, portable bool) {
		cmd, l, out := start(t, "trap 'echo got; exit 7' USR1; echo ready; while :; do sleep 0.05; done", Options{})
		if line, _ := out.ReadString('\n'); line != "ready\n" {
			t.Fatalf("got %q", line)
		}
		if err := l.Signal(cmd, syscall.SIGUSR1); err != nil {
			t.Fatal(err)
		}
		if line, _ := out.ReadString('\n'); line != "got\n" {
			t.Fatalf("got %q", line)
		}
		if code, sig := l.Wait(cmd); code != 7 || sig != 0 {
			t.Fatalf("code %d signal %d", code, sig)
		}
	})
}

// TestBackgroundJob: the exit is reported while a background job the
// command started still runs, and Kill takes that job down.
func TestBackgroundJob(t *testing.T) {
	forEachHelper(t, func(t *testing.T, portable bool) {
		for _, detached := range []bool{false, true} {
			t.Run(fmt.Sprintf("detached=%v", detached), func(t *testing.T) {
				cmd, l, out := start(t, "sleep 300 >/dev/null & echo $!", Options{Detached: detached})
				bg := readPid(t, out)
				if code, sig := l.Wait(cmd); code != 0 || sig != 0 {
					t.Fatalf("code %d signal %d", code, sig)
				}
				if gone(bg) {
					t.Fatal("the background job ended with the command")
				}
				l.Kill(cmd)
				waitGone(t, bg)
			})
		}
	})
}

// TestParentKilled kills a parent process with SIGKILL while its
// command runs a sleep in the foreground and one in the background:
// neither outlives it.
func TestParentKilled(t *testing.T) {
	forEachHelper(t, func(t *testing.T, portable bool) {
		self, _ := os.Executable()
		parent := exec.Command(self)
		parent.Env = append(os.Environ(), "CHILDPROC_TEST_PORTABLE="+portableFlag(portable), "CHILDPROC_TEST_PARENT=sleep 300 & echo $!; echo $$; sleep 301")
		out, err := parent.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := parent.Start(); err != nil {
			t.Fatal(err)
		}
		r := bufio.NewReader(out)
		bg, shell := readPid(t, r), readPid(t, r)
		if gone(bg) || gone(shell) {
			t.Fatal("the command is not running")
		}
		parent.Process.Signal(syscall.SIGKILL)
		parent.Wait()
		waitGone(t, bg, shell)
	})
}

// forEachHelper runs f with each of the two helpers, both tested here:
// Linux's own, and the lifeline helper of the other unix systems
// (lifeline_unix.go), which needs nothing Linux alone has.
func forEachHelper(t *testing.T, f func(t *testing.T, portable bool)) {
	for _, portable := range []bool{false, true} {
		name := "linux"
		if portable {
			name = "lifeline"
		}
		t.Run(name, func(t *testing.T) {
			portableHelper = portable
			defer func() { portableHelper = false }()
			f(t, portable)
		})
	}
}

func portableFlag(portable bool) string {
	if portable {
		return "1"
	}
	return ""
}
