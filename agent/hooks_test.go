package agent

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/permission"
)

// hookScript is the command that runs a script of testdata/hooks.
func hookScript(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", "hooks", name))
	if err != nil {
		t.Fatal(err)
	}
	return "sh '" + p + "'"
}

// hookConfig is the script model's config.toml with one hook per
// (event, matcher, script) triple, in the TOML form of Claude Code's
// settings.
func hookConfig(t *testing.T, specs ...[3]string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(scriptConfig)
	for _, s := range specs {
		fmt.Fprintf(&b, "\n[[hooks.%s]]\nmatcher = %q\nhooks = [{ type = \"command\", command = %q, timeout = 10 }]\n", s[0], s[1], hookScript(t, s[2]))
	}
	return b.String()
}

// hookEvents are the session's "hook" events.
func (ts *testSession) hookEvents() []map[string]any {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var out []map[string]any
	for _, e := range ts.events {
		if e.Type == "hook" {
			out = append(out, e.Fields)
		}
	}
	return out
}

func readJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, data)
	}
	return m
}

const shellTouch = `{"events": [{"tool_call": {"id": "s", "name": "shell", "input": {"command": "touch ran"}}}]}` + "\n"

// TestPreToolUseBlock: exit 2 blocks the call even in yolo mode; the
// model reads the hook's stderr; the hook got Claude Code's event.
func TestPreToolUseBlock(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": hookConfig(t, [3]string{"PreToolUse", "Bash", "block.sh"}),
		"turns.jsonl": shellTouch + `{"expect": {"tool_result": "no shell commands today"}, "text": "ok"}` + "\n",
	}, withPolicy(t, permission.Yolo, nil, nil))
	if res := ts.prompt("go"); res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	if text, isErr := resultOf(t, ts, "s"); !isErr || !strings.Contains(text, "PreToolUse hook") {
		t.Errorf("result error=%v %q", isErr, text)
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "ran")); err == nil {
		t.Error("the blocked command ran")
	}
	ev := readJSON(t, filepath.Join(ts.dir, "pre.json"))
	in, _ := ev["tool_input"].(map[string]any)
	for k, want := range map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_use_id": "s",
		"cwd": ts.dir, "session_id": ts.ID(), "permission_mode": "bypassPermissions"} {
		if ev[k] != want {
			t.Errorf("%s = %v, want %v", k, ev[k], want)
		}
	}
	if in["command"] != "touch ran" {
		t.Errorf("tool_input %v", in)
	}
	p, _ := ev["transcript_path"].(string)
	if !strings.HasSuffix(p, ".jsonl") {
		t.Errorf("transcript_path %q", p)
	}
	if data, err := os.ReadFile(p); err != nil || !strings.Contains(string(data), `"type":"panto_hook"`) {
		t.Errorf("the session file has no panto_hook entry (%v)", err)
	}
	hs := ts.hookEvents()
	if len(hs) != 1 || hs[0]["decision"] != "deny" || hs[0]["exit_code"] != 2 {
		t.Errorf("hook events %v", hs)
	}
	if n := strings.Join(ts.notices("hook"), "\n"); !strings.Contains(n, "blocked shell: no shell commands today") {
		t.Errorf("notices %q", n)
	}
}

// TestPreToolUseAllow: a JSON allow lets a call run that a headless
// default-mode run would deny for want of asking; a deny rule still
// wins over it.
func TestPreToolUseAllow(t *testing.T) {
	for _, c := range []struct {
		name  string
		rules []string
		ran   bool
	}{
		{"allowed", nil, true},
		{"deny rule wins", []string{"deny shell"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts := newSession(t, map[string]string{
				"config.toml": hookConfig(t, [3]string{"PreToolUse", "Bash", "allow.sh"}),
				"turns.jsonl": shellTouch + `{"text": "ok"}` + "\n",
			}, withPolicy(t, permission.Default, c.rules, nil))
			ts.prompt("go")
			_, err := os.Stat(filepath.Join(ts.dir, "ran"))
			if ran := err == nil; ran != c.ran {
				text, _ := resultOf(t, ts, "s")
				t.Errorf("ran %v, want %v (%s)", ran, c.ran, text)
			}
			// The user is told a hook decided, and what.
			if n := strings.Join(ts.notices("hook"), "\n"); !strings.Contains(n, "PreToolUse hook: allow shell") {
				t.Errorf("notices %q", n)
			}
		})
	}
}

// TestPreToolUseDeny: a JSON deny blocks a call an allow rule allows;
// the model reads the hook's reason.
func TestPreToolUseDeny(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": hookConfig(t, [3]string{"PreToolUse", "Write|Edit", "deny.sh"}),
		"turns.jsonl": `{"events": [{"tool_call": {"id": "w", "name": "write", "input": {"path": "new.txt", "content": "x"}}}]}
{"expect": {"tool_result": "writes are frozen"}, "text": "ok"}
`,
	}, withPolicy(t, permission.AcceptEdits, []string{"allow write"}, nil))
	if res := ts.prompt("go"); res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "new.txt")); err == nil {
		t.Error("the denied write happened")
	}
}

