package agent

import (
	"context"
	"strings"
	"sync"
	"testing"

	"panto/permission"
)

// TestInvalidInputIsNotJudged: a call whose input is not JSON fails with
// "invalid input" before the permission policy sees it: the user is not
// asked about a call that cannot run, no decision is reported for it,
// and the model reads why it failed rather than a denial.
func TestInvalidInputIsNotJudged(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	ask := func(_ context.Context, q permission.Question) permission.Answer {
		mu.Lock()
		defer mu.Unlock()
		asked = append(asked, q.Call.Command)
		return permission.Answer{Allow: false, Reason: "no"}
	}
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"events": [{"tool_call": {"id": "1", "name": "shell", "arguments": ["not json"]}}]}
{"text": "ok"}
`,
	}, withPolicy(t, permission.Default, nil, ask))
	ts.prompt("go")
	if len(asked) != 0 {
		t.Errorf("the user was asked about %q", asked)
	}
	if text, isErr := resultOf(t, ts, "1"); !isErr || !strings.HasPrefix(text, "invalid input for tool 'shell'") {
		t.Errorf("result: error=%v %q, want invalid input", isErr, text)
	}
	for _, e := range ts.events {
		if e.Type == "permission_decision" {
			t.Errorf("a permission decision for an invalid call: %v", e.Fields)
		}
	}
}
