package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/store"
)

// seqConfig routes the default model to the "seq" protocol a test
// installs with seqSession.
const seqConfig = `
[providers.fake]
protocol = "seq"
models = { m = "fake-model-1" }

[models]
default = "fake:m"
`

// seqResp is one scripted response of a seqProtocol: an error from Open,
// or events followed by end (nil: io.EOF), or events and then a wait
// for the request to be cancelled (hang).
type seqResp struct {
	open   error
	events []provider.Event
	end    error
	hang   bool
}

// seqProtocol answers requests in order and records each request, so a
// test can check both what the turn sent and what it made of the
// answers, at the level of provider events.
type seqProtocol struct {
	mu     sync.Mutex
	resps  []seqResp
	reqs   []provider.Request
	closed int // streams closed
}

func (p *seqProtocol) Open(ctx context.Context, req *provider.Request) (provider.Stream, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cp := *req
	cp.Messages = append([]conv.Message(nil), req.Messages...)
	p.reqs = append(p.reqs, cp)
	if len(p.resps) == 0 {
		return nil, &provider.Error{Kind: provider.Terminal, Message: "no response left"}
	}
	r := p.resps[0]
	p.resps = p.resps[1:]
	if r.open != nil {
		return nil, r.open
	}
	return &seqStream{ctx: ctx, r: r, p: p}, nil
}

// closes is how many of the streams opened were closed.
func (p *seqProtocol) closes() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

func (p *seqProtocol) requests() []provider.Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]provider.Request(nil), p.reqs...)
}

type seqStream struct {
	ctx context.Context
	r   seqResp
	i   int
	p   *seqProtocol
}

func (s *seqStream) Recv() (provider.Event, error) {
	if s.i < len(s.r.events) {
		s.i++
		return s.r.events[s.i-1], nil
	}
	if s.r.hang {
		<-s.ctx.Done()
		return provider.Event{}, s.ctx.Err()
	}
	if s.r.end != nil {
		return provider.Event{}, s.r.end
	}
	return provider.Event{}, io.EOF
}

func (s *seqStream) Close() error {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	s.p.closed++
	return nil
}

// seqSession is a test session whose model answers with resps.
func seqSession(t *testing.T, files map[string]string, resps []seqResp, mod ...func(*Options)) (*testSession, *seqProtocol) {
	t.Helper()
	p := &seqProtocol{resps: resps}
	if _, ok := files["config.toml"]; !ok {
		files["config.toml"] = seqConfig
	}
	mods := append([]func(*Options){func(o *Options) {
		o.Protocols = func(name string) (provider.Protocol, bool) { return p, name == "seq" }
	}}, mod...)
	return newSession(t, files, mods...), p
}

func text(s string) provider.Event { return provider.Event{Type: provider.TextDelta, Text: s} }

func done(stop conv.StopReason, u conv.Usage) provider.Event {
	return provider.Event{Type: provider.Done, StopReason: stop, Usage: u}
}

func answer(s string) seqResp {
	return seqResp{events: []provider.Event{text(s), done("", conv.Usage{})}}
}

func callResp(id, name, args string) seqResp {
	return seqResp{events: []provider.Event{
		{Type: provider.ToolCallStart, Index: 0, ID: id, Name: name},
		{Type: provider.ToolCallDelta, Index: 0, Text: args},
		{Type: provider.ToolCallEnd, Index: 0},
		done("", conv.Usage{}),
	}}
}

