package agent

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"panto/extension/discover"
	"panto/permission"
	"panto/stdext"
)

// withPolicy gives a test session the standard tools and a permission
// policy over its folder (the project root), and optionally an asker.
func withPolicy(t *testing.T, mode permission.Mode, rules []string, ask func(context.Context, permission.Question) permission.Answer) func(*Options) {
	return func(o *Options) {
		o.Setup.AddBase(stdext.FS(), "")
		var rs []permission.Rule
		for _, text := range rules {
			d, body, _ := strings.Cut(text, " ")
			dec, err := permission.ParseDecision(d)
			if err != nil {
				t.Fatal(err)
			}
			r, err := permission.ParseRule(body)
			if err != nil {
				t.Fatal(err)
			}
			r.Decision, r.Source = dec, "test"
			rs = append(rs, r)
		}
		pol, err := permission.New(permission.Options{Root: o.Setup.ProjectRoot, Mode: mode, Rules: rs})
		if err != nil {
			t.Fatal(err)
		}
		o.Permissions, o.Ask = pol, ask
	}
}

// resultOf is the tool result of call id.
func resultOf(t *testing.T, ts *testSession, id string) (string, bool) {
	t.Helper()
	for _, m := range toolResults(ts.Agent().Conversation()) {
		if m.ToolCallID == id {
			return m.Text(), m.IsError
		}
	}
	t.Fatalf("no result for call %s", id)
	return "", false
}

// notices are the texts of the session's notice events of a kind.
func (ts *testSession) notices(kind string) []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var out []string
	for _, e := range ts.events {
		if e.Type == "notice" && e.Fields["kind"] == kind {
			out = append(out, e.Fields["message"].(string))
		}
	}
	return out
}

// TestHeadlessDefaultMode is the attacker's case: a model told (by a
// prompt injection, say) to write outside the project and run commands,
// in a headless default-mode turn. Nothing happens outside the
// project, no command runs, the model reads why, the turn completes,
// and stderr's notice says which rule would allow each call.
func TestHeadlessDefaultMode(t *testing.T) {
	outside := t.TempDir()
	escape := filepath.Join(outside, "escaped.txt")
	ts := newSession(t, map[string]string{
		"notes.txt": "inside\n",
		"turns.jsonl": `{"events": [` +
			`{"tool_call": {"id": "w", "name": "write", "input": {"path": "` + escape + `", "content": "x"}}},` +
			`{"tool_call": {"id": "dd", "name": "write", "input": {"path": "../` + filepath.Base(filepath.Dir(escape)) + `-x", "content": "x"}}},` +
			`{"tool_call": {"id": "s", "name": "shell", "input": {"command": "touch pwned"}}},` +
			`{"tool_call": {"id": "e", "name": "edit", "input": {"path": "notes.txt", "old_string": "inside", "new_string": "changed"}}},` +
			`{"tool_call": {"id": "r", "name": "read", "input": {"path": "notes.txt"}}}]}
{"expect": {"messages": 7}, "text": "done"}
`,
	}, withPolicy(t, permission.Default, nil, nil))
	res := ts.prompt("go")
	if res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	for _, id := range []string{"w", "dd", "s", "e"} {
		text, isErr := resultOf(t, ts, id)
		if !isErr || !strings.Contains(text, "permission denied") || !strings.Contains(text, "cannot ask") {
			t.Errorf("call %s: error=%v %q", id, isErr, text)
		}
	}
	if text, isErr := resultOf(t, ts, "r"); isErr || !strings.Contains(text, "inside") {
		t.Errorf("read inside the project: error=%v %q", isErr, text)
	}
	// The model reads the reason first and, last, what the user could
	// run to allow the call, so it can tell them.
	if text, _ := resultOf(t, ts, "s"); !strings.HasPrefix(text, "permission denied: ") ||
		!strings.Contains(text[max(0, strings.Index(text, "tell the user")):], "--allow 'shell(touch pwned)'") {
		t.Errorf("the shell call's result does not end with the rule that would allow it: %q", text)
	}
	if _, err := os.Stat(escape); err == nil {
		t.Error("the write outside the project happened")
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "pwned")); err == nil {
		t.Error("the shell command ran")
	}
	if data, _ := os.ReadFile(filepath.Join(ts.dir, "notes.txt")); string(data) != "inside\n" {
		t.Errorf("the edit happened: %q", data)
	}
	notes := strings.Join(ts.notices("permission"), "\n")
	for _, want := range []string{"--allow 'shell(touch pwned)'", "--permission-mode accept-edits", "write " + escape} {
		if !strings.Contains(notes, want) {
			t.Errorf("notices do not say %q:\n%s", want, notes)
		}
	}
}

