package app

import (
	"strings"
	"testing"

	"panto/agent"
	"panto/agent/conv"
	"panto/stdext"
)

// withStdext puts the standard tools (shell, read, ...) under the
// test's folder, as every real session has them.
func withStdext(o *agent.Options) { o.Setup.AddBase(stdext.FS(), "") }

// TestShellOutputStreams: what a command prints shows in its block while
// it runs, and a cancel keeps it, on the screen and in the tool result
// the session stored.
func TestShellOutputStreams(t *testing.T) {
	u := startUI(t, map[string]string{
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "shell", "input": {"command": "echo first-$((0+1)); echo second-$((1+1)); sleep 60"}}}]}` + "\n",
	}, 100, withStdext)
	u.waitFor("Ask, or type")
	u.typ("run it\r")
	// The command's text is on the screen from the start; $((...)) makes
	// its output differ from it, so these waits see real output.
	got := u.waitFor("second-2")
	if !strings.Contains(got, "esc to cancel") {
		t.Fatalf("the output showed only after the command ended:\n%s", got)
	}
	if !strings.Contains(got, "first-1") {
		t.Errorf("the block lacks the first line:\n%s", got)
	}
	u.typ("\x1b")
	u.waitFor("cancelled")
	u.waitForGone("esc to cancel")
	got = u.term.text()
	if !strings.Contains(got, "second-2") {
		t.Errorf("the cancelled command's output left the screen:\n%s", got)
	}
	result := lastToolResult(t, u)
	if !strings.Contains(result.Text(), "first-1\nsecond-2") || !result.IsError {
		t.Errorf("the stored result lost the output: error %v %q", result.IsError, result.Text())
	}
}

// lastToolResult is the newest tool result of the session's
// conversation.
func lastToolResult(t *testing.T, u *uiTest) conv.Message {
	t.Helper()
	var found conv.Message
	done := make(chan struct{})
	u.s.Post(func() {
		defer close(done)
		ms := u.s.Agent().Conversation().Messages
		for i := len(ms) - 1; i >= 0; i-- {
			if ms[i].Role == conv.Tool {
				found = ms[i]
				return
			}
		}
	})
	<-done
	if found.Role != conv.Tool {
		t.Fatal("the conversation has no tool result")
	}
	return found
}
