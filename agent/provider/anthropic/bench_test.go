package anthropic

import (
	"fmt"
	"strings"
	"testing"

	"panto/agent/provider/internal/wiretest"
)

// benchStream is a long response: 1,000 text deltas, then a tool call
// whose arguments arrive in 200 pieces, as a model writing a file
// would send them.
func benchStream() []byte {
	var b strings.Builder
	event := func(typ, data string) { fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", typ, data) }
	event("message_start", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","usage":{"input_tokens":1000,"output_tokens":1}}}`)
	event("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`)
	for i := range 1000 {
		event("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"word %d, café — "}}`, i))
	}
	event("content_block_stop", `{"type":"content_block_stop","index":0}`)
	event("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"write","input":{}}}`)
	for i := range 200 {
		piece := `{\"path\": \"a.go\", \"text\": \"`
		if i > 0 {
			piece = fmt.Sprintf(`line %d of the file\\n`, i)
		}
		event("content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"`+piece+`"}}`)
	}
	event("content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"\"}"}}`)
	event("content_block_stop", `{"type":"content_block_stop","index":1}`)
	event("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":3000}}`)
	event("message_stop", `{"type":"message_stop"}`)
	return []byte(b.String())
}

func BenchmarkDecode(b *testing.B) {
	wiretest.BenchDecode(b, benchStream(), func() wiretest.Decoder { return newDecoder() })
}

func BenchmarkFirstDelta(b *testing.B) {
	wiretest.BenchFirstDelta(b, Protocol{}, wiretest.Fixture(b, "text.sse"), conversation)
}

// TestBenchStream: the benchmark input decodes to what it was built to
// contain, so the figures measure a real stream.
func TestBenchStream(t *testing.T) {
	r, problem := wiretest.Drive(benchStream(), newDecoder())
	if problem != "" || r.Err != nil || !r.Done || len(r.Calls) != 1 || r.Events != 1000+1+200+1+1+1 {
		t.Fatalf("%s %v %d events %+v", problem, r.Err, r.Events, r.Calls)
	}
	if !strings.HasSuffix(r.Calls[0].Arguments, `line 199 of the file\n"}`) {
		t.Errorf("arguments end %q", r.Calls[0].Arguments[len(r.Calls[0].Arguments)-30:])
	}
}
