package agent

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/store"
)

// TestListingSummaryAfterATurn: the session list shows, after each
// turn, how many messages there are, the last prompt (cut to 200
// characters) and the model, as the summary line the turn wrote says.
func TestListingSummaryAfterATurn(t *testing.T) {
	cfg := strings.Replace(seqConfig, `models = { m = "fake-model-1" }`, "models = { m = \"fake-model-1\" }\nreasoning = [\"low\", \"high\"]", 1)
	ts, _ := seqSession(t, map[string]string{"config.toml": cfg}, []seqResp{answer("a1"), answer("a2")},
		func(o *Options) { o.Reasoning = "low" })
	long := strings.Repeat("é", 250)
	ts.prompt(long)
	infos, err := ts.Store().List()
	if err != nil || len(infos) != 1 {
		t.Fatalf("list %+v %v", infos, err)
	}
	in := infos[0]
	if in.MessageCount != 2 || in.LastUserMessage != strings.Repeat("é", 200)+"…" || in.Model != "fake:m" || in.API != "seq" || in.Reasoning != "low" {
		t.Errorf("listing after the first turn %+v", in)
	}
	ts.prompt("second prompt")
	infos, _ = ts.Store().List()
	if in := infos[0]; in.MessageCount != 4 || in.LastUserMessage != "second prompt" {
		t.Errorf("listing after the second turn %+v", in)
	}
	// The model is recorded once, before the first message, with its
	// reasoning level.
	sess, err := ts.Store().Load(ts.ID())
	if err != nil {
		t.Fatal(err)
	}
	var models, levels []string
	for _, e := range sess.Entries {
		switch e.Type {
		case store.TypeModelChange:
			models = append(models, e.Provider+"/"+e.Model)
		case store.TypeThinkingLevel:
			levels = append(levels, e.ThinkingLevel)
		}
	}
	if strings.Join(models, ",") != "fake/fake-model-1" || strings.Join(levels, ",") != "low" {
		t.Errorf("model entries %v, levels %v", models, levels)
	}
	// /model records the switch, and a level only when there is one.
	if err := ts.SetModel("fake:m", ""); err != nil {
		t.Fatal(err)
	}
	sess, _ = ts.Store().Load(ts.ID())
	models, levels = nil, nil
	for _, e := range sess.Entries {
		switch e.Type {
		case store.TypeModelChange:
			models = append(models, e.Model)
		case store.TypeThinkingLevel:
			levels = append(levels, e.ThinkingLevel)
		}
	}
	if len(models) != 2 || len(levels) != 1 {
		t.Errorf("after /model: %d model entries, %d levels", len(models), len(levels))
	}
}

// TestFollowUpsRunAfterTheTurn: a follow-up queued during a turn runs as
// a turn of its own once the first ends; after a failed turn it waits.
func TestFollowUpsRunAfterTheTurn(t *testing.T) {
	var once sync.Once
	var ts *testSession
	ts, p := seqSession(t, map[string]string{}, []seqResp{answer("first"), answer("second")}, func(o *Options) {
		prev := o.OnEvent
		o.OnEvent = func(e Event) {
			prev(e)
			if e.Type == "assistant_text_delta" {
				once.Do(func() { ts.Submit("the follow-up", true) })
			}
		}
	})
	res := ts.prompt("q")
	if res.Status != "completed" || res.Text != "second" || res.Requests != 1 {
		t.Fatalf("result %+v", res)
	}
	if n := len(ts.eventsOf("turn_start")); n != 2 {
		t.Errorf("%d turns", n)
	}
	reqs := p.requests()
	if len(reqs) != 2 || len(reqs[1].Messages) != 3 || reqs[1].Messages[2].Text() != "the follow-up" {
		t.Fatalf("requests %+v", reqs)
	}
	if s, f := ts.Agent().Queued(); s != 0 || f != 0 {
		t.Errorf("queued %d %d", s, f)
	}

	// A failed turn leaves the follow-up queued.
	var once2 sync.Once
	var ts2 *testSession
	ts2, p2 := seqSession(t, map[string]string{}, []seqResp{
		{events: []provider.Event{text("x")}},
		answer("later"),
	}, func(o *Options) {
		prev := o.OnEvent
		o.OnEvent = func(e Event) {
			prev(e)
			if e.Type == "assistant_text_delta" {
				once2.Do(func() { ts2.Submit("wait for me", true) })
			}
		}
	})
	if res := ts2.prompt("q"); res.Status != "failed" {
		t.Fatalf("result %+v", res)
	}
	if s, f := ts2.Agent().Queued(); s != 0 || f != 1 || len(p2.requests()) != 1 {
		t.Errorf("queued %d %d after %d requests", s, f, len(p2.requests()))
	}
	// RunQueued starts it.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, ok := ts2.RunQueued(ctx)
	if !ok {
		t.Fatal("RunQueued started nothing")
	}
	if res := ts2.Wait(ctx, r); res.Status != "completed" || res.Text != "later" {
		t.Fatalf("queued turn %+v", res)
	}
	if _, ok := ts2.RunQueued(ctx); ok {
		t.Error("RunQueued started a turn with nothing queued")
	}
}