// TestHookMatchers: Claude Code's tool names and panto's both select a
// tool; other names do not; the hook sees Claude Code's field names.
func TestHookMatchers(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": hookConfig(t,
			[3]string{"PreToolUse", "Read", "record.sh"},
			[3]string{"PreToolUse", "ls", "record.sh"}, // same command: runs once per call
			[3]string{"PreToolUse", "Write", "block.sh"},
		),
		"notes.txt": "x\n",
		"turns.jsonl": `{"events": [{"tool_call": {"id": "r", "name": "read", "input": {"path": "notes.txt"}}},` +
			`{"tool_call": {"id": "l", "name": "ls", "input": {}}}]}
{"text": "ok"}
`,
	}, withPolicy(t, permission.Yolo, nil, nil))
	ts.prompt("go")
	data, err := os.ReadFile(filepath.Join(ts.dir, "events.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if line == "" {
			continue
		}
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		in := ev["tool_input"].(map[string]any)
		path, _ := in["file_path"].(string)
		if path == "" {
			path, _ = in["path"].(string)
		}
		got = append(got, fmt.Sprintf("%s %s", ev["tool_name"], path))
	}
	want := []string{"Read " + filepath.Join(ts.dir, "notes.txt"), "LS " + ts.dir}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("recorded %q, want %q", got, want)
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "pre.json")); err == nil {
		t.Error("the Write hook ran for read or ls")
	}
}

// TestUserPromptSubmitAndSessionStart: their stdout (plain or
// additionalContext) reaches the model with the prompt.
func TestUserPromptSubmitAndSessionStart(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": hookConfig(t,
			[3]string{"UserPromptSubmit", "", "context.sh"},
			[3]string{"SessionStart", "startup", "additional.sh"},
		),
		"turns.jsonl": `{"expect": {"user": "house rule: answer in French"}, "text": "first"}
{"expect": {"user": "house rule"}, "text": "second"}
`,
	})
	if res := ts.prompt("hello"); res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	first := ts.Agent().Conversation().Messages[0].Text()
	if !strings.Contains(first, "the build uses make") || !strings.Contains(first, "hello") {
		t.Errorf("first user message %q", first)
	}
	if res := ts.prompt("again"); res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	if second := ts.Agent().Conversation().Messages[2].Text(); strings.Contains(second, "the build uses make") {
		t.Errorf("the session-start context came twice: %q", second)
	}
}

// TestUserPromptSubmitBlock: exit 2 drops the prompt; nothing is sent.
func TestUserPromptSubmitBlock(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": hookConfig(t, [3]string{"UserPromptSubmit", "", "prompt_block.sh"}),
		"turns.jsonl": `{"expect": {"user": "fine"}, "text": "ok"}` + "\n",
	})
	res := ts.prompt("my password is hunter2")
	if res.Status != "failed" || res.Err == nil || !strings.Contains(res.Err.Error(), "prompts may not contain passwords") {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	if n := ts.Agent().Conversation().Len(); n != 0 {
		t.Errorf("%d messages kept", n)
	}
	if res := ts.prompt("this one is fine"); res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
}

// TestPostToolUseFeedback: a PostToolUse hook's block reason is added to
// the result the model reads; the hook saw the tool's input and response.
func TestPostToolUseFeedback(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": hookConfig(t, [3]string{"PostToolUse", "Write", "post.sh"}),
		"turns.jsonl": `{"events": [{"tool_call": {"id": "w", "name": "write", "input": {"path": "a.txt", "content": "x"}}}]}
{"expect": {"tool_result": "lint: line 1 is too long"}, "text": "ok"}
`,
	}, withPolicy(t, permission.Yolo, nil, nil))
	if res := ts.prompt("go"); res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	ev := readJSON(t, filepath.Join(ts.dir, "post.json"))
	resp, _ := ev["tool_response"].(map[string]any)
	if ev["tool_name"] != "Write" || resp["filePath"] != filepath.Join(ts.dir, "a.txt") || resp["success"] != true {
		t.Errorf("event %v", ev)
	}
	// It saw the call's input too, in Claude Code's names.
	if in, _ := ev["tool_input"].(map[string]any); in["file_path"] != filepath.Join(ts.dir, "a.txt") || in["content"] != "x" {
		t.Errorf("tool_input %v", ev["tool_input"])
	}
}

// TestStopHookOnce: the Stop hook keeps the model going once, then
// lets it stop when stop_hook_active says it already did.
func TestStopHookOnce(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": hookConfig(t, [3]string{"Stop", "", "stop_once.sh"}),
		"turns.jsonl": `{"text": "done, I think"}
{"expect": {"user": "run the tests before you stop"}, "text": "tests pass"}
`,
	})
	res := ts.prompt("fix it")
	if res.Status != "completed" || res.Text != "tests pass" || res.Requests != 2 {
		t.Fatalf("turn %s %q after %d requests: %v", res.Status, res.Text, res.Requests, res.Err)
	}
	if hs := ts.hookEvents(); len(hs) != 2 || hs[0]["decision"] != "block" || hs[1]["decision"] != nil {
		t.Errorf("hook events %v", hs)
	}
}

// TestPreToolUseUpdatedInput: a hook's updatedInput replaces the
// model's fields, and the new input is judged again: a deny rule that
// matches the rewritten command still stops it.
func TestPreToolUseUpdatedInput(t *testing.T) {
	for _, c := range []struct {
		name  string
		rules []string
		file  string
	}{
		{"rewritten", nil, "rewritten"},
		{"judged again", []string{"deny shell(touch rewritten)"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts := newSession(t, map[string]string{
				"config.toml": hookConfig(t, [3]string{"PreToolUse", "Bash", "rewrite.sh"}),
				"turns.jsonl": shellTouch + `{"text": "ok"}` + "\n",
			}, withPolicy(t, permission.Default, c.rules, nil))
			ts.prompt("go")
			if _, err := os.Stat(filepath.Join(ts.dir, "ran")); err == nil {
				t.Error("the model's command ran")
			}
			_, err := os.Stat(filepath.Join(ts.dir, "rewritten"))
			if ran := err == nil; ran != (c.file != "") {
				text, _ := resultOf(t, ts, "s")
				t.Errorf("rewritten command ran %v (%s)", ran, text)
			}
		})
	}
}
