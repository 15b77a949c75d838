package childproc

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func needLandlock(t *testing.T) {
	t.Helper()
	if ok, why := availableKernel(); !ok {
		t.Skip("no sandbox to test: " + why)
	}
}

// run starts cmd through the helper under sb and returns its exit code.
func runSandboxed(t *testing.T, cmd *exec.Cmd, sb *Sandbox) int {
	t.Helper()
	l, err := Prepare(cmd, Options{Sandbox: sb})
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
	code, sig := l.Wait(cmd)
	if sig != 0 {
		t.Fatalf("killed by signal %d", sig)
	}
	return code
}

// TestSandboxWrites: on the real kernel, a sandboxed command writes in
// its writable folder and nowhere else, and the test process itself (the
// parent, as panto is) is not restricted.
func TestSandboxWrites(t *testing.T) {
	needLandlock(t)
	inside, outside := t.TempDir(), t.TempDir()
	for _, c := range []struct {
		name, mode  string
		path        string
		wantWritten bool
	}{
		{"workspace-write inside", ModeWorkspaceWrite, filepath.Join(inside, "a"), true},
		{"workspace-write below", ModeWorkspaceWrite, filepath.Join(inside, "sub", "b"), true},
		{"workspace-write outside", ModeWorkspaceWrite, filepath.Join(outside, "c"), false},
		{"workspace-write through ..", ModeWorkspaceWrite, filepath.Join(inside, "..", filepath.Base(outside), "d"), false},
		{"read-only inside", ModeReadOnly, filepath.Join(inside, "e"), false},
		{"off outside", ModeOff, filepath.Join(outside, "f"), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			script := `mkdir -p "$(dirname "$1")" 2>/dev/null; echo data > "$1" 2>/dev/null && echo x > /dev/null`
			cmd := exec.Command("/bin/sh", "-c", script, "sh", c.path)
			code := runSandboxed(t, cmd, &Sandbox{Mode: c.mode, Writable: []string{inside}})
			_, err := os.Stat(c.path)
			if written := err == nil; written != c.wantWritten || (code == 0) != c.wantWritten {
				t.Fatalf("exit %d, written %v; want written %v", code, written, c.wantWritten)
			}
		})
	}
	if err := os.WriteFile(filepath.Join(outside, "parent"), []byte("x"), 0o644); err != nil {
		t.Fatalf("the parent was restricted too: %v", err)
	}
}

// TestSandboxLink: a symbolic link inside the writable folder does not
// carry a write outside it.
func TestSandboxLink(t *testing.T) {
	needLandlock(t)
	inside, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(inside, "out")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", "-c", `echo data > "$1"`, "sh", filepath.Join(inside, "out", "x"))
	if code := runSandboxed(t, cmd, &Sandbox{Mode: ModeWorkspaceWrite, Writable: []string{inside}}); code == 0 {
		t.Fatal("the write through the link succeeded")
	}
	if _, err := os.Stat(filepath.Join(outside, "x")); err == nil {
		t.Fatal("the file was written outside")
	}
}

// TestSandboxNetwork: with the network off a command cannot connect to
// a listening port; with it on it can.
func TestSandboxNetwork(t *testing.T) {
	needLandlock(t)
	if !NetworkAvailable() {
		t.Skipf("the kernel's Landlock ABI %d cannot restrict TCP (it needs 4)", landlockABI())
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	self, _ := os.Executable()
	for _, c := range []struct {
		noNetwork bool
		want      int
	}{{false, 0}, {true, 3}} {
		cmd := exec.Command(self)
		cmd.Env = append(os.Environ(), "CHILDPROC_TEST_DIAL="+ln.Addr().String())
		if got := runSandboxed(t, cmd, &Sandbox{Mode: ModeWorkspaceWrite, NoNetwork: c.noNetwork}); got != c.want {
			t.Errorf("no_network=%v: exit %d, want %d", c.noNetwork, got, c.want)
		}
	}
}
