package script

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider"
)

// one parses a one-line script, failing the test on an error.
func one(t *testing.T, src string) Response {
	t.Helper()
	resps, err := Parse(strings.NewReader(src), "t.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(resps) != 1 {
		t.Fatalf("%d responses, want 1", len(resps))
	}
	return resps[0]
}

// TestParseMore: the rest of the script format's rules: comments and
// blank lines are skipped but counted for line numbers; stop defaults
// by whether tools are called; bounds of delay_ms; top-level text comes
// first.
func TestParseMore(t *testing.T) {
	bad := []struct{ src, want string }{
		{`{"events": [{"delay_ms": 600001}]}`, "event 1: delay_ms must be between 0 and 600000"},
		{`{"events": [{"text": "a"}, {"delay_ms": -1}]}`, "event 2 must have exactly one of"},
		{`{"events": [{}]}`, "event 1 must have exactly one of"},
		{`{"events": [{"error": {"kind": "server", "retry_after": -0.5}}]}`, "event 1: retry_after must not be negative"},
		{`{"events": [{"tool_call": {"name": "x", "input": {}, "arguments": ["{}"]}}]}`, "event 1: tool_call has both input and arguments"},
		{`{"events": [{"tool_call": {"name": "x", "input": "s"}}]}`, "event 1: tool_call input must be a JSON object"},
		{`{"usage": {"output": -1}}`, "usage figures must not be negative"},
		{`{"usage": {"cache_read": -1}}`, "usage figures must not be negative"},
		{`{"usage": {"cache_write": -1}}`, "usage figures must not be negative"},
		{`{"usage": {"reasoning": -1}}`, "usage figures must not be negative"},
		{"// a\n  # b\n\n" + `{"stop": "sometimes"}`, `t.jsonl:4: stop must be`},
	}
	for _, c := range bad {
		if _, err := Parse(strings.NewReader(c.src), "t.jsonl"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.src, err, c.want)
		}
	}
	stops := []struct {
		src  string
		want conv.StopReason
	}{
		{`{"text": "a"}`, conv.StopEnd},
		{`{"events": [{"tool_call": {"name": "ls"}}]}`, conv.StopToolUse},
		{`{"events": [{"tool_call": {"name": "ls"}}], "stop": "stop"}`, conv.StopEnd},
		{`{"stop": "tool_use"}`, conv.StopToolUse},
		{`{"stop": "length"}`, conv.StopLength},
		{`{"stop": "error"}`, conv.StopError},
	}
	for _, c := range stops {
		if r := one(t, c.src); r.Stop != c.want {
			t.Errorf("%s: stop %q, want %q", c.src, r.Stop, c.want)
		}
	}
	r := one(t, `{"events": [{"delay_ms": 600000}, {"text": "b"}], "text": "a", "usage": {"input": 1, "output": 2, "cache_read": 3, "cache_write": 4, "reasoning": 5}}`)
	if len(r.Events) != 3 || r.Events[0].Text == nil || *r.Events[0].Text != "a" || r.Events[1].DelayMS != 600000 {
		t.Errorf("events %+v, want the top-level text first", r.Events)
	}
	if r.Usage != (conv.Usage{Input: 1, Output: 2, CacheRead: 3, CacheWrite: 4, Reasoning: 5}) {
		t.Errorf("usage %+v", r.Usage)
	}
	resps, err := Parse(strings.NewReader("# only\n\n// comments\n"), "t")
	if err != nil || len(resps) != 0 {
		t.Errorf("a script of comments: %d responses, %v", len(resps), err)
	}
	if r := one(t, "\n\n  "+`{"text": "x"}`+"  \n"); r.Line != 3 {
		t.Errorf("line %d, want 3", r.Line)
	}
}

