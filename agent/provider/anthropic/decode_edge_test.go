package anthropic

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
	"panto/agent/provider/sse"
)

// stream turns event payloads into a Messages stream body.
func stream(events ...string) []byte {
	var b strings.Builder
	for _, e := range events {
		fmt.Fprintf(&b, "event: x\ndata: %s\n\n", e)
	}
	return []byte(b.String())
}

const (
	msgStart = `{"type":"message_start","message":{"usage":{"input_tokens":10,"output_tokens":1}}}`
	msgStop  = `{"type":"message_stop"}`
)

func start(index int, block string) string {
	return fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":%s}`, index, block)
}

func delta(index int, d string) string {
	return fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":%s}`, index, d)
}

func stop(index int) string { return fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, index) }

func stopReasonEvent(reason string) string {
	return fmt.Sprintf(`{"type":"message_delta","delta":{"stop_reason":%q},"usage":{"output_tokens":7}}`, reason)
}

// TestDecodeEdges plays streams a real server may send but the
// fixtures do not: a signature in pieces, calls left open, restarted
// blocks, every stop reason, and deltas that belong nowhere.
func TestDecodeEdges(t *testing.T) {
	thinking := func(sig string) string {
		return start(0, fmt.Sprintf(`{"type":"thinking","thinking":"","signature":%q}`, sig))
	}
	tool := func(i int, id string) string {
		return start(i, fmt.Sprintf(`{"type":"tool_use","id":%q,"name":"read","input":{}}`, id))
	}
	cases := []struct {
		name    string
		body    []byte
		want    wiretest.Result
		kind    provider.Kind
		message string
	}{
		{name: "signature split over three deltas",
			body: stream(msgStart, thinking(""),
				delta(0, `{"type":"thinking_delta","thinking":"hmm"}`),
				delta(0, `{"type":"signature_delta","signature":"AAA"}`),
				delta(0, `{"type":"signature_delta","signature":"BBB"}`),
				delta(0, `{"type":"signature_delta","signature":"CC="}`),
				stop(0), msgStop),
			want: wiretest.Result{Thinking: []wiretest.Thinking{{Text: "hmm", Signature: "AAABBBCC="}}, Stop: conv.StopEnd}},
		{name: "signature begun in the block start and continued",
			body: stream(msgStart, thinking("Zz"),
				delta(0, `{"type":"signature_delta","signature":"Yy"}`),
				stop(0), msgStop),
			want: wiretest.Result{Thinking: []wiretest.Thinking{{Signature: "ZzYy"}}, Stop: conv.StopEnd}},
		{name: "thinking without a signature gives none",
			body: stream(msgStart, thinking(""), delta(0, `{"type":"thinking_delta","thinking":"a"}`),
				delta(0, `{"type":"thinking_delta","thinking":""}`), stop(0), msgStop),
			want: wiretest.Result{Thinking: []wiretest.Thinking{{Text: "a"}}, Stop: conv.StopEnd}},
		{name: "a text delta on a thinking block is not text",
			body: stream(msgStart, thinking(""), delta(0, `{"type":"text_delta","text":"leak"}`),
				delta(0, `{"type":"signature_delta","signature":"S"}`), stop(0),
				start(1, `{"type":"text","text":""}`), delta(1, `{"type":"thinking_delta","thinking":"leak"}`),
				delta(1, `{"type":"signature_delta","signature":"T"}`),
				delta(1, `{"type":"text_delta","text":"ok"}`), stop(1), msgStop),
			want: wiretest.Result{Thinking: []wiretest.Thinking{{Signature: "S"}}, Text: "ok", Stop: conv.StopEnd}},
		{name: "text in the block start",
			body: stream(msgStart, start(0, `{"type":"text","text":"Hi "}`), delta(0, `{"type":"text_delta","text":"there"}`), stop(0), msgStop),
			want: wiretest.Result{Text: "Hi there", Stop: conv.StopEnd}},
		{name: "a call still open at message_stop is ended",
			body: stream(msgStart, tool(0, "toolu_1"), delta(0, `{"type":"input_json_delta","partial_json":"{\"path\":"}`),
				delta(0, `{"type":"input_json_delta","partial_json":"\"a\"}"}`), msgStop),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "toolu_1", Name: "read", Arguments: `{"path":"a"}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "two calls open at message_stop end in call order",
			body: stream(msgStart, tool(3, "toolu_a"), tool(1, "toolu_b"), tool(2, "toolu_c"), stop(2),
				delta(3, `{"type":"input_json_delta","partial_json":"{}"}`), msgStop),
			want: wiretest.Result{Calls: []wiretest.Call{
				{ID: "toolu_a", Name: "read", Arguments: `{}`, Ended: true},
				{ID: "toolu_b", Name: "read", Arguments: `{}`, Ended: true},
				{ID: "toolu_c", Name: "read", Arguments: `{}`, Ended: true},
			}, Stop: conv.StopToolUse}},
		{name: "a text block open at message_stop is not a call",
			body: stream(msgStart, tool(0, "toolu_1"), stop(0), start(1, `{"type":"text","text":"tail"}`), msgStop),
			want: wiretest.Result{Text: "tail", Calls: []wiretest.Call{{ID: "toolu_1", Name: "read", Arguments: `{}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "a call with no input has the empty object",
			body: stream(msgStart, tool(0, "toolu_1"), delta(0, `{"type":"input_json_delta","partial_json":""}`), stop(0), msgStop),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "toolu_1", Name: "read", Arguments: `{}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "a block restarted over an open call ends the call",
			body: stream(msgStart, tool(0, "toolu_1"), delta(0, `{"type":"input_json_delta","partial_json":"{\"x\":1}"}`),
				start(0, `{"type":"text","text":""}`), delta(0, `{"type":"text_delta","text":"after"}`),
				delta(0, `{"type":"input_json_delta","partial_json":"junk"}`), stop(0),
				stopReasonEvent("end_turn"), msgStop),
			want: wiretest.Result{Text: "after", Calls: []wiretest.Call{{ID: "toolu_1", Name: "read", Arguments: `{"x":1}`, Ended: true}},
				Stop: conv.StopEnd, Usage: conv.Usage{Input: 10, Output: 7}}},
		{name: "a restarted text block ends nothing",
			body: stream(msgStart, start(0, `{"type":"text","text":"a"}`), start(0, `{"type":"text","text":"b"}`), stop(0), msgStop),
			want: wiretest.Result{Text: "ab", Stop: conv.StopEnd}},
		{name: "a stop for a block never started is ignored",
			body: stream(msgStart, stop(4), start(0, `{"type":"text","text":"x"}`), stop(0), stop(0), msgStop),
			want: wiretest.Result{Text: "x", Stop: conv.StopEnd}},
		{name: "server tool blocks and redacted thinking carry no text",
			body: stream(msgStart, start(0, `{"type":"server_tool_use","id":"srv","name":"web_search"}`),
				delta(0, `{"type":"input_json_delta","partial_json":"{}"}`),
				delta(0, `{"type":"text_delta","text":"no"}`), stop(0),
				start(1, `{"type":"redacted_thinking","data":"RD"}`), delta(1, `{"type":"signature_delta","signature":"no"}`), stop(1), msgStop),
			want: wiretest.Result{Thinking: []wiretest.Thinking{{Redacted: true, Data: "RD"}}, Stop: conv.StopEnd}},
		{name: "a delta for a block that never started",
			body: stream(msgStart, delta(2, `{"type":"text_delta","text":"x"}`), msgStop),
			kind: provider.Server, message: "never started"},
		{name: "a delta for a block already stopped",
			body: stream(msgStart, start(0, `{"type":"text","text":"a"}`), stop(0), delta(0, `{"type":"text_delta","text":"x"}`), msgStop),
			want: wiretest.Result{Text: "a"}, kind: provider.Server, message: "never started"},
		{name: "a delta without a type",
			body: stream(msgStart, start(0, `{"type":"text","text":""}`), delta(0, `{"text":"x"}`), msgStop),
			kind: provider.Server, message: "malformed"},
		{name: "a block start without a type",
			body: stream(msgStart, start(0, `{"text":"x"}`), msgStop),
			kind: provider.Server, message: "malformed"},
		{name: "an event that is not JSON",
			body: stream(msgStart, `{"type":`, msgStop),
			kind: provider.Server, message: "unreadable stream event"},
		{name: "an error event without details",
			body: stream(msgStart, start(0, `{"type":"text","text":"so far"}`), `{"type":"error"}`),
			want: wiretest.Result{Text: "so far"}, kind: provider.Server},
	}
	for _, reason := range []struct {
		api  string
		want conv.StopReason
	}{
		{"end_turn", conv.StopEnd}, {"stop_sequence", conv.StopEnd}, {"refusal", conv.StopEnd}, {"pause_turn", conv.StopEnd},
		{"max_tokens", conv.StopLength}, {"model_context_window_exceeded", conv.StopLength}, {"tool_use", conv.StopToolUse},
	} {
		cases = append(cases, struct {
			name    string
			body    []byte
			want    wiretest.Result
			kind    provider.Kind
			message string
		}{name: "stop reason " + reason.api,
			body: stream(msgStart, start(0, `{"type":"text","text":"t"}`), stop(0), stopReasonEvent(reason.api), `{"type":"message_delta","delta":{}}`, msgStop),
			want: wiretest.Result{Text: "t", Stop: reason.want, Usage: conv.Usage{Input: 10, Output: 7}}})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, problem := wiretest.Drive(c.body, newDecoder())
			if problem != "" {
				t.Fatalf("stream contract broken: %s", problem)
			}
			if c.kind == "" {
				if c.want.Usage == (conv.Usage{}) {
					c.want.Usage = conv.Usage{Input: 10, Output: 1}
				}
				if !got.Done && got.Err == nil {
					t.Fatal("no Done and no error")
				}
			}
			wiretest.Check(t, got, c.want, c.kind, c.message)
		})
	}
}

// TestUsageMerge: message_delta's figures replace message_start's, a
// field it leaves out keeps its value, a zero is a value, and a negative
// count (never sent by the API) is ignored.
func TestUsageMerge(t *testing.T) {
	body := stream(
		`{"type":"message_start","message":{"usage":{"input_tokens":100,"output_tokens":1,"cache_read_input_tokens":50,"cache_creation_input_tokens":20}}}`,
		start(0, `{"type":"text","text":"t"}`), stop(0),
		`{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":0,"cache_read_input_tokens":-3,"output_tokens_details":{"thinking_tokens":9}}}`,
		msgStop)
	got, problem := wiretest.Drive(body, newDecoder())
	if problem != "" || got.Err != nil {
		t.Fatalf("%s %v", problem, got.Err)
	}
	want := conv.Usage{Input: 100, Output: 0, CacheRead: 50, CacheWrite: 20, Reasoning: 9}
	if got.Usage != want {
		t.Errorf("usage %+v, want %+v", got.Usage, want)
	}
}

// TestToolStartsWithoutStopReason: a stream with calls and no
// stop_reason stops for tool use; the call indexes count from zero in
// the order the calls started.
func TestToolStartsWithoutStopReason(t *testing.T) {
	body := stream(msgStart,
		start(0, `{"type":"text","text":"x"}`), stop(0),
		start(1, `{"type":"tool_use","id":"t1","name":"a"}`), stop(1),
		start(2, `{"type":"tool_use","id":"t2","name":"b"}`), stop(2), msgStop)
	got, problem := wiretest.Drive(body, newDecoder())
	if problem != "" || got.Err != nil {
		t.Fatalf("%s %v", problem, got.Err)
	}
	if got.Stop != conv.StopToolUse || len(got.Calls) != 2 || got.Calls[0].Name != "a" || got.Calls[1].Name != "b" {
		t.Errorf("got %+v", got)
	}
}

// TestUnsignedThinkingHasNoSignatureEvent: a thinking block that ends
// without a signature (an Anthropic-compatible server that does not sign)
// emits no ThinkingSignature at all. The event completes a signed block;
// an empty one would make the block look signed to every consumer,
// which the folded Result of TestDecodeEdges cannot tell apart.
func TestUnsignedThinkingHasNoSignatureEvent(t *testing.T) {
	d := newDecoder()
	var out []provider.Event
	for _, data := range []string{msgStart, start(0, `{"type":"thinking","thinking":""}`),
		delta(0, `{"type":"thinking_delta","thinking":"a"}`), stop(0), msgStop} {
		var err error
		if out, err = d.Decode(sse.Event{Data: []byte(data)}, out); err != nil {
			t.Fatal(err)
		}
	}
	var types []provider.EventType
	for _, ev := range out {
		types = append(types, ev.Type)
	}
	want := []provider.EventType{provider.ThinkingDelta, provider.ThinkingDelta, provider.Done}
	if !slices.Equal(types, want) {
		t.Errorf("event types %v, want %v", types, want)
	}
}