// TestSteeringAfterToolCalls: steering queued while tools run joins the
// conversation after their results, and the next request carries both.
func TestSteeringAfterToolCalls(t *testing.T) {
	var once sync.Once
	var ts *testSession
	ts, p := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{
		callResp("c1", "echo", `{"message":"m"}`),
		answer("steered"),
	}, func(o *Options) {
		prev := o.OnEvent
		o.OnEvent = func(e Event) {
			prev(e)
			if e.Type == "tool_dispatch_start" {
				once.Do(func() { ts.Submit("use the other file", false) })
			}
		}
	})
	res := ts.prompt("q")
	if res.Status != "completed" || res.Text != "steered" || res.Requests != 2 {
		t.Fatalf("result %+v", res)
	}
	reqs := p.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	ms := reqs[1].Messages
	if len(ms) != 4 || ms[2].Role != conv.Tool || ms[3].Role != conv.User || ms[3].Text() != "use the other file" {
		t.Fatalf("second request %+v", ms)
	}
	if n := len(ts.eventsOf("turn_start")); n != 1 {
		t.Errorf("%d turns", n)
	}
	if n := len(ts.eventsOf("user_message")); n != 2 {
		t.Errorf("%d user_message events", n)
	}
}

// TestTurnWhileBusy: a second turn, a compaction or a switch while a
// turn runs are refused.
func TestTurnWhileBusy(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{{events: []provider.Event{text("x")}, hang: true}})
	id := ts.ID()
	r, err := ts.Start(context.Background(), []conv.Block{conv.TextBlock("q")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ts.RunLoop(ctx, func() bool { return len(ts.eventsOf("assistant_text_delta")) > 0 })
	if !ts.Agent().Running() {
		t.Error("not running")
	}
	if _, err := ts.Start(ctx, []conv.Block{conv.TextBlock("again")}); err != errBusy {
		t.Errorf("second Start: %v", err)
	}
	if err := ts.Compact(ctx, "s"); err != errBusy {
		t.Errorf("Compact: %v", err)
	}
	if err := ts.New(ctx); err == nil || !strings.Contains(err.Error(), "a turn is running") {
		t.Errorf("New: %v", err)
	}
	if err := ts.Reload(ctx); err == nil || !strings.Contains(err.Error(), "a turn is running") {
		t.Errorf("Reload: %v", err)
	}
	if _, ok := ts.RunQueued(ctx); ok {
		t.Error("RunQueued while running")
	}
	running := func(what string, err error) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), "a turn is running") {
			t.Errorf("%s while running: %v", what, err)
		}
	}
	running("Resume", ts.Resume(ctx, "abc"))
	running("ResumePath", ts.ResumePath(ctx, filepath.Join(t.TempDir(), "s.jsonl")))
	running("Branch", ts.Branch(ctx, "abc"))
	_, err = ts.Rewind(ctx, 1, RestoreBoth)
	running("Rewind", err)
	if ts.ID() != id {
		t.Errorf("the session changed to %s", ts.ID())
	}
	ts.Cancel()
	if res := ts.Wait(ctx, r); res.Status != "cancelled" {
		t.Fatalf("result %+v", res)
	}
	if ts.Agent().Running() {
		t.Error("still running after the turn")
	}
}

