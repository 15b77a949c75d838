package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/agent/store"
)

const twoModels = `
[providers.fake]
protocol = "seq"
models = { a = "model-a", b = "model-b" }
reasoning = ["low", "high"]

[models]
default = "fake:a"
`

// TestResumeRestoresTheModel: resuming a session switches to the model
// it last used, with its reasoning level, unless the command line named
// one; a new session starts counting afresh.
func TestResumeRestoresTheModel(t *testing.T) {
	ctx := context.Background()
	ts, _ := seqSession(t, map[string]string{"config.toml": twoModels}, []seqResp{
		answerUsing("on b", conv.Usage{Input: 10, Output: 1}), answer("on a"),
	})
	if err := ts.SetModel("fake:b", "high"); err != nil {
		t.Fatal(err)
	}
	ts.prompt("first")
	first := ts.ID()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	// A new session: nothing used, nothing queued, turns from one.
	if total, last := ts.Agent().Usage(); total.Input != 0 || last != 0 || len(ts.Agent().Costs()) != 0 {
		t.Errorf("after /new: usage %+v, last %d, costs %+v", total, last, ts.Agent().Costs())
	}
	if err := ts.SetModel("fake:a", ""); err != nil {
		t.Fatal(err)
	}
	ts.Submit("stale steering", false)
	ts.prompt("second")
	if turns := ts.eventsOf("turn_start"); len(turns) != 2 || turns[1].Fields["turn"] != 1 {
		t.Errorf("turn_start after /new: %+v", turns)
	}
	ts.Submit("left behind", true)
	if err := ts.Resume(ctx, first); err != nil {
		t.Fatal(err)
	}
	if m := ts.Agent().Model(); m == nil || m.Reference() != "fake:b" || m.Reasoning != "high" {
		t.Errorf("model after resume %+v", m)
	}
	if s, f := ts.Agent().Queued(); s != 0 || f != 0 {
		t.Errorf("queued after resume: %d %d", s, f)
	}
	// The resumed session's cost is its own messages'.
	if cs := ts.Agent().Costs(); len(cs) != 1 || cs[0].Model != "model-b" || cs[0].Usage.Input != 10 {
		t.Errorf("costs after resume %+v", cs)
	}
	if err := ts.Resume(ctx, first); err == nil || !strings.Contains(err.Error(), "is the current one") {
		t.Errorf("resuming the current session: %v", err)
	}

	// With a model on the command line, the resume keeps it.
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	ts2, _ := seqSession(t, map[string]string{"config.toml": twoModels}, []seqResp{answer("x")}, func(o *Options) {
		o.Store = ts.Store()
		o.Model = "fake:a"
	})
	if err := ts2.Resume(ctx, first); err != nil {
		t.Fatal(err)
	}
	if m := ts2.Agent().Model(); m.Reference() != "fake:a" {
		t.Errorf("the command line's model was replaced by %s", m.Reference())
	}
}

// TestNoSessionRefusesSwitches: with --no-session there is nothing to
// resume, continue or branch.
func TestNoSessionRefusesSwitches(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{answer("a")}, func(o *Options) { o.NoSession = true })
	ctx := context.Background()
	ts.prompt("q")
	if err := ts.Resume(ctx, "abc"); err != errNoSessionStore {
		t.Errorf("Resume: %v", err)
	}
	if ok, err := ts.Continue(ctx); ok || err != errNoSessionStore {
		t.Errorf("Continue: %v %v", ok, err)
	}
	if _, err := ts.Tree(); err != errNoSessionStore {
		t.Errorf("Tree: %v", err)
	}
	if err := ts.ResumePath(ctx, "/x.jsonl"); err != errNoSessionStore {
		t.Errorf("ResumePath: %v", err)
	}
	// What the session holds is still exported.
	path, err := ts.Export(filepath.Join(t.TempDir(), "s.md"))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "a") || !strings.Contains(string(data), "q") {
		t.Errorf("export %q", data)
	}
}

