package agent

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/store"
)

func answerUsing(s string, u conv.Usage) seqResp {
	return seqResp{events: []provider.Event{text(s), done("", u)}}
}

// TestCompactTwice: a second compaction summarises the previous summary
// and what followed it, not what the first one already replaced; the
// summary requests ask for text only, with the summary prompt; what
// they used is part of the session's usage; the event says what was
// kept; every stream opened, the summaries' included, is closed.
func TestCompactTwice(t *testing.T) {
	ts, p := seqSession(t, map[string]string{}, []seqResp{
		answerUsing("a1", conv.Usage{Input: 25010, Output: 3}),
		answerUsing("a2", conv.Usage{Input: 50020, Output: 4}),
		answerUsing("SUMMARY ONE", conv.Usage{Input: 900, Output: 90}),
		answerUsing("a3", conv.Usage{Input: 50030, Output: 5}),
		answerUsing("SUMMARY TWO", conv.Usage{Input: 800, Output: 80}),
		answer("a4"),
	}, func(o *Options) { o.Reasoning = "" })
	ctx := context.Background()
	ts.prompt("q1 " + long)
	ts.prompt("q2 " + long)
	if err := ts.Compact(ctx, ""); err != nil {
		t.Fatal(err)
	}
	c := ts.Agent().Conversation()
	k := c.LastCompaction()
	q2 := c.Messages[0]
	if k < 0 || !strings.HasPrefix(q2.Text(), "q2 ") || c.Messages[k].FirstKept != q2.ID {
		t.Fatalf("first compaction: %+v", c.Messages)
	}
	ev := ts.eventsOf("compaction")
	if len(ev) != 1 || ev[0].Fields["summary"] != "SUMMARY ONE" || ev[0].Fields["first_kept"] != q2.ID || ev[0].Fields["tokens_before"] != int64(50024) {
		t.Errorf("compaction event %+v", ev)
	}
	// The reported context is forgotten: the next figure is an estimate.
	if _, last := ts.Agent().Usage(); last != 0 {
		t.Errorf("last context %d after a compaction", last)
	}
	total, _ := ts.Agent().Usage()
	if total.Input != 25010+50020+900 || total.Output != 3+4+90 {
		t.Errorf("usage with the summary request: %+v", total)
	}
	ts.prompt("q3 " + long)
	if err := ts.Compact(ctx, ""); err != nil {
		t.Fatal(err)
	}
	reqs := p.requests()
	if len(reqs) != 5 {
		t.Fatalf("%d requests", len(reqs))
	}
	// Every stream was released, the summaries' too.
	if n := p.closes(); n != len(reqs) {
		t.Errorf("%d of %d streams closed", n, len(reqs))
	}
	for _, i := range []int{2, 4} {
		r := reqs[i]
		if r.Purpose != "compaction" || r.System != summaryPrompt || r.ToolChoice.Mode != "none" || len(r.Tools) != 0 ||
			r.ContextKey != ts.ID() || len(r.Messages) != 1 || r.Messages[0].Role != conv.User {
			t.Errorf("summary request %d: purpose %q choice %+v tools %d key %q messages %d", i, r.Purpose, r.ToolChoice, len(r.Tools), r.ContextKey, len(r.Messages))
		}
		if !strings.HasSuffix(r.Messages[0].Text(), "\n\nSummarise the conversation above as instructed.") || !strings.Contains(r.Messages[0].Text(), r.Transcript) {
			t.Errorf("summary request %d does not carry its transcript", i)
		}
	}
	first, second := reqs[2].Messages[0].Text(), reqs[4].Messages[0].Text()
	if !strings.HasPrefix(first, "User: q1 ") || strings.Contains(first, "q2 ") || strings.Contains(first, "summary of the conversation so far") {
		t.Errorf("first summary request: %.80q", first)
	}
	// The previous summary comes first, once, then what it kept.
	if !strings.HasPrefix(second, "Summary: SUMMARY ONE\n\nUser: q2 ") || strings.Count(second, "SUMMARY ONE") != 1 ||
		strings.Contains(second, "q1 ") || strings.Contains(second, "q3 ") {
		t.Errorf("second summary request: %.200q", second)
	}
	c = ts.Agent().Conversation()
	active := c.Active()
	if len(active) != 3 || active[0].Text() != conv.SummaryPrefix+"SUMMARY TWO" || !strings.HasPrefix(active[1].Text(), "q3 ") {
		t.Errorf("active after the second compaction: %d messages, first %.40q", len(active), active[0].Text())
	}
	// The second summary carries what everything before its first kept
	// message cost: the first three answers' requests and both summary
	// requests.
	var spent conv.Usage
	for _, s := range c.Messages[c.LastCompaction()].SpentBefore {
		spent.Add(s.Usage)
	}
	if spent.Input != 25010+50020+900+800 {
		t.Errorf("spent before the second summary: %+v", spent)
	}
	if r := ts.prompt("q4"); r.Text != "a4" {
		t.Fatalf("after: %+v", r)
	}
	if n := len(p.requests()[5].Messages); n != 4 {
		t.Errorf("the request after compacting has %d messages", n)
	}
}