// TestExpectations: each expectation passes when the request meets it
// and fails with a message naming the line and what differed.
func TestExpectations(t *testing.T) {
	req := &provider.Request{
		Model: "m1", Effort: "high", Purpose: "turn", System: "be brief",
		Tools: []provider.Tool{{Name: "read"}, {Name: "grep"}},
		Messages: []conv.Message{
			{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("first question")}},
			{Role: conv.Tool, Blocks: []conv.Block{conv.TextBlock("old result")}},
			{Role: conv.Assistant, Blocks: []conv.Block{conv.TextBlock("answer")}},
			{Role: conv.Tool, Blocks: []conv.Block{conv.TextBlock("new result")}},
			{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("second question")}},
		},
	}
	cases := []struct {
		expect string
		want   string // "" when met
	}{
		{`{"user": "second"}`, ""},
		{`{"user": "first"}`, `expected the last user message to contain "first", got "second question"`},
		{`{"system": "brief"}`, ""},
		{`{"system": "long"}`, `expected the system prompt to contain "long", got "be brief"`},
		{`{"tool_result": "new"}`, ""},
		{`{"tool_result": "old"}`, `expected the last tool result to contain "old", got "new result"`},
		{`{"tools": ["grep", "read"]}`, ""},
		{`{"tools": ["read", "write"]}`, `expected tool "write" to be offered, got [read, grep]`},
		{`{"messages": 5}`, ""},
		{`{"messages": 4}`, "expected 4 messages in the request, got 5"},
		{`{"model": "m1"}`, ""},
		{`{"model": "m2"}`, `expected model "m2", got "m1"`},
		{`{"effort": "high"}`, ""},
		{`{"effort": "low"}`, `expected effort "low", got "high"`},
		{`{"purpose": "turn"}`, ""},
		{`{"purpose": "compaction"}`, `expected purpose "compaction", got "turn"`},
		{`{}`, ""},
	}
	for _, c := range cases {
		src := "# header\n" + `{"expect": ` + c.expect + `, "text": "ok"}`
		resps, err := Parse(strings.NewReader(src), "t.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		s, err := New("t.jsonl", resps).Open(context.Background(), req)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", c.expect, err)
			} else {
				s.Close()
			}
			continue
		}
		pe := provider.AsError(err)
		if pe == nil || pe.Kind != provider.InvalidRequest || pe.Message != "t.jsonl:2: "+c.want {
			t.Errorf("%s: %v, want t.jsonl:2: %s", c.expect, err, c.want)
		}
	}
}