// TestContinueTheCurrentSession: --continue when the latest session is
// the current one stays on it.
func TestContinueTheCurrentSession(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{answer("a")})
	ts.prompt("q")
	id := ts.ID()
	ok, err := ts.Continue(context.Background())
	if !ok || err != nil || ts.ID() != id || ts.Agent().Conversation().Len() != 2 {
		t.Errorf("Continue = %v %v, id %s (was %s)", ok, err, ts.ID(), id)
	}
}

// TestResumeAnswersInterruptedCalls: a session that ended while its
// tools ran is resumed with an error result for each such call, saved,
// so the next request is valid.
func TestResumeAnswersInterruptedCalls(t *testing.T) {
	ts, p := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{
		callResp("c1", "echo", `{"message":"m"}`),
		answer("after the resume"),
	})
	resumeAfterKilledCall(t, ts)
	ms := ts.Agent().Conversation().Messages
	if len(ms) != 3 || ms[2].Role != conv.Tool || ms[2].ToolCallID != "c1" || !ms[2].IsError || ms[2].Text() != store.Interrupted {
		t.Fatalf("resumed conversation %+v", ms)
	}
	if stored := ts.stored(); len(stored) != 3 || stored[2].ToolCallID != "c1" {
		t.Errorf("the interrupted result was not saved: %+v", stored)
	}
	if r := ts.prompt("go on"); r.Text != "after the resume" {
		t.Fatalf("result %+v", r)
	}
	if n := len(p.requests()[1].Messages); n != 4 {
		t.Errorf("the request after the resume has %d messages", n)
	}
}

// TestTreeNodes: /tree lists every message with its role, its text (a
// prompt as typed), its children and whether it is on the current
// branch; an unknown id is refused.
func TestTreeNodes(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{answer("a1"), answer("a2"), answer("a2 again")})
	ts.prompt("q1")
	ts.prompt("q2")
	nodes, err := ts.Tree()
	if err != nil || len(nodes) != 4 {
		t.Fatalf("Tree = %+v %v", nodes, err)
	}
	ctx := context.Background()
	if err := ts.Branch(ctx, "no-such-id"); err == nil || err.Error() != `no message "no-such-id" in this session` {
		t.Errorf("Branch unknown: %v", err)
	}
	if err := ts.Branch(ctx, nodes[1].ID); err != nil {
		t.Fatal(err)
	}
	ts.prompt("q2 bis")
	nodes, _ = ts.Tree()
	var got []string
	for _, n := range nodes {
		cur := "-"
		if n.Current {
			cur = "*"
		}
		got = append(got, string(n.Role)+":"+n.Text+":"+cur+":"+itoa(len(n.Children)))
	}
	want := "user:q1:*:1 assistant:a1:*:2 user:q2:-:1 assistant:a2:-:0 user:q2 bis:*:1 assistant:a2 again:*:0"
	if strings.Join(got, " ") != want {
		t.Errorf("tree\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	if nodes[2].ParentID != nodes[1].ID || nodes[4].ParentID != nodes[1].ID {
		t.Errorf("parents %q %q, want %q", nodes[2].ParentID, nodes[4].ParentID, nodes[1].ID)
	}
}

// resumeAfterKilledCall runs a turn whose first call's result and the
// answer after it never reach the session file, as if panto were killed
// while the call ran, then resumes that session in ts.
func resumeAfterKilledCall(t *testing.T, ts *testSession) {
	t.Helper()
	failSaving(ts, func(e *store.Entry) bool {
		return e.Message != nil && (e.Message.Role == conv.Tool || e.Message.Role == conv.Assistant && len(e.Message.Blocks) == 0)
	})
	if res := ts.prompt("run it"); res.Status != "failed" {
		t.Fatalf("result %+v", res)
	}
	id := ts.ID()
	ctx := context.Background()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ts.Resume(ctx, id); err != nil {
		t.Fatal(err)
	}
}