// TestWaitCancelledByItsContext: a Wait whose context ends cancels the
// turn and still returns once it wound down, its text saved.
func TestWaitCancelledByItsContext(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{{events: []provider.Event{text("partial")}, hang: true}})
	r, err := ts.Start(context.Background(), []conv.Block{conv.TextBlock("q")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	go func() {
		for !r.Done() {
			for _, e := range ts.eventTypes() {
				if e == "assistant_text_delta" {
					once.Do(cancel)
				}
			}
			time.Sleep(time.Millisecond)
		}
	}()
	res := ts.Wait(ctx, r)
	cancel()
	if res.Status != "cancelled" || res.Text != "partial" {
		t.Fatalf("result %+v", res)
	}
	if ms := ts.stored(); len(ms) != 2 || ms[1].Text() != "partial" {
		t.Errorf("stored %+v", ms)
	}
}

// TestNoModel: without a default model the prompt is refused with what
// to configure; a reasoning label the provider does not list is refused
// by name.
func TestNoModel(t *testing.T) {
	two := `
[providers.fake]
protocol = "seq"
models = { b = "model-b", a = "model-a" }
`
	ts, _ := seqSession(t, map[string]string{"config.toml": two}, nil)
	_, err := ts.Prompt(context.Background(), "q")
	want := `no default model: set [models] default = "provider:alias" in config.toml or pass --model (configured: fake:a, fake:b)`
	if err == nil || err.Error() != want {
		t.Errorf("Prompt = %v\nwant %s", err, want)
	}
	if ts.ModelError() == nil {
		t.Error("no model error")
	}
	if err := ts.SetModel("fake:a", ""); err != nil || ts.ModelError() != nil {
		t.Fatalf("SetModel: %v, then %v", err, ts.ModelError())
	}
	var many strings.Builder
	many.WriteString("[providers.fake]\nprotocol = \"seq\"\nmodels = { ")
	for i := range 10 {
		if i > 0 {
			many.WriteString(", ")
		}
		many.WriteString("m" + itoa(i) + " = \"x\"")
	}
	many.WriteString(" }\n")
	ts2, _ := seqSession(t, map[string]string{"config.toml": many.String()}, nil)
	if err := ts2.ModelError(); err == nil || !strings.HasSuffix(err.Error(), "(configured: fake:m0, fake:m1, fake:m2, fake:m3, fake:m4, fake:m5, fake:m6, fake:m7, ...)") {
		t.Errorf("ten models: %v", err)
	}
	cfg := strings.Replace(seqConfig, `models = { m = "fake-model-1" }`, "models = { m = \"fake-model-1\" }\nreasoning = [\"low\", \"high\"]", 1)
	ts3, _ := seqSession(t, map[string]string{"config.toml": cfg}, nil)
	err = ts3.SetModel("fake:m", "max")
	if err == nil || err.Error() != "model 'fake:m' does not accept reasoning 'max' (accepted: low, high)" {
		t.Errorf("SetModel max: %v", err)
	}
	if err := ts3.SetModel("fake:m", "high"); err != nil {
		t.Errorf("SetModel high: %v", err)
	}
	if m := ts3.Agent().Model(); m == nil || m.Reasoning != "high" {
		t.Errorf("model %+v", m)
	}
}

// TestKeyError: a built-in provider whose key variable is unset is named
// with it; one with its key, or not built in, has no key error.
func TestKeyError(t *testing.T) {
	cfg := seqConfig + `
[providers.claude]
protocol = "anthropic"
api_key_env = "MY_CLAUDE_KEY"
models = { s = "claude-x" }
`
	env := map[string]string{}
	ts, _ := seqSession(t, map[string]string{"config.toml": cfg}, nil, func(o *Options) {
		o.Getenv = func(k string) string { return env[k] }
	})
	if err := ts.KeyError("claude"); err == nil || !strings.Contains(err.Error(), "MY_CLAUDE_KEY") {
		t.Errorf("KeyError without the key: %v", err)
	}
	env["MY_CLAUDE_KEY"] = "k"
	if err := ts.KeyError("claude"); err != nil {
		t.Errorf("KeyError with the key: %v", err)
	}
	if err := ts.KeyError("fake"); err != nil {
		t.Errorf("KeyError of a script provider: %v", err)
	}
	if err := ts.KeyError("nobody"); err != nil {
		t.Errorf("KeyError of an unknown provider: %v", err)
	}
}

// TestCloseReleasesTheSession: once a session is closed, another panto
// may resume it (its file is unlocked), and it holds the whole turn.
func TestCloseReleasesTheSession(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{answer("a")})
	ts.prompt("q")
	id := ts.ID()
	ts2, _ := seqSession(t, map[string]string{}, nil, func(o *Options) { o.Store = ts.Store() })
	ctx := context.Background()
	if err := ts2.Resume(ctx, id); err == nil || !strings.Contains(err.Error(), "open in another panto process") {
		t.Fatalf("resuming a session still open: %v", err)
	}
	ts.Close()
	if err := ts2.Resume(ctx, id); err != nil {
		t.Fatalf("resuming a closed session: %v", err)
	}
	if n := ts2.Agent().Conversation().Len(); n != 2 {
		t.Errorf("resumed %d messages", n)
	}
}

