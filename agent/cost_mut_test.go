package agent

import (
	"context"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
)

// TestCostSummaryLine: each figure of the usage line is the one its
// label names, and the cost part says how much is known.
func TestCostSummaryLine(t *testing.T) {
	a := &Agent{}
	a.recordUsage(conv.Message{Role: conv.Assistant, Provider: "p", Model: "m",
		Usage: &conv.Usage{Input: 1, Output: 2, CacheRead: 3, CacheWrite: 4}})
	if got, want := a.CostSummary(), "1 input, 2 output, 3 cache read, 4 cache write tokens; no price known for this model"; got != want {
		t.Errorf("CostSummary = %q, want %q", got, want)
	}
	a.recordUsage(conv.Message{Role: conv.Assistant, Provider: "p", Model: "n",
		Usage: &conv.Usage{Input: 10, Cost: &conv.Cost{Input: 2}}})
	if got, want := a.CostSummary(), "11 input, 2 output, 3 cache read, 4 cache write tokens; cost at least $2.00 (some responses have no known price)"; got != want {
		t.Errorf("CostSummary = %q, want %q", got, want)
	}
	b := &Agent{}
	b.recordUsage(conv.Message{Role: conv.Assistant, Provider: "p", Model: "n",
		Usage: &conv.Usage{Input: 10, Cost: &conv.Cost{Input: 2}}})
	if got, want := b.CostSummary(), "10 input, 0 output, 0 cache read, 0 cache write tokens; cost $2.00"; got != want {
		t.Errorf("CostSummary = %q, want %q", got, want)
	}
}

// TestCancelBeforeTheFirstRequest: a turn cancelled as it starts sends
// nothing and counts no request.
func TestCancelBeforeTheFirstRequest(t *testing.T) {
	var ts *testSession
	ts, p := seqSession(t, map[string]string{}, []seqResp{answer("never")}, func(o *Options) {
		prev := o.OnEvent
		o.OnEvent = func(e Event) {
			prev(e)
			if e.Type == "turn_start" {
				ts.Cancel()
			}
		}
	})
	res, err := ts.Prompt(context.Background(), "q")
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != "cancelled" || res.Requests != 0 || len(p.requests()) != 0 {
		t.Errorf("result %+v after %d requests", res, len(p.requests()))
	}
}

// TestCancelDuringAutoCompaction: cancelling while an automatic
// compaction waits for its summary cancels the turn; it is not reported
// as a failed compaction.
func TestCancelDuringAutoCompaction(t *testing.T) {
	cfg := strings.Replace(seqConfig, `models = { m = "fake-model-1" }`, "models = { m = \"fake-model-1\" }\ncontext_window = 30000", 1)
	ts, p := seqSession(t, map[string]string{"config.toml": cfg}, []seqResp{
		answer("a1"), answer("a2"),
		{events: []provider.Event{text("half a summary")}, hang: true},
		answer("never"),
	})
	chunk := strings.Repeat("word ", 6400)
	ts.prompt("q1 " + chunk)
	ts.prompt("q2 " + chunk)
	r, err := ts.Start(context.Background(), []conv.Block{conv.TextBlock("q3 " + chunk)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The summary request is opened on the turn's goroutine: cancel from
	// another once it is.
	go func() {
		for len(p.requests()) < 3 && ctx.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		ts.Cancel()
	}()
	res := ts.Wait(ctx, r)
	if reqs := p.requests(); len(reqs) != 3 || reqs[2].Purpose != "compaction" {
		t.Fatalf("requests %d", len(reqs))
	}
	// No model request was counted: the turn ended in its compaction.
	if res.Status != "cancelled" || res.Requests != 0 || len(p.requests()) != 3 {
		t.Errorf("result %+v after %d requests", res, len(p.requests()))
	}
	if ns := ts.notices("compaction"); len(ns) != 0 {
		t.Errorf("notices %q", ns)
	}
	if ts.Agent().Conversation().LastCompaction() >= 0 {
		t.Error("a cancelled compaction was kept")
	}
}