// eventsOf returns the events of one type seen so far.
func (ts *testSession) eventsOf(typ string) []Event {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var out []Event
	for _, e := range ts.events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// stored is the current branch as the session file has it.
func (ts *testSession) stored() []conv.Message {
	ts.t.Helper()
	sess, err := ts.Store().Load(ts.ID())
	if err != nil {
		ts.t.Fatal(err)
	}
	return sess.Branch("").Messages
}

// TestStreamEndsWithoutDone: a stream that stops before its done event
// fails the turn without a retry (text already reached the user); the
// text is kept as an errored message, recorded once.
func TestStreamEndsWithoutDone(t *testing.T) {
	ts, p := seqSession(t, map[string]string{}, []seqResp{
		{events: []provider.Event{text("partial ")}},
		answer("unused"),
	})
	res := ts.prompt("q")
	if res.Status != "failed" || res.Err == nil || res.Err.Error() != "the stream ended without a done event" {
		t.Fatalf("result %+v", res)
	}
	if res.Text != "partial " || len(p.requests()) != 1 {
		t.Errorf("text %q after %d requests", res.Text, len(p.requests()))
	}
	ms := ts.stored()
	if len(ms) != 2 {
		t.Fatalf("stored %d messages, want the prompt and the partial answer: %+v", len(ms), ms)
	}
	if m := ms[1]; m.Role != conv.Assistant || m.Text() != "partial " || m.StopReason != conv.StopError || m.Error != res.Err.Error() {
		t.Errorf("the partial answer %+v", m)
	}
	end := ts.eventsOf("turn_end")
	if len(end) != 1 || end[0].Fields["ok"] != false || end[0].Fields["error"] != res.Err.Error() {
		t.Errorf("turn_end %+v", end)
	}
	am := ts.eventsOf("assistant_message")
	if len(am) != 1 || am[0].Fields["stop_reason"] != "error" || am[0].Fields["error"] != res.Err.Error() {
		t.Errorf("assistant_message %+v", am)
	}
}

// TestStreamFailsMidCall: a stream that fails while a tool call is
// still arriving keeps the text, not the call (a call without a result
// would make the next request invalid), and the next prompt's request
// carries no dangling call.
func TestStreamFailsMidCall(t *testing.T) {
	boom := &provider.Error{Kind: provider.Server, Message: "connection reset"}
	ts, p := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{
		{events: []provider.Event{
			text("let me look"),
			{Type: provider.ToolCallStart, Index: 0, ID: "c1", Name: "echo"},
			{Type: provider.ToolCallDelta, Index: 0, Text: `{"message":`},
		}, end: boom},
		answer("second"),
	})
	res := ts.prompt("q")
	if res.Status != "failed" || !errors.Is(res.Err, boom) {
		t.Fatalf("result %+v", res)
	}
	// The provider's name is filled in for the message.
	if res.Err.Error() != "fake: server error: connection reset" {
		t.Errorf("error %q", res.Err)
	}
	ms := ts.Agent().Conversation().Messages
	if len(ms) != 2 || len(ms[1].Blocks) != 1 || ms[1].Blocks[0].Type != conv.Text || ms[1].StopReason != conv.StopError {
		t.Fatalf("conversation %+v", ms)
	}
	if len(toolResults(ts.Agent().Conversation())) != 0 || len(ts.eventsOf("tool_dispatch_start")) != 0 {
		t.Error("the cut call ran")
	}
	if r := ts.prompt("again"); r.Status != "completed" || r.Text != "second" {
		t.Fatalf("next prompt %+v", r)
	}
	reqs := p.requests()
	for _, m := range reqs[1].Messages {
		if len(m.ToolCalls()) > 0 {
			t.Errorf("the next request carries the cut call: %+v", m)
		}
	}
	if n := len(reqs[1].Messages); n != 3 {
		t.Errorf("the next request has %d messages, want the prompt, the partial answer and the new prompt", n)
	}
}

// TestStreamFailsBeforeAnything: a failure with nothing received is
// recorded as an assistant message without content, which the next
// request leaves out.
func TestStreamFailsBeforeAnything(t *testing.T) {
	ts, p := seqSession(t, map[string]string{}, []seqResp{
		{open: &provider.Error{Kind: provider.Authentication, Message: "bad key"}},
		answer("ok"),
	})
	res := ts.prompt("q")
	if res.Status != "failed" || res.Text != "" || res.Err.Error() != "fake: authentication failed: bad key" {
		t.Fatalf("result %+v", res)
	}
	ms := ts.stored()
	if len(ms) != 2 || ms[1].Role != conv.Assistant || len(ms[1].Blocks) != 0 || ms[1].Error != res.Err.Error() {
		t.Fatalf("stored %+v", ms)
	}
	ts.prompt("q2")
	if reqs := p.requests(); len(reqs[1].Messages) != 2 {
		t.Errorf("second request %+v", reqs[1].Messages)
	}
}

