package agent

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEventJSON: an event prints as one JSON object, its type and
// fields; a streaming event leaves out the field that repeats all that
// was streamed so far (the complete event carries it once); tool input
// stays JSON when it is JSON and becomes a string when it is not; text
// keeps <, > and & as they are.
func TestEventJSON(t *testing.T) {
	cases := []struct {
		name string
		ev   Event
		want string
	}{
		{"text delta", Event{Type: "assistant_text_delta", Fields: map[string]any{"delta": "lo", "text": "hello"}},
			`{"delta":"lo","type":"assistant_text_delta"}`},
		{"thinking delta", Event{Type: "thinking_delta", Fields: map[string]any{"delta": "m", "text": "hmm"}},
			`{"delta":"m","type":"thinking_delta"}`},
		{"tool delta", Event{Type: "tool_delta", Fields: map[string]any{"delta": `1}`, "input": `{"a":1}`, "id": "c1"}},
			`{"delta":"1}","id":"c1","type":"tool_delta"}`},
		{"tool output delta", Event{Type: "tool_output_delta", Fields: map[string]any{"delta": "out", "output": "all out"}},
			`{"delta":"out","type":"tool_output_delta"}`},
		{"complete keeps the text", Event{Type: "assistant_text_complete", Fields: map[string]any{"text": "hello"}},
			`{"text":"hello","type":"assistant_text_complete"}`},
		{"a field named like another's delta", Event{Type: "tool_result", Fields: map[string]any{"output": "x", "text": "y"}},
			`{"output":"x","text":"y","type":"tool_result"}`},
		{"JSON input", Event{Type: "tool_call_complete", Fields: map[string]any{"input": rawJSON(`{"cmd":"ls"}`)}},
			`{"input":{"cmd":"ls"},"type":"tool_call_complete"}`},
		{"input that is not JSON", Event{Type: "tool_call_complete", Fields: map[string]any{"input": rawJSON(`{"cmd":`)}},
			`{"input":"{\"cmd\":","type":"tool_call_complete"}`},
		{"empty input", Event{Type: "tool_call_complete", Fields: map[string]any{"input": rawJSON("")}},
			`{"input":"","type":"tool_call_complete"}`},
		{"no fields", Event{Type: "turn_start"}, `{"type":"turn_start"}`},
		{"shell text as it is", Event{Type: "tool_result", Fields: map[string]any{"output": "a 2>&1 <b>"}},
			`{"output":"a 2>&1 <b>","type":"tool_result"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// As --mode json and --mode rpc print it.
			var buf strings.Builder
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			err := enc.Encode(c.ev)
			if got := strings.TrimSuffix(buf.String(), "\n"); err != nil || got != c.want {
				t.Errorf("got %s (%v)\nwant %s", got, err, c.want)
			}
		})
	}
}
