package agent

import (
	"bytes"
	"encoding/json"
	"sync"

	"panto/host"
)

// Event is what a session tells its observers (Options.OnEvent): every
// event of the ABI's catalogue the session fires (Type named as the ABI
// names it: user_message, turn_start, assistant_text_delta,
// tool_call_complete, tool_result, turn_end, ...) with the fields the
// ABI gives it, plus a few of its own: "assistant_message" (a message
// was persisted: its usage, stop_reason and model), "notice" (a retry, a
// compaction; fields kind and message), "compaction" (summary,
// tokens_before, first_kept), "submission" (a message was queued: text,
// followup), "status" (a live status line, message; the terminal UI's
// only: bone's ctx.ui.status), "hook" (a configured hook ran;
// docs/hooks.md), "mcp_server" (an MCP server connected or failed: name,
// state, transport, tools, error; docs/mcp.md) and "error". `--mode json` prints them as JSON Lines; the terminal UI
// draws them, using Block and Call.
type Event struct {
	Type   string
	Fields map[string]any
	// Block is the transcript block the event belongs to (text, thinking,
	// user message), for a UI; Call is the tool call of tool events.
	Block *host.Block
	Call  *host.ToolCall
}

// rawJSON keeps a JSON document as it is when an Event is marshalled.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) {
	if r == "" || !json.Valid([]byte(r)) {
		return json.Marshal(string(r))
	}
	return []byte(r), nil
}

// accumulated names, per streaming event, the field that repeats
// everything streamed so far. Lua handlers and the terminal UI share
// that string, but printed on every delta it would make the JSON Lines
// quadratic in the answer's length; the matching *_complete (or
// tool_call_complete, tool_result) event carries the whole value once.
var accumulatedOnce struct {
	sync.Once
	v map[string]string
}

func accumulated() map[string]string {
	accumulatedOnce.Do(func() {
		accumulatedOnce.v = map[string]string{
			"assistant_text_delta": "text",
			"thinking_delta":       "text",
			"tool_delta":           "input",
			"tool_output_delta":    "output",
		}
	})
	return accumulatedOnce.v
}

// MarshalJSON is the event as --mode json prints it: {"type": ..., and
// its fields}, a streaming event with only its delta (accumulated).
// Text keeps <, > and & as they are (a command's "2>&1", not
// "2\u003e\u00261"): the events are read by programs and people, not
// embedded in HTML.
func (e Event) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(e.Fields)+1)
	skip := accumulated()[e.Type]
	for k, v := range e.Fields {
		if k != skip {
			m[k] = v
		}
	}
	m["type"] = e.Type
	return MarshalPlain(m)
}

// MarshalPlain is json.Marshal without the HTML escapes of <, > and &.
func MarshalPlain(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
