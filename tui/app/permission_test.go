package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/agent"
	"panto/permission"
	"panto/stdext"
)

// withPermissions gives the session the standard tools and a policy in
// mode over its folder; startUI makes the app the asker.
func withPermissions(t *testing.T, mode permission.Mode) func(*agent.Options) {
	return func(o *agent.Options) {
		o.Setup.AddBase(stdext.FS(), "")
		pol, err := permission.New(permission.Options{Root: o.Setup.ProjectRoot, Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		o.Permissions = pol
	}
}

// TestPermissionPrompt: a command is shown and allowed for the session
// (the next matching one runs without asking), an edit shows its diff
// and is denied with a typed reason the model reads.
func TestPermissionPrompt(t *testing.T) {
	u := startUI(t, map[string]string{
		"notes.txt": "one\ntwo\nthree\n",
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "shell", "input": {"command": "mkdir -p a"}}}]}
{"events": [{"tool_call": {"id": "c2", "name": "shell", "input": {"command": "mkdir -p b"}}}]}
{"events": [{"tool_call": {"id": "c3", "name": "edit", "input": {"path": "notes.txt", "old_string": "two", "new_string": "TWO"}}}]}
{"expect": {"tool_result": "the user denied this call: keep it lower"}, "text": "fine"}
`,
	}, 100, withPermissions(t, permission.Default))
	u.waitFor("default mode")
	u.typ("go\r")
	got := u.waitFor("Allow once")
	for _, want := range []string{"● shell", "$ mkdir -p a", "Allow for this session: shell(mkdir*)", "Deny"} {
		if !strings.Contains(got, want) {
			t.Errorf("the prompt lacks %q:\n%s", want, got)
		}
	}
	u.typ("\x1b[B\r") // down to "for this session", enter
	got = u.waitFor("- two")
	if !strings.Contains(got, "+ TWO") || !strings.Contains(got, "shell allowed for this session (shell(mkdir*))") {
		t.Errorf("the edit's prompt or the first answer is missing:\n%s", got)
	}
	u.typ("keep it lower\r")
	u.waitFor("fine")
	u.waitFor("edit denied: keep it lower")
	dir := u.s.Permissions().Root()
	for _, d := range []string{"a", "b"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err != nil {
			t.Errorf("%s was not made", d)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(data) != "one\ntwo\nthree\n" {
		t.Errorf("the denied edit happened: %q", data)
	}
	if strings.Count(u.term.text(), "Allow once") > 2 {
		t.Errorf("mkdir -p b was asked about although allowed for the session")
	}
}

// TestShiftTabCyclesMode: Shift+Tab goes default, accept-edits, plan
// and back; yolo is in the cycle only for a session that started in it.
func TestShiftTabCyclesMode(t *testing.T) {
	u := startUI(t, map[string]string{"turns.jsonl": ""}, 100, withPermissions(t, permission.Default))
	u.waitFor("default mode")
	for _, want := range []permission.Mode{permission.AcceptEdits, permission.Plan, permission.Default} {
		u.typ("\x1b[Z")
		u.waitFor("permission mode: " + string(want))
		if got := u.s.Permissions().Mode(); got != want {
			t.Fatalf("mode %s, want %s", got, want)
		}
	}
	y := startUI(t, map[string]string{"turns.jsonl": ""}, 100, withPermissions(t, permission.Yolo))
	y.waitFor("yolo mode")
	for _, want := range []permission.Mode{permission.Default, permission.AcceptEdits, permission.Plan, permission.Yolo} {
		y.typ("\x1b[Z")
		y.waitFor("permission mode: " + string(want))
	}
}
