package agent

import (
	"context"
	"testing"
	"time"
)

// TestExtensionCompactionKeepsCost: a summary an extension records
// (agent:compact { summary } or conversation():compaction) stands for
// everything before it, what that cost included: a resumed session,
// which reads its file from the latest summary on, still counts every
// response.
func TestExtensionCompactionKeepsCost(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/s.lua": `local panto = require("panto")
return { name = "s", activate = function()
  panto.ext.register_command { name = "compact-with", description = "d", handler = function()
    return tostring(panto.ext.agent:compact { summary = "first part" })
  end }
  panto.ext.register_command { name = "record", description = "d", handler = function()
    panto.ext.agent:conversation():compaction("second part")
    return tostring(panto.ext.agent:conversation():len())
  end }
end }`,
		"turns.jsonl": `{"text": "a1", "usage": {"input": 100, "output": 10}}
{"text": "a2", "usage": {"input": 200, "output": 20}}
{"text": "a3", "usage": {"input": 400, "output": 40}}
`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	check := func(what string, responses int, input int64) {
		t.Helper()
		l := ts.Agent().Costs()
		if len(l) != 1 || l[0].Responses != responses || l[0].Usage.Input != input {
			t.Errorf("%s: costs %+v, want %d responses and %d input tokens", what, l, responses, input)
		}
	}
	ts.prompt("q1")
	if out, err := ts.Host().RunCommand(ctx, "/compact-with"); err != nil || out != "true" {
		t.Fatalf("/compact-with: %q %v", out, err)
	}
	ts.prompt("q2")
	if out, err := ts.Host().RunCommand(ctx, "/record"); err != nil || out != "1" {
		t.Fatalf("/record: %q %v", out, err)
	}
	ts.prompt("q3")
	ts.noProblems()
	check("live", 3, 700)

	id := ts.ID()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ts.Resume(ctx, id); err != nil {
		t.Fatal(err)
	}
	if n := ts.Agent().Conversation().Len(); n != 3 {
		t.Fatalf("the resume read %d messages, want the latest summary and the turn after it", n)
	}
	check("resumed", 3, 700)
}