// TestCompactFailures: a summary that cannot be made leaves the
// conversation as it was, with an error that says why.
func TestCompactFailures(t *testing.T) {
	for _, c := range []struct {
		name string
		resp seqResp
		want string
	}{
		{"blank", answer(" \n "), "compaction: the model returned an empty summary"},
		{"refused", seqResp{open: &provider.Error{Kind: provider.InvalidRequest, Provider: "fake", Message: "no"}}, "compaction: fake: invalid request: no"},
		{"cut", seqResp{events: []provider.Event{text("half a sum")}, end: &provider.Error{Kind: provider.Transport, Provider: "fake", Message: "reset"}}, "compaction: fake: connection failed: reset"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts, _ := seqSession(t, map[string]string{}, []seqResp{answer("a1"), answer("a2"), c.resp})
			ts.prompt("q1 " + long)
			ts.prompt("q2 " + long)
			err := ts.Compact(context.Background(), "")
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("Compact = %v, want %s", err, c.want)
			}
			conv := ts.Agent().Conversation()
			if conv.LastCompaction() >= 0 || conv.Len() != 4 || len(ts.stored()) != 4 {
				t.Errorf("the conversation changed: %d messages", conv.Len())
			}
			if ts.Agent().Running() {
				t.Error("still marked running")
			}
		})
	}
	t.Run("nothing to compact", func(t *testing.T) {
		ts, p := seqSession(t, map[string]string{}, []seqResp{answer("a1")})
		ts.prompt("short")
		if err := ts.Compact(context.Background(), ""); !errors.Is(err, errNothingToCompact) {
			t.Errorf("Compact = %v", err)
		}
		if len(p.requests()) != 1 {
			t.Error("a summary was asked for")
		}
	})
}

// TestOverflowTwice: a request refused as too large compacts and is
// retried once; refused again, the turn fails with the provider's
// error, after a single notice.
func TestOverflowTwice(t *testing.T) {
	over := func() seqResp {
		return seqResp{open: &provider.Error{Kind: provider.ContextOverflow, Message: "prompt is too long"}}
	}
	ts, p := seqSession(t, map[string]string{}, []seqResp{over(), over(), answer("never")})
	res := ts.prompt("short")
	if res.Status != "failed" || res.Err.Error() != "fake: context window exceeded: prompt is too long" || res.Requests != 2 {
		t.Fatalf("result %+v", res)
	}
	if n := len(p.requests()); n != 2 {
		t.Errorf("%d requests", n)
	}
	if ns := ts.notices("compaction"); len(ns) != 1 || ns[0] != "the context window was exceeded; compacting and retrying" {
		t.Errorf("notices %q", ns)
	}
	// The estimate was raised by a quarter.
	if s := ts.Agent().scaleNow(); s != 1.25 {
		t.Errorf("scale %v", s)
	}
}

// TestOverflowCompactionFails: when the compaction an overflow asks for
// fails, the turn fails naming both.
func TestOverflowCompactionFails(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{
		answer("a1"),
		answer("a2"),
		{open: &provider.Error{Kind: provider.ContextOverflow, Message: "too long"}},
		answer(""),
		answer("never"),
	})
	ts.prompt("q1 " + long)
	ts.prompt("q2 " + long)
	res := ts.prompt("q3")
	want := "fake: context window exceeded: too long (compaction failed: compaction: the model returned an empty summary)"
	if res.Status != "failed" || res.Err == nil || res.Err.Error() != want {
		t.Fatalf("result %+v\nwant %s", res, want)
	}
}

