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
	// The summary replaced the first exchange, which is no longer held.
	k := c.LastCompaction()
	if k != 2 || c.Offloaded != 2 || c.Messages[k].Text() != "SUMMARY: they asked q1" || c.Messages[k].FirstKept != c.Messages[0].ID {
		t.Fatalf("compaction at %d (%d offloaded): %+v", k, c.Offloaded, c.Messages[k])
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
		"turns.jsonl": `{"text": "first"}
{"text": "second"}
{"expect": {"purpose": "compaction", "user": "q1"}, "text": "auto summary"}
{"expect": {"user": "q3", "messages": 4}, "text": "third"}
`,
	})
	// Each prompt is about 8,000 tokens (four characters a token). The
	// 30,000-token window reserves 7,500, so the third request (24,000)
	// would pass the 22,500 limit: it compacts first, keeping about 9,000
	// tokens (two fifths of the rest): from q2 on.
	chunk := strings.Repeat("word ", 6400)
	ts.prompt("q1 " + chunk)
	ts.prompt("q2 " + chunk)
	if ts.Agent().Conversation().LastCompaction() >= 0 {
		t.Fatal("compacted too early")
	}
	if r := ts.prompt("q3 " + chunk); r.Text != "third" {
		t.Fatalf("result %+v", r)
	}
	c := ts.Agent().Conversation()
	k := c.LastCompaction()
	if k < 0 || c.Messages[k].Text() != "auto summary" {
		t.Fatalf("no automatic compaction: %+v", c.Messages)
	}
	// What the summary replaced is no longer held: q2, its answer and q3
	// come first, and the session file still has everything.
	if c.Offloaded != 2 || !strings.HasPrefix(c.Messages[0].Text(), "q2 ") || k != 3 {
		t.Errorf("held after compaction: %d offloaded, first %.10q, summary at %d", c.Offloaded, c.Messages[0].Text(), k)
	}
	sess, err := ts.Store().Load(ts.ID())
	if err != nil {
		t.Fatal(err)
	}
	if n := sess.Branch("").Len(); n != 7 {
		t.Errorf("the stored branch has %d entries, want 7 (6 messages and the summary)", n)
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

func TestCutPoint(t *testing.T) {
	text := func(role conv.Role, tokens int) conv.Message {
		// messageTokens counts four characters a token plus 4 a message.
		return conv.Message{Role: role, Blocks: []conv.Block{conv.TextBlock(strings.Repeat("abcd", tokens-4))}}
	}
	call := conv.Message{Role: conv.Assistant, Blocks: []conv.Block{{Type: conv.ToolCall, Name: "x", Arguments: "{}"}}}
	cases := []struct {
		name string
		msgs []conv.Message
		keep int64
		want int
	}{
		{"everything fits", []conv.Message{text(conv.User, 100), text(conv.Assistant, 100)}, 1000, 0},
		{"back to the exchange's user message",
			[]conv.Message{text(conv.User, 1000), text(conv.Assistant, 1000), text(conv.User, 100), call, text(conv.Tool, 600), text(conv.Assistant, 100)}, 500, 2},
		// A tool result past what is kept: the cut goes back to its call,
		// never between them.
		{"never between a call and its result",
			[]conv.Message{text(conv.User, 5000), call, text(conv.Tool, 5000), text(conv.Assistant, 10), text(conv.User, 10)}, 2000, 1},
		// One long turn: cutting at its user message would keep far more
		// than asked, so the cut falls before an assistant message.
		{"inside a long turn",
			[]conv.Message{text(conv.User, 10), call, text(conv.Tool, 3000), call, text(conv.Tool, 3000), call, text(conv.Tool, 3000), text(conv.Assistant, 10)}, 2000, 5},
		{"only the last message is large", []conv.Message{text(conv.User, 10), call, text(conv.Tool, 9000)}, 2000, 1},
		{"nothing before the first message", []conv.Message{text(conv.User, 9000)}, 2000, 0},
		// The part from start holds only results up to the cut (start is
		// the call of a turn a previous compaction cut into): the cut
		// goes forward to the next message a kept part may start with,
		// past the small result after the cut.
		{"forward past results", []conv.Message{call, text(conv.Tool, 9000), text(conv.Tool, 10), text(conv.Assistant, 10)}, 2000, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := cutPoint(c.msgs, 0, c.keep)
			if got != c.want {
				t.Fatalf("cut at %d, want %d", got, c.want)
			}
			if got > 0 && c.msgs[got].Role == conv.Tool {
				t.Fatalf("cut before a tool result")
			}
		})
	}
}

// TestAutoCompactFailureNoticedOnce: when the automatic compaction
// fails (here the model's summary is blank), the turn still completes
// and the user is told why, once: the same failure on the next turn is
// not reported again.
func TestAutoCompactFailureNoticedOnce(t *testing.T) {
	cfg := strings.Replace(scriptConfig, `models = { m = "fake-model-1" }`, "models = { m = \"fake-model-1\" }\ncontext_window = 30000", 1)
	ts := newSession(t, map[string]string{
		"config.toml": cfg,
		"turns.jsonl": `{"text": "first"}
{"text": "second"}
{"expect": {"purpose": "compaction"}, "text": "  "}
{"expect": {"user": "q3"}, "text": "third"}
{"expect": {"purpose": "compaction"}, "text": "  "}
{"expect": {"user": "q4"}, "text": "fourth"}
`,
	})
	// As in TestAutoCompactNearTheWindow, the third request passes the
	// limit; the fourth does too.
	chunk := strings.Repeat("word ", 6400)
	ts.prompt("q1 " + chunk)
	ts.prompt("q2 " + chunk)
	if r := ts.prompt("q3 " + chunk); r.Status != "completed" || r.Text != "third" {
		t.Fatalf("third turn %+v", r)
	}
	if r := ts.prompt("q4"); r.Status != "completed" || r.Text != "fourth" {
		t.Fatalf("fourth turn %+v", r)
	}
	if ts.Agent().Conversation().LastCompaction() >= 0 {
		t.Error("a blank summary was kept as a compaction")
	}
	notes := ts.notices("compaction")
	if len(notes) != 1 || !strings.Contains(notes[0], "automatic compaction failed") || !strings.Contains(notes[0], "empty summary") {
		t.Errorf("compaction notices %q, want one saying the summary was empty", notes)
	}
}
