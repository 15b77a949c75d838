//go:build unix

package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"panto/internal/pantobin"
)

// timeoutTree writes files under a new folder and returns it.
func timeoutTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, s := range files {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// --timeout bounds each evaluation, activation and handler call on its
// own: files that each take a while load although together they take
// longer than the limit, an endless one fails with its file and line and
// "ran past --timeout", and the others still load.
func TestRunTimeoutPerCall(t *testing.T) {
	bin := pantobin.Path(t)
	slow := `os.execute("sleep 1.2") return { name = "%s", activate = function() end }`
	dir := timeoutTree(t, map[string]string{
		"extensions/a.lua":    strings.Replace(slow, "%s", "a", 1),
		"extensions/b.lua":    strings.Replace(slow, "%s", "b", 1),
		"extensions/c.lua":    strings.Replace(slow, "%s", "c", 1),
		"extensions/hang.lua": "return { name = 'hang', activate = function()\n  while true do end\nend }\n",
		"tools/spin.lua":      "return { name = 'spin', description = 'd', schema = {}, handler = function()\n  while true do end\nend }\n",
		"tools/fine.lua":      "return { name = 'fine', description = 'd', schema = {}, handler = function() return 'fine' end }\n",
	})
	cmd := exec.Command(bin, "run", dir, "--timeout", "3s", "--load-budget", "-1", "--tool", "spin", "--input", "{}")
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "HOME="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v\n%s", err, stderr.String())
	}
	out := stderr.String()
	for _, want := range []string{
		"extensions/hang.lua:2: ran past --timeout 3s (entry 'hang')",
		"tools/spin.lua:2: ran past --timeout 3s",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"a.lua", "b.lua", "c.lua", "context deadline exceeded"} {
		if strings.Contains(out, bad) {
			t.Errorf("stderr mentions %q:\n%s", bad, out)
		}
	}
}

// Without --timeout, the load budget stops an endless activation, with a
// message that says what stopped it, and the rest loads.
func TestRunLoadBudget(t *testing.T) {
	bin := pantobin.Path(t)
	dir := timeoutTree(t, map[string]string{
		"extensions/hang.lua": "return { name = 'hang', activate = function()\n  while true do end\nend }\n",
		"tools/fine.lua":      "return { name = 'fine', description = 'd', schema = {}, handler = function() return 'fine' end }\n",
	})
	cmd := exec.Command(bin, "run", dir, "--load-budget", "1000000", "--tool", "fine", "--input", "{}")
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "HOME="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	if !strings.Contains(stderr.String(), "extensions/hang.lua:2: interrupted: instruction budget exhausted (evaluation and activation get 1000000 VM ticks each: an endless loop?)") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
	if !strings.Contains(stdout.String(), "fine") {
		t.Errorf("the other tool did not run: %q", stdout.String())
	}
}

// The first Ctrl-C interrupts the running handler with an error the run
// reports; a second one exits at once with 130. The second case awaits a
// timer: the first Ctrl-C abandons it, and its coroutine is closed, with
// no interruption pending, so that cleanup code can run; that cleanup
// (a __close) never ends, and only the second Ctrl-C gets out.
func TestRunCtrlC(t *testing.T) {
	bin := pantobin.Path(t)
	dir := timeoutTree(t, map[string]string{
		"tools/spin.lua": "return { name = 'spin', description = 'd', schema = {}, handler = function()\n  print('spinning') io.stdout:flush()\n  while true do end\nend }\n",
		"tools/stuck.lua": `return { name = 'stuck', description = 'd', schema = {}, handler = function()
  local uv = require("luv")
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
  local co = coroutine.running()
  local timer = uv.new_timer()
  timer:start(60000, 0, function() coroutine.resume(co) end)
  print('spinning') io.stdout:flush()
  coroutine.yield()
end }
`,
	})
	run := func(tool string, signals int) (error, string) {
		cmd := exec.Command(bin, "run", dir, "--tool", tool, "--input", "{}")
		cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "HOME="+t.TempDir())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stdout)
		for sc.Scan() && !strings.Contains(sc.Text(), "spinning") {
		}
		for i := 0; i < signals; i++ {
			cmd.Process.Signal(syscall.SIGINT)
			time.Sleep(200 * time.Millisecond)
		}
		done := make(chan error, 1)
		go func() {
			for sc.Scan() {
			}
			done <- cmd.Wait()
		}()
		select {
		case err := <-done:
			return err, stderr.String()
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("panto run did not stop after %d Ctrl-C", signals)
			return nil, ""
		}
	}
	err, stderr := run("spin", 1)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(stderr, "tools/spin.lua:3: interrupted by Ctrl-C") {
		t.Errorf("one Ctrl-C: %v\n%s", err, stderr)
	}
	err, stderr = run("stuck", 2)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Errorf("two Ctrl-C: %v\n%s", err, stderr)
	}
}