// TestReplayDetails: call ids made up from the line and the call's
// place, arguments from input or the empty object, nothing after an
// error, EOF after Done and after Close, the request's provider on
// errors, and a running count of what is left.
func TestReplayDetails(t *testing.T) {
	src := `{"text": "first"}
# a comment
{"events": [{"tool_call": {"name": "a"}}, {"tool_call": {"name": "b", "id": "mine", "input": {"x": 1}}}, {"tool_call": {"name": "c", "arguments": []}}]}
{"events": [{"thinking": "hmm"}, {"error": {"kind": "nonsense", "status": 418}}, {"text": "never"}]}
`
	resps, err := Parse(strings.NewReader(src), "t.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	p := New("t.jsonl", resps)
	if p.Remaining() != 3 {
		t.Fatalf("remaining %d, want 3", p.Remaining())
	}
	s, err := p.Open(context.Background(), &provider.Request{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := s.Recv(); err == nil {
		t.Error("Recv after Close gave an event")
	}
	if p.Remaining() != 2 {
		t.Errorf("remaining %d, want 2", p.Remaining())
	}
	s, err = p.Open(context.Background(), &provider.Request{})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drain(t, s)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range evs {
		switch e.Type {
		case provider.ToolCallStart:
			got = append(got, "start:"+e.ID+":"+e.Name)
		case provider.ToolCallDelta:
			got = append(got, "delta:"+e.Text)
		case provider.ToolCallEnd:
			got = append(got, "end")
		case provider.Done:
			got = append(got, "done:"+string(e.StopReason))
		}
	}
	want := `start:call_3_1:a delta:{} end start:mine:b delta:{"x": 1} end start:call_3_3:c end done:tool_use`
	if strings.Join(got, " ") != want {
		t.Errorf("events\n %s\nwant\n %s", strings.Join(got, " "), want)
	}
	for i, e := range evs[:len(evs)-1] {
		if e.Type != provider.Done && e.Index != map[int]int{0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2}[i] {
			t.Errorf("event %d has call index %d", i, e.Index)
		}
	}
	s, err = p.Open(context.Background(), &provider.Request{Provider: "prov"})
	if err != nil {
		t.Fatal(err)
	}
	evs, err = drain(t, s)
	pe := provider.AsError(err)
	if len(evs) != 1 || !evs[0].NewBlock || pe == nil || pe.Kind != provider.Terminal || pe.Status != 418 || pe.Provider != "prov" {
		t.Errorf("events %+v, error %#v; want the thinking, then prov's terminal error with status 418", evs, pe)
	}
	if _, again := s.Recv(); again != err {
		t.Errorf("Recv after the error: %v, want the same error", again)
	}
	_, err = p.Open(context.Background(), &provider.Request{Provider: "prov"})
	if pe := provider.AsError(err); pe == nil || pe.Kind != provider.Terminal || pe.Provider != "prov" ||
		pe.Message != "t.jsonl: the script has no response left for request 4 (it has 3)" {
		t.Errorf("exhausted: %v", err)
	}
}

// TestWindowEdge: a request measured exactly at the window is served;
// one token more is a context overflow, and a window without measured
// usage keeps the scripted usage.
func TestWindowEdge(t *testing.T) {
	r := one(t, `{"window": 10, "text": "ok", "usage": {"input": 7}}`)
	p := New("t", []Response{r, r})
	at := &provider.Request{System: strings.Repeat("s", 30)} // 10 tokens
	s, err := p.Open(context.Background(), at)
	if err != nil {
		t.Fatalf("at the window: %v", err)
	}
	evs, _ := drain(t, s)
	if u := evs[len(evs)-1].Usage; u.Input != 7 {
		t.Errorf("usage %+v, want the scripted input 7", u)
	}
	over := &provider.Request{System: strings.Repeat("s", 33)}
	if _, err := p.Open(context.Background(), over); provider.AsError(err) == nil || provider.AsError(err).Kind != provider.ContextOverflow {
		t.Errorf("over the window: %v", err)
	}
}

// TestMeasureRequest: tools and every block's text, arguments and name
// count, with twelve characters of framing per message.
func TestMeasureRequest(t *testing.T) {
	req := &provider.Request{
		System: "abc",                                                                            // 3
		Tools:  []provider.Tool{{Name: "read", Description: "reads", Schema: []byte(`{"a":1}`)}}, // 4+5+7
		Messages: []conv.Message{{Role: conv.Assistant, Blocks: []conv.Block{
			conv.TextBlock("hello"), // 5
			{Type: conv.ToolCall, Name: "grep", Arguments: `{"p":"x"}`}, // 4+9
		}}}, // +12
	}
	if got, want := MeasureRequest(req), int64((3+16+5+13+12)/3); got != want {
		t.Errorf("MeasureRequest = %d, want %d", got, want)
	}
	r := one(t, `{"usage": "measured", "events": [{"thinking": "123456"}, {"tool_call": {"name": "abc", "arguments": ["{}", "xyz"]}}, {"tool_call": {"name": "d", "input": {"k":2}}}]}`)
	if got, want := measureEvents(r.Events), int64((6+3+2+3+1+7)/3); got != want {
		t.Errorf("measureEvents = %d, want %d", got, want)
	}
}

// TestCancelledDelay: cancelling the context ends a scripted wait at
// once with the context's error.
func TestCancelledDelay(t *testing.T) {
	r := one(t, `{"events": [{"delay_ms": 600000}, {"text": "late"}]}`)
	ctx, cancel := context.WithCancel(context.Background())
	s, err := New("t", []Response{r}).Open(ctx, &provider.Request{})
	if err != nil {
		t.Fatal(err)
	}
	go cancel()
	if _, err := s.Recv(); err != context.Canceled {
		t.Errorf("Recv: %v, want context.Canceled", err)
	}
}

// TestLoad: a script file loads with its name in messages; a missing
// one or a bad one is an error naming it.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "turns.jsonl")
	if err := os.WriteFile(good, []byte(`{"text": "a"}`+"\n"+`{"answers": "compaction", "text": "s"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := Load(good)
	if err != nil || p.Remaining() != 1 || p.Name != good {
		t.Fatalf("Load: %+v, %v", p, err)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad); err == nil || !strings.HasPrefix(err.Error(), bad+":1: ") {
		t.Errorf("a bad script: %v", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.jsonl")); err == nil {
		t.Error("a missing script loaded")
	}
}