// TestAutoCompactAtTheLimit: automatic compaction starts when the next
// request's estimate reaches the budget's limit, not before.
func TestAutoCompactAtTheLimit(t *testing.T) {
	// A 1,000-token window: 250 reserved, the limit 750, 300 kept.
	cfg := strings.Replace(seqConfig, `models = { m = "fake-model-1" }`, "models = { m = \"fake-model-1\" }\ncontext_window = 1000", 1)
	msg := func(role conv.Role, tokens int) conv.Message {
		return conv.Message{Role: role, Blocks: []conv.Block{conv.TextBlock(strings.Repeat("abcd", tokens-4))}}
	}
	for _, c := range []struct {
		tokens  int
		compact bool
	}{{749, false}, {750, true}} {
		ts, p := seqSession(t, map[string]string{"config.toml": cfg}, []seqResp{answer("the summary")})
		a := &Agent{sess: ts.Session, conv: &conv.Conversation{}, model: ts.Agent().Model()}
		a.conv.Append(msg(conv.User, 400))
		a.conv.Append(msg(conv.Assistant, c.tokens-400))
		if got := a.nextContext(); got != int64(c.tokens) {
			t.Fatalf("estimate %d, want %d", got, c.tokens)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		loopCtx, stop := context.WithCancel(ctx)
		looped := make(chan error, 1)
		go func() { looped <- ts.RunLoop(loopCtx, func() bool { return false }) }()
		err := ts.maybeCompact(ctx, a, nil)
		stop()
		<-looped
		cancel()
		if err != nil {
			t.Fatalf("%d tokens: %v", c.tokens, err)
		}
		if got := a.conv.LastCompaction() >= 0; got != c.compact || (len(p.requests()) == 1) != c.compact {
			t.Errorf("%d tokens: compacted %v, want %v", c.tokens, got, c.compact)
		}
	}
}

// withLoop runs f while the session's loop turns on another goroutine,
// for tests that call what a turn's goroutine would.
func withLoop(t *testing.T, ts *testSession, f func(ctx context.Context)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	loopCtx, stop := context.WithCancel(ctx)
	looped := make(chan error, 1)
	go func() { looped <- ts.RunLoop(loopCtx, func() bool { return false }) }()
	defer func() { stop(); <-looped }()
	f(ctx)
}

// TestSummaryRequestFitsTheWindow: the summary request of a model with a
// small window cuts tool results shorter and shorter, then the middle of
// the transcript; without a window, tool results are cut to their bound
// and nothing else is. A previous summary the messages do not hold is
// given first.
func TestSummaryRequestFitsTheWindow(t *testing.T) {
	msgs := []conv.Message{
		{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(strings.Repeat("u", 10000))}},
		{Role: conv.Assistant, Blocks: []conv.Block{{Type: conv.ToolCall, ID: "c", Name: "read", Arguments: "{}"}}},
		{Role: conv.Tool, ToolCallID: "c", ToolName: "read", Blocks: []conv.Block{conv.TextBlock(strings.Repeat("r", 3000))}},
	}
	small := strings.Replace(seqConfig, `models = { m = "fake-model-1" }`, "models = { m = \"fake-model-1\" }\ncontext_window = 1000", 1)
	for _, c := range []struct {
		name    string
		cfg     string
		keptOut int // the tool result's characters kept
		clipped bool
	}{
		{"small window", small, 31, true},
		{"no window", seqConfig, summaryToolChars, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts, p := seqSession(t, map[string]string{"config.toml": c.cfg}, []seqResp{answerUsing("S", conv.Usage{Input: 7})})
			a := ts.Agent()
			withLoop(t, ts, func(ctx context.Context) {
				sum, spend, err := ts.summarise(ctx, a, "EARLIER", msgs)
				if err != nil || sum != "S" || spend == nil || spend.Usage.Input != 7 || spend.Responses != 1 || spend.Unpriced != 1 {
					t.Fatalf("summarise = %q %+v %v", sum, spend, err)
				}
			})
			in := p.requests()[0].Messages[0].Text()
			if !strings.HasPrefix(in, "The summary of the conversation so far:\n\nEARLIER\n\nWhat happened after it:\n\nUser: uuu") {
				t.Errorf("request starts %.120q", in)
			}
			r := strings.Repeat("r", c.keptOut)
			if !strings.Contains(in, r+"\n[… cut for the summary]") || strings.Contains(in, r+"r") {
				t.Errorf("the tool result is not cut to %d characters", c.keptOut)
			}
			if got := strings.Contains(in, "characters of the conversation cut to fit the summary request"); got != c.clipped {
				t.Errorf("clipped %v, want %v", got, c.clipped)
			}
			if tr := p.requests()[0].Transcript; c.clipped && len(tr) > 4096+200 {
				t.Errorf("the transcript has %d characters", len(tr))
			}
		})
	}
}

// TestCompactReportsATaskListSaveFailure: a compaction writes the task
// list again after its entry (a resume reads back only from there);
// when that write fails, the compaction reports it rather than leaving
// a session whose resume loses the list.
func TestCompactReportsATaskListSaveFailure(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{answer("a1"), answer("a2")})
	ts.prompt("q1 " + long)
	ts.prompt("q2 " + long)
	a := ts.Agent()
	a.mu.Lock()
	a.todos = []Todo{{Content: "write the tests", Status: "pending"}}
	a.mu.Unlock()
	failSaving(ts, func(e *store.Entry) bool { return e.Type == store.TypePantoTodos })
	if err := ts.Compact(context.Background(), "the summary"); err == nil || err.Error() != "disk full" {
		t.Fatalf("Compact = %v, want the task list's save failure", err)
	}
}
