package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"panto/internal/pantobin"
)

// TestRPCPermissionRequest: in --mode rpc a call the policy asks about
// becomes a permission_request; approve runs it (session scope also
// allows the next such call without asking), deny gives the model the
// reason, and every decision is a permission_decision event.
func TestRPCPermissionRequest(t *testing.T) {
	bin := pantobin.Path(t) // before isolate: the build keeps the user's Go cache
	isolate(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [` +
			`{"tool_call": {"id": "c1", "name": "shell", "input": {"command": "mkdir -p one"}}},` +
			`{"tool_call": {"id": "c2", "name": "shell", "input": {"command": "mkdir -p two"}}},` +
			`{"tool_call": {"id": "c3", "name": "write", "input": {"path": "f.txt", "content": "x"}}}]}` + "\n" +
			`{"events": [{"text": "done"}]}` + "\n",
	})
	cmd := exec.Command(bin, "run", dir, "--mode", "rpc", "--no-session")
	cmd.Dir = dir
	cmd.Env = os.Environ()
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan map[string]any)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				lines <- m
			}
		}
		close(lines)
	}()
	next := func(typ string) map[string]any {
		t.Helper()
		timeout := time.After(30 * time.Second)
		for {
			select {
			case m, ok := <-lines:
				if !ok {
					t.Fatalf("output ended before a %s event; stderr:\n%s", typ, stderr.String())
				}
				if m["type"] == typ {
					return m
				}
			case <-timeout:
				t.Fatalf("no %s event; stderr:\n%s", typ, stderr.String())
			}
		}
	}
	send := func(s string) { io.WriteString(stdin, s+"\n") }
	send(`{"type":"prompt","text":"go"}`)
	req := next("permission_request")
	if req["tool_name"] != "shell" || req["id"] != "c1" || req["suggested_rule"] != "shell(mkdir*)" || req["request_id"] != "perm_1" {
		t.Fatalf("request %v", req)
	}
	send(`{"type":"deny","request_id":"perm_9"}`)
	if r := next("response"); r["success"] != false || !strings.Contains(r["error"].(string), `no pending permission request "perm_9"`) {
		t.Fatalf("unknown request: %v", r)
	}
	send(`{"type":"approve","request_id":"perm_1","scope":"session"}`)
	// c2 is allowed by the session rule; the write asks.
	req = next("permission_request")
	if req["tool_name"] != "write" || req["id"] != "c3" {
		t.Fatalf("second request %v", req)
	}
	send(`{"type":"deny","request_id":"perm_2","reason":"not that file"}`)
	res := next("turn_result")
	if res["status"] != "completed" || res["text"] != "done" {
		t.Fatalf("turn %v", res)
	}
	send(`{"type":"quit"}`)
	stdin.Close()
	go func() {
		for range lines { // keep stdout drained so panto can finish writing
		}
	}()
	cmd.Wait()
	for _, d := range []string{"one", "two"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err != nil {
			t.Errorf("%s was not made", d)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "f.txt")); err == nil {
		t.Error("the denied write happened")
	}
}