// TestRetryNotices: retryable failures before any event are retried with
// a notice each (attempt n of the policy's attempts, and a short
// reason); the turn counts one request; when the attempts run out the
// last error ends the turn.
func TestRetryNotices(t *testing.T) {
	t.Run("then success", func(t *testing.T) {
		ts, p := seqSession(t, map[string]string{}, []seqResp{
			{open: &provider.Error{Kind: provider.Server, Status: 502, Message: "bad gateway"}},
			{open: &provider.Error{Kind: provider.Transport, Message: "refused"}},
			answer("fine"),
		})
		res := ts.prompt("q")
		if res.Status != "completed" || res.Text != "fine" || res.Requests != 1 || len(p.requests()) != 3 {
			t.Fatalf("result %+v after %d opens", res, len(p.requests()))
		}
		ns := ts.eventsOf("notice")
		if len(ns) != 2 {
			t.Fatalf("notices %+v", ns)
		}
		for i, want := range []struct {
			reason, msg string
		}{{"HTTP 502", "fake: server error (HTTP 502): bad gateway; retrying in "}, {"transport", "fake: connection failed: refused; retrying in "}} {
			f := ns[i].Fields
			if f["kind"] != "retry" || f["retry"] != i+1 || f["retries"] != 3 || f["reason"] != want.reason ||
				!strings.HasPrefix(f["message"].(string), want.msg) || !strings.HasSuffix(f["message"].(string), "(attempt "+itoa(i+1)+" of 3)") {
				t.Errorf("notice %d: %+v", i, f)
			}
		}
		// A retry is not a failed response: nothing of it is stored.
		if ms := ts.stored(); len(ms) != 2 {
			t.Errorf("stored %d messages", len(ms))
		}
	})
	t.Run("attempts run out", func(t *testing.T) {
		busy := func() seqResp { return seqResp{open: &provider.Error{Kind: provider.Overloaded, Message: "busy"}} }
		ts, p := seqSession(t, map[string]string{}, []seqResp{busy(), busy(), busy(), busy(), answer("too late")})
		res := ts.prompt("q")
		if res.Status != "failed" || res.Err.Error() != "fake: overloaded: busy" {
			t.Fatalf("result %+v", res)
		}
		if n := len(p.requests()); n != 4 {
			t.Errorf("%d opens, want the first and 3 retries", n)
		}
		if n := len(ts.eventsOf("notice")); n != 3 {
			t.Errorf("%d retry notices", n)
		}
	})
	t.Run("a failure after events is not retried", func(t *testing.T) {
		ts, p := seqSession(t, map[string]string{}, []seqResp{
			{events: []provider.Event{text("half")}, end: &provider.Error{Kind: provider.Overloaded, Message: "busy"}},
			answer("retried"),
		})
		res := ts.prompt("q")
		if res.Status != "failed" || res.Text != "half" || len(p.requests()) != 1 {
			t.Fatalf("result %+v after %d opens", res, len(p.requests()))
		}
	})
}

