package openai

import (
	"fmt"
	"strings"
	"testing"

	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
)

// The benchmark streams: 1,000 text deltas, then a tool call whose
// arguments arrive in 200 pieces, as a model writing a file would send
// them.

func chatBenchStream() []byte {
	var b strings.Builder
	chunk := func(delta string, finish string) {
		fr := "null"
		if finish != "" {
			fr = `"` + finish + `"`
		}
		fmt.Fprintf(&b, `data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-5","choices":[{"index":0,"delta":%s,"finish_reason":%s}]}`+"\n\n", delta, fr)
	}
	for i := range 1000 {
		chunk(fmt.Sprintf(`{"content":"word %d, café — "}`, i), "")
	}
	chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"write","arguments":""}}]}`, "")
	for i := range 200 {
		piece := `{\"path\": \"a.go\", \"text\": \"`
		if i > 0 {
			piece = fmt.Sprintf(`line %d of the file\\n`, i)
		}
		chunk(`{"tool_calls":[{"index":0,"function":{"arguments":"`+piece+`"}}]}`, "")
	}
	chunk(`{"tool_calls":[{"index":0,"function":{"arguments":"\"}"}}]}`, "")
	chunk(`{}`, "tool_calls")
	b.WriteString(`data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-5","choices":[],"usage":{"prompt_tokens":1000,"completion_tokens":3000,"total_tokens":4000}}` + "\n\ndata: [DONE]\n\n")
	return []byte(b.String())
}

func responsesBenchStream() []byte {
	var b strings.Builder
	event := func(typ, data string) { fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", typ, data) }
	event("response.output_item.added", `{"type":"response.output_item.added","output_index":0,"item":{"id":"msg_1","type":"message","role":"assistant","content":[]}}`)
	for i := range 1000 {
		event("response.output_text.delta", fmt.Sprintf(`{"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"content_index":0,"delta":"word %d, café — ","sequence_number":%d}`, i, i))
	}
	event("response.output_item.done", `{"type":"response.output_item.done","output_index":0,"item":{"id":"msg_1","type":"message","role":"assistant","content":[]}}`)
	event("response.output_item.added", `{"type":"response.output_item.added","output_index":1,"item":{"id":"fc_1","type":"function_call","call_id":"call_1","name":"write","arguments":""}}`)
	for i := range 200 {
		piece := `{\"path\": \"a.go\", \"text\": \"`
		if i > 0 {
			piece = fmt.Sprintf(`line %d of the file\\n`, i)
		}
		event("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":1,"delta":"`+piece+`"}`)
	}
	event("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":1,"delta":"\"}"}`)
	event("response.output_item.done", `{"type":"response.output_item.done","output_index":1,"item":{"id":"fc_1","type":"function_call","call_id":"call_1","name":"write","arguments":"{}"}}`)
	event("response.completed", `{"type":"response.completed","response":{"id":"r","status":"completed","output":[],"usage":{"input_tokens":1000,"output_tokens":3000}}}`)
	return []byte(b.String())
}

func BenchmarkChatDecode(b *testing.B) {
	wiretest.BenchDecode(b, chatBenchStream(), func() wiretest.Decoder { return newChatDecoder() })
}

func BenchmarkResponsesDecode(b *testing.B) {
	wiretest.BenchDecode(b, responsesBenchStream(), func() wiretest.Decoder { return newResponsesDecoder() })
}

func BenchmarkFirstDelta(b *testing.B) {
	for _, p := range protocols {
		b.Run(p.name, func(b *testing.B) {
			wiretest.BenchFirstDelta(b, p.proto, wiretest.Fixture(b, p.prefix+"text.sse"), func(url string) *provider.Request { return conversation(url) })
		})
	}
}

// TestBenchStreams: the benchmark inputs decode to what they were built
// to contain, so the figures measure a real stream.
func TestBenchStreams(t *testing.T) {
	for name, c := range map[string]struct {
		body []byte
		dec  wiretest.Decoder
	}{
		"chat":      {chatBenchStream(), newChatDecoder()},
		"responses": {responsesBenchStream(), newResponsesDecoder()},
	} {
		r, problem := wiretest.Drive(c.body, c.dec)
		if problem != "" || r.Err != nil || !r.Done || len(r.Calls) != 1 || !strings.HasPrefix(r.Text, "word 0, café — word 1") {
			t.Errorf("%s: %s %v %+v", name, problem, r.Err, r.Calls)
		}
		if !strings.HasSuffix(r.Calls[0].Arguments, `line 199 of the file\n"}`) {
			t.Errorf("%s: arguments end %q", name, r.Calls[0].Arguments[len(r.Calls[0].Arguments)-30:])
		}
	}
}