// TestPlanModeChangesNothing: in plan mode writes, edits and commands
// are denied (an allow rule does not change that), reads work.
func TestPlanModeChangesNothing(t *testing.T) {
	ts := newSession(t, map[string]string{
		"notes.txt": "inside\n",
		"turns.jsonl": `{"events": [` +
			`{"tool_call": {"id": "w", "name": "write", "input": {"path": "new.txt", "content": "x"}}},` +
			`{"tool_call": {"id": "e", "name": "edit", "input": {"path": "notes.txt", "old_string": "inside", "new_string": "changed"}}},` +
			`{"tool_call": {"id": "s", "name": "shell", "input": {"command": "touch pwned"}}},` +
			`{"tool_call": {"id": "r", "name": "read", "input": {"path": "notes.txt"}}}]}
{"text": "planned"}
`,
	}, withPolicy(t, permission.Plan, []string{"allow shell", "allow write"}, func(context.Context, permission.Question) permission.Answer {
		t.Error("plan mode asked")
		return permission.Answer{}
	}))
	before := snapshot(t, ts.dir)
	if res := ts.prompt("plan it"); res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	for _, id := range []string{"w", "e", "s"} {
		if text, isErr := resultOf(t, ts, id); !isErr || !strings.Contains(text, "plan mode is read-only") {
			t.Errorf("call %s: error=%v %q", id, isErr, text)
		}
	}
	if _, isErr := resultOf(t, ts, "r"); isErr {
		t.Error("read failed in plan mode")
	}
	if after := snapshot(t, ts.dir); after != before {
		t.Errorf("the tree changed:\n%s\n---\n%s", before, after)
	}
}

// snapshot lists a folder's files and contents.
func snapshot(t *testing.T, dir string) string {
	var b strings.Builder
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			data, _ := os.ReadFile(p)
			b.WriteString(p + "=" + string(data) + "\n")
		}
		return nil
	})
	return b.String()
}

func TestAllowRuleRuns(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"events": [` +
			`{"tool_call": {"id": "ok", "name": "shell", "input": {"command": "touch allowed"}}},` +
			`{"tool_call": {"id": "chain", "name": "shell", "input": {"command": "touch allowed2 && touch pwned"}}},` +
			`{"tool_call": {"id": "deny", "name": "shell", "input": {"command": "touch denied"}}}]}
{"text": "ok"}
`,
	}, withPolicy(t, permission.Default, []string{"allow shell(touch allowed*)", "allow shell(touch denied)", "deny shell(touch denied*)"}, nil))
	ts.prompt("go")
	if _, isErr := resultOf(t, ts, "ok"); isErr {
		t.Error("an allowed command failed")
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "allowed")); err != nil {
		t.Error("the allowed command did not run")
	}
	if text, _ := resultOf(t, ts, "chain"); !strings.Contains(text, "permission denied") {
		t.Errorf("a chain with a part no rule allows ran: %q", text)
	}
	if text, _ := resultOf(t, ts, "deny"); !strings.Contains(text, "denied by the rule shell(touch denied*) (test)") {
		t.Errorf("deny beats allow: %q", text)
	}
	for _, f := range []string{"pwned", "allowed2", "denied"} {
		if _, err := os.Stat(filepath.Join(ts.dir, f)); err == nil {
			t.Errorf("%s exists", f)
		}
	}
}

// TestAskAnswers: the asker sees the call; "for this session" adds the
// suggested rule (the second call is not asked), "always" also writes
// it to the project's local config, a denial's reason reaches the model.
func TestAskAnswers(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	answers := map[string]permission.Answer{
		"mkdir -p a": {Allow: true, Scope: permission.Session},
		"ls -d .":    {Allow: true, Scope: permission.Always, Where: "project"},
		"rm x":       {Allow: false, Reason: "not today"},
	}
	ask := func(_ context.Context, q permission.Question) permission.Answer {
		mu.Lock()
		defer mu.Unlock()
		asked = append(asked, q.Call.Command)
		return answers[q.Call.Command]
	}
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"events": [` +
			`{"tool_call": {"id": "1", "name": "shell", "input": {"command": "mkdir -p a"}}},` +
			`{"tool_call": {"id": "2", "name": "shell", "input": {"command": "mkdir -p b"}}},` +
			`{"tool_call": {"id": "3", "name": "shell", "input": {"command": "ls -d ."}}},` +
			`{"tool_call": {"id": "4", "name": "shell", "input": {"command": "rm x"}}}]}
{"text": "ok"}
`,
	}, withPolicy(t, permission.Default, nil, ask))
	ts.prompt("go")
	if got := strings.Join(asked, ","); got != "mkdir -p a,ls -d .,rm x" {
		t.Fatalf("asked %s", got)
	}
	for _, f := range []string{"a", "b"} {
		if _, err := os.Stat(filepath.Join(ts.dir, f)); err != nil {
			t.Errorf("%s was not made", f)
		}
	}
	if text, isErr := resultOf(t, ts, "4"); !isErr || text != "the user denied this call: not today" {
		t.Errorf("denied: error=%v %q", isErr, text)
	}
	data, err := os.ReadFile(filepath.Join(ts.dir, ".panto", "local", "config.toml"))
	if err != nil || !strings.Contains(string(data), `allow = ["shell(ls*)"]`) {
		t.Errorf("always did not write the rule: %q %v", data, err)
	}
	// The user is told where the rule went, since it outlives the session.
	want := "added shell(ls*) to [permissions] allow in " + ts.RuleFile("project")
	if got := ts.notices("permission"); !slices.Contains(got, want) {
		t.Errorf("permission notices %q, want %q", got, want)
	}
	// Each decision is an event (--mode json prints them), saying whether
	// the user was asked: the second mkdir ran on the session's rule.
	var askedIn []string
	for _, e := range ts.events {
		if e.Type == "permission_decision" {
			askedIn = append(askedIn, fmt.Sprint(e.Fields["asked"]))
		}
	}
	if got := strings.Join(askedIn, ","); got != "true,false,true,true" {
		t.Errorf("permission_decision events' asked fields %s, want true,false,true,true", got)
	}
}