// TestCancelDuringBackoff: cancelling while the turn waits to retry ends
// it at once, cancelled, without another request.
func TestCancelDuringBackoff(t *testing.T) {
	ts, p := seqSession(t, map[string]string{}, []seqResp{
		{open: &provider.Error{Kind: provider.RateLimit, Message: "slow down"}},
		answer("never"),
	}, func(o *Options) { o.Backoff = &provider.Backoff{Attempts: 3, Base: time.Hour, Max: time.Hour} })
	r, err := ts.Start(context.Background(), []conv.Block{conv.TextBlock("q")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ts.RunLoop(ctx, func() bool { return len(ts.eventsOf("notice")) > 0 })
	ts.Cancel()
	res := ts.Wait(ctx, r)
	if res.Status != "cancelled" || !errors.Is(res.Err, context.Canceled) {
		t.Fatalf("result %+v", res)
	}
	if n := len(p.requests()); n != 1 {
		t.Errorf("%d requests", n)
	}
	end := ts.eventsOf("turn_end")
	if len(end) != 1 || end[0].Fields["ok"] != false || end[0].Fields["error"] != "cancelled" {
		t.Errorf("turn_end %+v", end)
	}
	if ms := ts.stored(); len(ms) != 2 || ms[1].StopReason != conv.StopCancelled || ms[1].Error != "" {
		t.Errorf("stored %+v", ms)
	}
}

// TestCancelMidStream: the text received before a cancel is kept, marked
// cancelled, and recorded once; the session takes the next prompt.
func TestCancelMidStream(t *testing.T) {
	ts, p := seqSession(t, map[string]string{}, []seqResp{
		{events: []provider.Event{text("thinking aloud")}, hang: true},
		answer("next"),
	})
	r, err := ts.Start(context.Background(), []conv.Block{conv.TextBlock("q")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ts.RunLoop(ctx, func() bool { return len(ts.eventsOf("assistant_text_delta")) > 0 })
	ts.Cancel()
	res := ts.Wait(ctx, r)
	if res.Status != "cancelled" || res.Text != "thinking aloud" {
		t.Fatalf("result %+v", res)
	}
	ms := ts.stored()
	if len(ms) != 2 || ms[1].Text() != "thinking aloud" || ms[1].StopReason != conv.StopCancelled || ms[1].Error != "" {
		t.Fatalf("stored %+v", ms)
	}
	if n := len(ts.eventsOf("assistant_text_complete")); n != 1 {
		t.Errorf("%d assistant_text_complete events for the cut text", n)
	}
	if r := ts.prompt("again"); r.Status != "completed" || r.Text != "next" || len(p.requests()) != 2 {
		t.Fatalf("next prompt %+v", r)
	}
}

// TestStopReasons: a done event without a stop reason ends the turn;
// one with tool calls is tool_use whatever the protocol said; others are
// kept as given, with the model and usage reported.
func TestStopReasons(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{
		{events: []provider.Event{
			{Type: provider.ToolCallStart, Index: 3, ID: "c1", Name: "echo"},
			{Type: provider.ToolCallDelta, Index: 3, Text: `{"message":"x"}`},
			done(conv.StopEnd, conv.Usage{Input: 10, Output: 2}),
		}},
		{events: []provider.Event{text("cut short"), done(conv.StopLength, conv.Usage{Input: 30, Output: 7, CacheRead: 5})}},
		{events: []provider.Event{text("plain"), done("", conv.Usage{})}},
	})
	ts.prompt("one")
	ts.prompt("two")
	ms := ts.Agent().Conversation().Messages
	var stops []conv.StopReason
	for _, m := range ms {
		if m.Role == conv.Assistant {
			stops = append(stops, m.StopReason)
		}
	}
	if len(stops) != 3 || stops[0] != conv.StopToolUse || stops[1] != conv.StopLength || stops[2] != conv.StopEnd {
		t.Fatalf("stop reasons %v", stops)
	}
	// A call the protocol never ended is completed at done, with its
	// whole input.
	if args := ms[1].ToolCalls()[0].Arguments; args != `{"message":"x"}` {
		t.Errorf("arguments %q", args)
	}
	if tr := toolResults(ts.Agent().Conversation()); len(tr) != 1 || tr[0].Text() != "echo: x" {
		t.Errorf("results %+v", tr)
	}
	am := ts.eventsOf("assistant_message")
	if len(am) != 3 || am[1].Fields["stop_reason"] != "length" || am[1].Fields["model"] != "fake-model-1" {
		t.Fatalf("assistant_message events %+v", am)
	}
	if u, ok := am[1].Fields["usage"].(conv.Usage); !ok || u.Input != 30 || u.Output != 7 {
		t.Errorf("usage field %+v", am[1].Fields["usage"])
	}
	total, last := ts.Agent().Usage()
	if total.Input != 40 || total.Output != 9 || total.CacheRead != 5 {
		t.Errorf("total usage %+v", total)
	}
	// The last response reported nothing: the last context is the one
	// before it (input and cache read and output).
	if last != 30+5+7 {
		t.Errorf("last context %d", last)
	}
}

// TestRequestFields: each request names its purpose, the model's
// reasoning label, the session's context key, the system prompt and the
// offered tools, and leaves out recorded failures.
func TestRequestFields(t *testing.T) {
	cfg := strings.Replace(seqConfig, `models = { m = "fake-model-1" }`, "models = { m = \"fake-model-1\" }\nreasoning = [\"low\", \"high\"]", 1)
	ts, p := seqSession(t, map[string]string{"config.toml": cfg, "tools/echo.lua": echoTool}, []seqResp{
		callResp("c1", "echo", `{"message":"m"}`),
		answer("done"),
	}, func(o *Options) { o.Reasoning = "high"; o.SystemPrompt = "be terse" })
	ts.prompt("q")
	reqs := p.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	for i, r := range reqs {
		if r.Purpose != "turn" || r.Effort != "high" || r.ContextKey != ts.ID() || r.ContextKey == "" || r.System != "be terse" ||
			r.Model != "fake-model-1" || r.Provider != "fake" {
			t.Errorf("request %d: purpose %q effort %q key %q system %q model %q provider %q", i, r.Purpose, r.Effort, r.ContextKey, r.System, r.Model, r.Provider)
		}
		if len(r.Tools) != 1 || r.Tools[0].Name != "echo" || !strings.Contains(string(r.Tools[0].Schema), `"message"`) {
			t.Errorf("request %d tools %+v", i, r.Tools)
		}
	}
	if n := len(reqs[1].Messages); n != 3 {
		t.Errorf("second request has %d messages", n)
	}
}

// failingRecorder is the session's recorder failing the entries fail
// picks, as a full disk would.
type failingRecorder struct {
	recorder
	fail func(*store.Entry) bool
}

func (f failingRecorder) Append(e *store.Entry) error {
	if f.fail(e) {
		return errors.New("disk full")
	}
	return f.recorder.Append(e)
}

func failSaving(ts *testSession, fail func(*store.Entry) bool) {
	a := ts.Agent()
	a.mu.Lock()
	a.rec = failingRecorder{a.rec, fail}
	a.mu.Unlock()
}

func isMessage(role conv.Role) func(*store.Entry) bool {
	return func(e *store.Entry) bool { return e.Message != nil && e.Message.Role == role }
}

// TestSavingErrorsFailTheTurn: a message that cannot be saved fails the
// turn with the reason, whichever message it is; a prompt that cannot be
// saved is not sent at all.
func TestSavingErrorsFailTheTurn(t *testing.T) {
	cases := []struct {
		name     string
		fail     func(*store.Entry) bool
		requests int
		ran      bool // the tool ran
	}{
		{"the prompt", isMessage(conv.User), 0, false},
		{"the answer", isMessage(conv.Assistant), 1, false},
		{"the dispatch record", func(e *store.Entry) bool { return e.Type == store.TypePantoToolsStarted }, 1, false},
		{"the tool result", isMessage(conv.Tool), 1, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts, p := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{
				callResp("c1", "echo", `{"message":"m"}`),
				answer("done"),
			})
			failSaving(ts, c.fail)
			res := ts.prompt("q")
			if res.Status != "failed" || res.Err == nil || res.Err.Error() != "disk full" {
				t.Fatalf("result %+v", res)
			}
			if n := len(p.requests()); n != c.requests {
				t.Errorf("%d requests, want %d", n, c.requests)
			}
			if ran := len(ts.eventsOf("tool_result")) > 0; ran != c.ran {
				t.Errorf("the tool ran: %v", ran)
			}
			if c.requests == 0 && len(ts.eventsOf("turn_start")) != 0 {
				t.Error("a turn started for a prompt that was not saved")
			}
		})
	}
}

// TestToolCallCompleteFiresAtItsEnd: a call the protocol ends explicitly
// fires tool_call_complete at its end event, before what the message
// streams after it (more text, a second call), not only when the
// message ends.
func TestToolCallCompleteFiresAtItsEnd(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{
		{events: []provider.Event{
			{Type: provider.ToolCallStart, Index: 0, ID: "c1", Name: "echo"},
			{Type: provider.ToolCallDelta, Index: 0, Text: `{"message":"one"}`},
			{Type: provider.ToolCallEnd, Index: 0},
			text("and then"),
			{Type: provider.ToolCallStart, Index: 1, ID: "c2", Name: "echo"},
			{Type: provider.ToolCallDelta, Index: 1, Text: `{"message":"two"}`},
			done("", conv.Usage{}),
		}},
		answer("done"),
	})
	if res := ts.prompt("q"); res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	ts.noProblems()
	var order []string
	ts.mu.Lock()
	for _, e := range ts.events {
		if e.Type == "tool_result" {
			break // the first message's events are over
		}
		switch e.Type {
		case "tool_call_complete":
			order = append(order, "complete "+e.Fields["id"].(string))
		case "tool":
			order = append(order, "tool "+fmt.Sprint(e.Fields["index"]))
		case "assistant_text_delta":
			order = append(order, "text")
		}
	}
	ts.mu.Unlock()
	// The first call completes at its end event; the second, never ended
	// explicitly, completes when the message ends. The host numbers calls
	// from 1.
	want := []string{"tool 1", "complete c1", "text", "tool 2", "complete c2"}
	if strings.Join(order, ", ") != strings.Join(want, ", ") {
		t.Errorf("events in order %q, want %q", order, want)
	}
}

// TestFailedContinuationOfAnEmptyConversation: a turn that continues the
// conversation as it stands (no new user message) on a session with no
// message yet, whose request fails, records its error as the only
// message instead of looking past the start of the conversation.
func TestFailedContinuationOfAnEmptyConversation(t *testing.T) {
	boom := &provider.Error{Kind: provider.Terminal, Message: "refused"}
	ts, p := seqSession(t, map[string]string{}, []seqResp{{open: boom}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := ts.Start(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := ts.Wait(ctx, r)
	if res.Status != "failed" || !errors.Is(res.Err, boom) {
		t.Fatalf("result %+v", res)
	}
	if n := len(p.requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
	ms := ts.stored()
	if len(ms) != 1 || ms[0].Role != conv.Assistant || ms[0].StopReason != conv.StopError || ms[0].Error != res.Err.Error() {
		t.Errorf("stored %+v, want the error alone", ms)
	}
}
