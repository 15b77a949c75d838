package script

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
)

func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`{"text": "a"}` + "\n" + `{nope}`, "t.jsonl:2: not a script response"},
		{`{"texts": "a"}`, `t.jsonl:1: not a script response: json: unknown field "texts"`},
		{`{"events": [{"text": "a", "thinking": "b"}]}`, "t.jsonl:1: event 1 must have exactly one of"},
		{`{"events": [{"tool_call": {"id": "x"}}]}`, "t.jsonl:1: event 1: tool_call needs a name"},
		{`{"events": [{"tool_call": {"name": "x", "input": [1]}}]}`, "input must be a JSON object"},
		{`{"usage": {"input": -1}}`, "usage figures must not be negative"},
		{`{"stop": "maybe"}`, `stop must be stop, tool_use, length or error, got "maybe"`},
		{"# comment\n\n" + `{"usage": {"inputs": 1}}`, `t.jsonl:3: usage: json: unknown field "inputs"`},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			_, err := Parse(strings.NewReader(c.src), "t.jsonl")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err %v, want %q", err, c.want)
			}
		})
	}
}

func drain(t *testing.T, s provider.Stream) ([]provider.Event, error) {
	t.Helper()
	var evs []provider.Event
	for {
		ev, err := s.Recv()
		if errors.Is(err, io.EOF) {
			return evs, nil
		}
		if err != nil {
			return evs, err
		}
		evs = append(evs, ev)
	}
}

func TestReplay(t *testing.T) {
	resps, err := Parse(strings.NewReader(`{"text": "hi", "events": [{"thinking": "t", "signature": "s"}, {"tool_call": {"name": "ls", "arguments": ["{\"a\"", ":1}"]}}], "usage": {"input": 3}}
{"expect": {"user": "second"}, "events": [{"error": {"kind": "rate_limit", "message": "m", "retry_after": 1.5}}]}
`), "t.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	p := New("t.jsonl", resps)
	s, err := p.Open(context.Background(), &provider.Request{})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drain(t, s)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []provider.EventType
	for _, e := range evs {
		kinds = append(kinds, e.Type)
	}
	want := []provider.EventType{provider.TextDelta, provider.ThinkingDelta, provider.ThinkingSignature, provider.ToolCallStart, provider.ToolCallDelta, provider.ToolCallDelta, provider.ToolCallEnd, provider.Done}
	if len(kinds) != len(want) {
		t.Fatalf("events %v", kinds)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("event %d is %v, want %v", i, kinds[i], want[i])
		}
	}
	if d := evs[len(evs)-1]; d.Usage.Input != 3 || d.StopReason != conv.StopToolUse {
		t.Errorf("done %+v", d)
	}
	// The second response expects a user message it does not get.
	if _, err := p.Open(context.Background(), &provider.Request{Messages: []conv.Message{{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("first")}}}}); err == nil || !strings.Contains(err.Error(), `t.jsonl:2: expected the last user message to contain "second", got "first"`) {
		t.Errorf("expectation: %v", err)
	}
	if _, err := p.Open(context.Background(), &provider.Request{}); err == nil || !strings.Contains(err.Error(), "no response left for request 3") {
		t.Errorf("exhausted: %v", err)
	}
}

func TestScriptedError(t *testing.T) {
	resps, _ := Parse(strings.NewReader(`{"events": [{"text": "a"}, {"error": {"kind": "overloaded", "message": "busy", "retry_after": 2}}, {"text": "never"}]}`), "t")
	s, _ := New("t", resps).Open(context.Background(), &provider.Request{Provider: "p"})
	evs, err := drain(t, s)
	pe := provider.AsError(err)
	if len(evs) != 1 || pe == nil || pe.Kind != provider.Overloaded || pe.RetryAfter.Seconds() != 2 || pe.Provider != "p" {
		t.Fatalf("events %v err %v", evs, err)
	}
}

// FuzzParse: no script crashes the parser or the replay.
// TestMeasuredWindowAndStanding: measured usage counts the request at
// three characters a token, a window refuses a larger request as a
// context overflow, and a standing "answers" line serves every request
// of its purpose without taking a place in the sequence.
func TestMeasuredWindowAndStanding(t *testing.T) {
	src := `{"answers": "compaction", "text": "a summary"}
{"usage": "measured", "window": 100, "text": "abcdefghi"}
{"usage": "measured", "window": 100, "text": "second"}
`
	resps, err := Parse(strings.NewReader(src), "t.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	p := New("t.jsonl", resps)
	if p.Remaining() != 2 {
		t.Fatalf("%d in the sequence, want 2", p.Remaining())
	}
	user := func(n int) *provider.Request {
		// 12 characters of framing plus n: (12+n)/3 tokens.
		return &provider.Request{Messages: []conv.Message{{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(strings.Repeat("x", n))}}}}
	}
	for range 2 {
		s, err := p.Open(context.Background(), &provider.Request{Purpose: "compaction"})
		if err != nil {
			t.Fatal(err)
		}
		evs, _ := drain(t, s)
		if evs[0].Text != "a summary" {
			t.Errorf("standing answer: %+v", evs)
		}
	}
	s, err := p.Open(context.Background(), user(288))
	if err != nil {
		t.Fatal(err)
	}
	evs, _ := drain(t, s)
	if u := evs[len(evs)-1].Usage; u.Input != 100 || u.Output != 3 {
		t.Errorf("measured usage %+v, want input 100 (300/3) and output 3 (9/3)", u)
	}
	_, err = p.Open(context.Background(), user(291))
	var pe *provider.Error
	if !errors.As(err, &pe) || pe.Kind != provider.ContextOverflow || !strings.Contains(pe.Message, "101 tokens, more than the 100-token window") {
		t.Errorf("over the window: %v", err)
	}
	if _, err := Parse(strings.NewReader(`{"window": -1}`), "t"); err == nil {
		t.Error("a negative window was accepted")
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"text": "hi", "events": [{"tool_call": {"name": "ls", "input": {}}}, {"delay_ms": 1}], "usage": {"input": 1}}`))
	f.Add([]byte(`{"expect": {"user": "x", "tools": ["a"], "messages": 2}, "events": [{"error": {"kind": "rate_limit"}}], "stop": "length"}`))
	f.Add([]byte("# c\n// d\n{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		resps, err := Parse(strings.NewReader(string(data)), "f")
		if err != nil {
			return
		}
		p := New("f", resps)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		defer cancel()
		for range resps {
			s, err := p.Open(ctx, &provider.Request{})
			if err != nil {
				continue
			}
			for i := 0; i < 1000; i++ {
				if _, err := s.Recv(); err != nil {
					break
				}
			}
		}
	})
}
