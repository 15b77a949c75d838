package agent

import (
	"context"
	"slices"
	"testing"
)

// TestCallCompletesWithoutItsStart: when a cancel drops a call's start
// on the owner (owner.do gave up before it ran) but the owner still
// runs the call's completion (it had started it when the cancel came),
// the completion does without the host call instead of completing a
// nil one, and the turn ends cancelled. The session's dropCallStart
// hook stands for the dropped start of c1, and cancels the turn at the
// next call's start: no real cancel can be timed to land between them.
func TestCallCompletesWithoutItsStart(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/echo.lua": echoTool,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "echo", "arguments": ["{\"mess", "age\": \"hi\"}"]}}, {"tool_call": {"id": "c2", "name": "echo", "input": {"message": "bye"}}}]}
{"text": "never asked"}
`,
	})
	var seen []string // the hook runs on the owner; read after the turn
	ts.Session.dropCallStart = func(id string) bool {
		seen = append(seen, id)
		if id == "c2" {
			ts.Cancel()
		}
		return id == "c1"
	}
	res, err := ts.Prompt(context.Background(), "say hi")
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != "cancelled" || res.Requests != 1 {
		t.Errorf("result %+v", res)
	}
	if !slices.Equal(seen, []string{"c1", "c2"}) {
		t.Errorf("the hook saw the starts of %q, want c1 and c2", seen)
	}
}
