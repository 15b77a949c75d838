//go:build unix

package agent

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"panto/permission"
)

// TestHookTimeout: a hook past its timeout is killed with what it
// started, reported, and does not decide anything.
func TestHookTimeout(t *testing.T) {
	cfg := scriptConfig + fmt.Sprintf("\n[[hooks.PreToolUse]]\nmatcher = \"*\"\nhooks = [{ type = \"command\", command = %q, timeout = 2 }]\n", hookScript(t, "hang.sh"))
	ts := newSession(t, map[string]string{
		"config.toml": cfg,
		"turns.jsonl": shellTouch + `{"text": "ok"}` + "\n",
	}, withPolicy(t, permission.Yolo, nil, nil))
	if res := ts.prompt("go"); res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "ran")); err != nil {
		t.Error("the call did not run after the hook timed out")
	}
	hs := ts.hookEvents()
	if len(hs) != 1 || hs[0]["timed_out"] != true {
		t.Fatalf("hook events %v", hs)
	}
	if n := strings.Join(ts.notices("hook"), "\n"); !strings.Contains(n, "timed out after 2s and was killed") {
		t.Errorf("notices %q", n)
	}
	data, err := os.ReadFile(filepath.Join(ts.dir, "hang.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
	for i := 0; running(pid); i++ {
		if i == 250 {
			t.Fatalf("the hook's child %d still runs", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// running reports whether pid is a live process: a zombie left for a
// PID 1 that does not reap (as in some containers) has ended.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc here: kill's answer stands
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || (s[i+2] != 'Z' && s[i+2] != 'X')
}
