package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/permission"
	"panto/stdext"
)

// withStdTools gives a session the standard tools and no permission
// policy (an embedder's session, panto test's), optionally an asker.
func withStdTools(ask func(context.Context, permission.Question) permission.Answer) func(*Options) {
	return func(o *Options) {
		o.Setup.AddBase(stdext.FS(), "")
		o.Ask = ask
	}
}

// TestPreToolUseWithoutPolicy: in a session without a permission policy
// the PreToolUse hooks still decide: a deny or a block stops the call
// with the hook's reason, continue false stops it, an ask asks the user
// (a headless run denies, saying it could not ask), an allow or no
// answer lets it run, and a rewritten input is what runs.
func TestPreToolUseWithoutPolicy(t *testing.T) {
	deny := func(context.Context, permission.Question) permission.Answer {
		return permission.Answer{Reason: "not today"}
	}
	var asked []string
	allow := func(_ context.Context, q permission.Question) permission.Answer {
		asked = append(asked, q.Verdict.Reason+" by "+q.Verdict.By)
		return permission.Answer{Allow: true, Scope: permission.Once}
	}
	for _, c := range []struct {
		name, script, matcher string
		ask                   func(context.Context, permission.Question) permission.Answer
		ran                   string // the file the command made, "" none
		result                string // what the model reads, for a call that did not run
		asked                 string
		notice, decision      string // the user's notice, the hook event's decision ("" unchecked)
	}{
		{name: "deny", script: "deny.sh", result: "permission denied: a PreToolUse hook blocked this call: writes are frozen", decision: "deny"},
		{name: "exit 2", script: "block.sh", result: "permission denied: a PreToolUse hook blocked this call: no shell commands today", notice: "PreToolUse hook blocked shell: no shell commands today", decision: "deny"},
		{name: "continue false", script: "halt.sh", result: "permission denied: a PreToolUse hook stopped: the budget is spent", notice: "PreToolUse hook stopped the turn: the budget is spent"},
		{name: "continue false, no reason", script: "halt_plain.sh", result: "permission denied: a PreToolUse hook stopped: continue is false", notice: "PreToolUse hook stopped the turn: no reason given"},
		{name: "ask, headless", script: "ask.sh", result: "permission denied: the hook wants a human to look, and this run cannot ask the user", notice: "PreToolUse hook: ask shell", decision: "ask"},
		{name: "ask, no reason, headless", script: "ask_plain.sh", result: "permission denied: a PreToolUse hook asks before this call, and this run cannot ask"},
		{name: "ask, user denies", script: "ask.sh", ask: deny, result: "the user denied this call: not today"},
		{name: "ask, user allows", script: "ask.sh", ask: allow, ran: "ran", asked: "the hook wants a human to look by hook"},
		{name: "allow", script: "allow.sh", ran: "ran", notice: "PreToolUse hook: allow shell", decision: "allow"},
		{name: "allow, no reason", script: "allow_plain.sh", ran: "ran"},
		{name: "rewrite", script: "rewrite.sh", ran: "rewritten", notice: "PreToolUse hook changed the input of shell"},
		{name: "other tools only", script: "deny.sh", matcher: "Write", ran: "ran"},
	} {
		t.Run(c.name, func(t *testing.T) {
			asked = nil
			matcher := c.matcher
			if matcher == "" {
				matcher = "Bash"
			}
			ts := newSession(t, map[string]string{
				"config.toml": hookConfig(t, [3]string{"PreToolUse", matcher, c.script}),
				"turns.jsonl": shellTouch + `{"text": "ok"}` + "\n",
			}, withStdTools(c.ask))
			if res := ts.prompt("go"); res.Status != "completed" {
				t.Fatalf("turn %s: %v", res.Status, res.Err)
			}
			text, isErr := resultOf(t, ts, "s")
			for _, f := range []string{"ran", "rewritten"} {
				_, err := os.Stat(filepath.Join(ts.dir, f))
				if made := err == nil; made != (f == c.ran) {
					t.Errorf("file %s made: %v (result %q)", f, made, text)
				}
			}
			if c.ran == "" && (!isErr || !strings.Contains(text, c.result)) {
				t.Errorf("result (error %v) %q, want %q", isErr, text, c.result)
			}
			if c.ran != "" && isErr {
				t.Errorf("the call failed: %q", text)
			}
			if got := strings.Join(asked, "; "); got != c.asked {
				t.Errorf("asked %q, want %q", got, c.asked)
			}
			if n := strings.Join(ts.notices("hook"), "\n"); !strings.Contains(n, c.notice) {
				t.Errorf("notices %q lack %q", n, c.notice)
			}
			hs := ts.hookEvents()
			if c.matcher != "" {
				if len(hs) != 0 {
					t.Errorf("a hook for other tools ran: %v", hs)
				}
				return
			}
			if len(hs) != 1 || hs[0]["hook_event_name"] != "PreToolUse" || hs[0]["matcher"] != matcher || hs[0]["tool_name"] != "shell" || hs[0]["id"] != "s" {
				t.Fatalf("hook events %v", hs)
			}
			if c.decision != "" && hs[0]["decision"] != c.decision {
				t.Errorf("decision %v, want %s", hs[0]["decision"], c.decision)
			}
		})
	}
}

// TestSessionEndHook: the SessionEnd hooks run once as the session
// closes, told why.
func TestSessionEndHook(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": hookConfig(t, [3]string{"SessionEnd", "", "record.sh"}),
	})
	ts.Close()
	data, err := os.ReadFile(filepath.Join(ts.dir, "events.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `"hook_event_name":"SessionEnd"`); n != 1 {
		t.Errorf("%d SessionEnd events:\n%s", n, data)
	}
	if !strings.Contains(string(data), `"reason":"other"`) {
		t.Errorf("no reason:\n%s", data)
	}
}