// TestExtensionVotes: a tool_permission handler denies and allows; its
// allow cannot loosen a deny rule; a bad decision value is an error.
func TestExtensionVotes(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/guard.lua": `local panto = require("panto")
return { name = "guard", activate = function()
  panto.ext.on("tool_permission", function(e)
    if e.tool_name == "read" and e.input.path == "secret.txt" then
      e.decision = "deny"; e.reason = "the guard keeps secret.txt"
    elseif e.tool_name == "shell" then
      assert(e.effects[1] == "execute" and e.mode == "default" and e.decision == "ask")
      e.decision = "allow"
    end
  end)
  panto.ext.on("tool_permission", function(e)
    if e.tool_name == "write" then e.decision = "maybe" end
  end)
end }`,
		"secret.txt": "s",
		"turns.jsonl": `{"events": [` +
			`{"tool_call": {"id": "r", "name": "read", "input": {"path": "secret.txt"}}},` +
			`{"tool_call": {"id": "s", "name": "shell", "input": {"command": "touch made"}}},` +
			`{"tool_call": {"id": "d", "name": "shell", "input": {"command": "touch never"}}},` +
			`{"tool_call": {"id": "w", "name": "write", "input": {"path": "w.txt", "content": "x"}}}]}
{"text": "ok"}
`,
	}, withPolicy(t, permission.Default, []string{"deny shell(touch never)"}, nil))
	ts.prompt("go")
	if text, isErr := resultOf(t, ts, "r"); !isErr || !strings.Contains(text, "the guard keeps secret.txt") {
		t.Errorf("read: error=%v %q", isErr, text)
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "made")); err != nil {
		t.Error("the extension's allow did not run the command")
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "never")); err == nil {
		t.Error("an extension loosened a deny rule")
	}
	if text, _ := resultOf(t, ts, "w"); !strings.Contains(text, "permission denied") {
		t.Errorf("write after a bad vote: %q", text)
	}
	ts.mu.Lock()
	problems := strings.Join(ts.problems, "\n")
	ts.mu.Unlock()
	if !strings.Contains(problems, `"maybe" is not one of allow, ask, deny`) {
		t.Errorf("problems: %s", problems)
	}
}

// TestUserConfigName: messages name the user's config file, with "~"
// for the home folder, and a bare config.toml only when there is none.
func TestUserConfigName(t *testing.T) {
	home := filepath.Join(t.TempDir(), "me")
	for _, c := range []struct{ home, configHome, want string }{
		{home, filepath.Join(home, ".config", "panto"), "~/.config/panto/config.toml"},
		{home, filepath.Join(home+"x", "panto"), filepath.Join(home+"x", "panto", "config.toml")},
		{"", "/etc/xdg/panto", filepath.Join("/etc/xdg/panto", "config.toml")},
		{home, "", "config.toml"},
	} {
		s := &Session{setup: &discover.Setup{Home: c.home, ConfigHome: c.configHome}}
		if got := s.userConfigName(); got != c.want {
			t.Errorf("home %q, config %q: %q, want %q", c.home, c.configHome, got, c.want)
		}
	}
}

// TestAlwaysWithoutAUserConfig: "always" for the user's config when
// there is no user config folder keeps the rule for the session and
// says so, instead of writing nowhere in silence.
func TestAlwaysWithoutAUserConfig(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	ask := func(_ context.Context, q permission.Question) permission.Answer {
		mu.Lock()
		defer mu.Unlock()
		asked = append(asked, q.Call.Command)
		return permission.Answer{Allow: true, Scope: permission.Always, Where: "user"}
	}
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"events": [` +
			`{"tool_call": {"id": "1", "name": "shell", "input": {"command": "mkdir -p a"}}},` +
			`{"tool_call": {"id": "2", "name": "shell", "input": {"command": "mkdir -p b"}}}]}
{"text": "ok"}
`,
	}, withPolicy(t, permission.Default, nil, ask))
	if ts.RuleFile("user") != "" {
		t.Fatalf("the test session has a user config file: %s", ts.RuleFile("user"))
	}
	ts.prompt("go")
	if got := strings.Join(asked, ","); got != "mkdir -p a" {
		t.Errorf("asked %q, want only the first call", got)
	}
	want := "no user config file to write shell(mkdir*) to; it holds for this session"
	if got := ts.notices("permission"); !slices.Contains(got, want) {
		t.Errorf("permission notices %q, want %q", got, want)
	}
}
