package agent

import (
	"context"
	"strings"
	"testing"

	"panto/agent/conv"
)

// long is a message long enough (in estimated tokens) that compaction
// has something to summarise and something to keep.
var long = strings.Repeat("word ", 20000) // ~25,000 tokens at 4 chars each

func TestCompactOnRequest(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"text": "first"}
{"text": "second"}
{"expect": {"purpose": "compaction", "system": "summarise a coding session", "user": "User: q1"}, "text": "SUMMARY: they asked q1"}
{"expect": {"messages": 4, "user": "q3"}, "text": "third"}
`,
	})
	ts.prompt("q1 " + long)
	ts.prompt("q2 " + long)
	if err := ts.Compact(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	c := ts.Agent().Conversation()
	k := c.LastCompaction()
	if k != 4 || c.Messages[k].Text() != "SUMMARY: they asked q1" || c.Messages[k].FirstKept != c.Messages[2].ID {
		t.Fatalf("compaction %+v", c.Messages[k])
	}
	// The next request is the summary, the kept exchange, and the new
	// message: 4 messages (the script checks it).
	if r := ts.prompt("q3"); r.Text != "third" {
		t.Fatalf("after compaction: %+v", r)
	}
	// A resume sees the compacted conversation.
	sess, _ := ts.Store().Load(ts.ID())
	if b := sess.Branch(""); b.LastCompaction() != 4 || len(b.Active()) != 5 {
		t.Errorf("stored branch: compaction at %d, %d active", b.LastCompaction(), len(b.Active()))
	}
	var saw bool
	for _, e := range ts.events {
		saw = saw || e.Type == "compaction"
	}
	if !saw {
		t.Error("no compaction event")
	}
}

func TestContextOverflowCompactsOnceAndRetries(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"text": "first"}
{"events": [{"error": {"kind": "context_overflow", "message": "prompt is too long"}}]}
{"expect": {"purpose": "compaction"}, "text": "the summary"}
{"expect": {"user": "q2"}, "text": "fits now"}
`,
	})
	ts.prompt("q1 " + long)
	r := ts.prompt("q2 " + long)
	if r.Status != "completed" || r.Text != "fits now" {
		t.Fatalf("result %+v", r)
	}
	if ts.Agent().Conversation().LastCompaction() < 0 {
		t.Error("no compaction happened")
	}
}

func TestAutoCompactNearTheWindow(t *testing.T) {
	cfg := strings.Replace(scriptConfig, `models = { m = "fake-model-1" }`, "models = { m = \"fake-model-1\" }\ncontext_window = 30000", 1)
	ts := newSession(t, map[string]string{
		"config.toml": cfg,
		"turns.jsonl": `{"text": "first", "usage": {"input": 10000, "output": 10}}
{"text": "second", "usage": {"input": 20000}}
{"expect": {"purpose": "compaction"}, "text": "auto summary"}
{"expect": {"user": "q3"}, "text": "third"}
`,
	})
	ts.prompt("q1 " + long)
	ts.prompt("q2 " + long)
	if ts.Agent().Conversation().LastCompaction() >= 0 {
		t.Fatal("compacted too early")
	}
	// The first answer used 10,010 tokens, below the 30,000 window less
	// the 16,384 reserve; the second used 20,000, above it, so the next
	// turn compacts before its request.
	if r := ts.prompt("q3"); r.Text != "third" {
		t.Fatalf("result %+v", r)
	}
	c := ts.Agent().Conversation()
	if k := c.LastCompaction(); k < 0 || c.Messages[k].Text() != "auto summary" || c.Messages[k].TokensBefore != 20000 {
		t.Fatalf("no automatic compaction: %+v", c.Messages)
	}
}

func TestExtensionSuppliesSummary(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/c.lua": `local panto = require("panto")
return { name = "c", activate = function()
  panto.ext.register_command { name = "squash", description = "d", handler = function(args)
    assert(panto.ext.agent:compact { summary = args })
    return panto.ext.agent:compaction().summary
  end }
end }`,
		"turns.jsonl": "{\"text\": \"a\"}\n{\"expect\": {\"messages\": 2, \"user\": \"next\"}, \"text\": \"b\"}\n",
	})
	ts.prompt("q")
	out, err := ts.Host().RunCommand(context.Background(), "/squash my own summary")
	if err != nil || out != "my own summary" {
		t.Fatalf("/squash: %q %v", out, err)
	}
	// Summary + the new message.
	if r := ts.prompt("next"); r.Text != "b" {
		t.Fatalf("result %+v", r)
	}
	if a := ts.Agent().Conversation().Active(); a[0].Text() != conv.SummaryPrefix+"my own summary" {
		t.Errorf("active starts with %q", a[0].Text())
	}
}

func TestCutPointNeverSplitsAToolResult(t *testing.T) {
	msgs := []conv.Message{
		{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(long)}},
		{Role: conv.Assistant, Blocks: []conv.Block{{Type: conv.ToolCall, Name: "x", Arguments: "{}"}}},
		{Role: conv.Tool, Blocks: []conv.Block{conv.TextBlock(long)}},
		{Role: conv.Assistant, Blocks: []conv.Block{conv.TextBlock("ok")}},
		{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("short")}},
	}
	cut := cutPoint(msgs, 0)
	if msgs[cut].Role != conv.User {
		t.Errorf("cut at %d (%s)", cut, msgs[cut].Role)
	}
}