// createFails is a file store whose Create fails once armed, as a full
// disk or a read-only data folder would.
type createFails struct {
	*store.FileStore
	armed bool
}

func (c *createFails) Create(cwd, parent string) (*store.Writer, error) {
	if c.armed {
		return nil, errString("read-only file system")
	}
	return c.FileStore.Create(cwd, parent)
}

// TestNewFailsCleanly: /new whose session file cannot be made says why
// and leaves the current session as it was, usable.
func TestNewFailsCleanly(t *testing.T) {
	cs := &createFails{FileStore: store.NewFileStore(t.TempDir())}
	ts, _ := seqSession(t, map[string]string{}, []seqResp{answer("a1"), answer("a2")}, func(o *Options) { o.Store = cs })
	ts.prompt("q1")
	id := ts.ID()
	cs.armed = true
	if err := ts.New(context.Background()); err == nil || err.Error() != "read-only file system" {
		t.Fatalf("New = %v", err)
	}
	if ts.ID() != id || ts.Agent().Conversation().Len() != 2 {
		t.Errorf("after a failed /new: id %s (was %s), %d messages", ts.ID(), id, ts.Agent().Conversation().Len())
	}
	if r := ts.prompt("q2"); r.Status != "completed" || len(ts.stored()) != 4 {
		t.Errorf("the session is not usable: %+v", r)
	}
}

// TestFailedModelRecordFreesTheAgent: when the first turn's model record
// cannot be saved, the prompt fails with the reason and the agent is not
// left marked running: the next prompt runs once saving works again.
func TestFailedModelRecordFreesTheAgent(t *testing.T) {
	ts, p := seqSession(t, map[string]string{}, []seqResp{answer("hello")})
	a := ts.Agent()
	a.mu.Lock()
	saved := a.rec
	a.mu.Unlock()
	failSaving(ts, func(e *store.Entry) bool { return e.Type == store.TypeModelChange })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := ts.Prompt(ctx, "q"); err == nil || err.Error() != "disk full" {
		t.Fatalf("prompt error %v, want the save error", err)
	}
	if a.Running() {
		t.Fatal("the agent is still marked running")
	}
	if n := len(p.requests()); n != 0 {
		t.Errorf("%d requests sent for a prompt that failed to start", n)
	}
	a.mu.Lock()
	a.rec = saved
	a.mu.Unlock()
	if res := ts.prompt("q"); res.Status != "completed" || res.Text != "hello" {
		t.Fatalf("the next prompt: %+v", res)
	}
}

// TestUnknownProtocolSuggestsAName: a provider whose protocol is
// misspelled fails the turn with an error naming the protocol and the
// built-in one it probably meant.
func TestUnknownProtocolSuggestsAName(t *testing.T) {
	ts := newSession(t, map[string]string{"config.toml": `
[providers.fake]
protocol = "anthropik"
models = { m = "fake-model-1" }

[models]
default = "fake:m"
`})
	res := ts.prompt("q")
	if res.Status != "failed" || res.Err == nil {
		t.Fatalf("result %+v", res)
	}
	msg := res.Err.Error()
	if !strings.Contains(msg, "unknown protocol 'anthropik'") || !strings.Contains(msg, "did you mean 'anthropic'?") {
		t.Errorf("error %q", msg)
	}
}
