package agent

import (
	"context"
	"strings"
	"testing"
	"time"

	"panto/permission"
)

// runShell runs RunShell off the owner while the test turns the loop,
// as the terminal UI does.
func runShell(t *testing.T, ts *testSession, ctx context.Context, command string) (ShellResult, error) {
	t.Helper()
	var res ShellResult
	var err error
	done := make(chan struct{})
	go func() {
		res, err = ts.RunShell(ctx, command)
		close(done)
		ts.Post(func() {}) // wake the loop to see it
	}()
	wait, stop := context.WithTimeout(context.Background(), 30*time.Second) // a hang fails, no more
	defer stop()
	if lerr := ts.RunLoop(wait, func() bool {
		select {
		case <-done:
			return true
		default:
			return false
		}
	}); lerr != nil {
		t.Fatalf("the command never ended: %v", lerr)
	}
	return res, err
}

// TestRunShell: the command runs through the shell tool, its output
// joins the conversation as a user message the next request carries,
// and reads back as the command it was.
func TestRunShell(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"expect": {"messages": 2}, "text": "seen"}` + "\n",
	}, withPolicy(t, permission.Yolo, nil, nil))
	res, err := runShell(t, ts, context.Background(), "echo one; echo two")
	if err != nil || !res.OK || !strings.Contains(res.Output, "one\ntwo") {
		t.Fatalf("result %+v, %v", res, err)
	}
	msgs := ts.Agent().Conversation().Messages
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	back, ok := ShellCommandOf(&msgs[0])
	if !ok || back.Command != "echo one; echo two" || !back.OK || !strings.Contains(back.Output, "one\ntwo") {
		t.Errorf("read back %+v %v from %q", back, ok, msgs[0].Text())
	}
	if turns := ts.UserTurns(); len(turns) != 1 || turns[0].Text != "!echo one; echo two" {
		t.Errorf("/rewind lists %+v", turns)
	}
	if r := ts.prompt("what did it print?"); r.Text != "seen" {
		t.Fatalf("the next turn: %+v", r)
	}
	var deltas int
	for _, e := range ts.events {
		if e.Type == "tool_output_delta" && e.Fields["partial"] == true {
			deltas++
		}
	}
	if deltas == 0 {
		t.Error("the output was not streamed")
	}
}

// TestRunShellDeniedAndCancelled: a deny rule refuses the command and
// nothing is recorded; a cancelled command keeps what it printed.
func TestRunShellDeniedAndCancelled(t *testing.T) {
	ts := newSession(t, map[string]string{"turns.jsonl": ""}, withPolicy(t, permission.Yolo, []string{"deny shell(rm*)"}, nil))
	if _, err := runShell(t, ts, context.Background(), "rm -rf nothing"); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("denied: %v", err)
	}
	if n := ts.Agent().Conversation().Len(); n != 0 {
		t.Fatalf("a refused command was recorded: %d messages", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ts.opts.OnEvent = func(e Event) {
		if e.Type == "tool_output_delta" && strings.Contains(e.Fields["delta"].(string), "started") {
			cancel()
		}
	}
	res, err := runShell(t, ts, ctx, "echo started; sleep 30")
	if err != nil || res.OK || !res.Cancelled || !strings.Contains(res.Output, "started") || !strings.HasSuffix(res.Output, "[cancelled by the user]") {
		t.Fatalf("cancelled: %+v %v", res, err)
	}
	if back, ok := ShellCommandOf(&ts.Agent().Conversation().Messages[0]); !ok || back.OK || !strings.Contains(back.Output, "started") {
		t.Errorf("recorded %+v %v", back, ok)
	}
}
