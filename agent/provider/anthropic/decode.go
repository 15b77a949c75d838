package anthropic

import (
	"encoding/json"
	"strings"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wire"
	"panto/agent/provider/sse"
)

// event is the union of the stream's payloads: one struct decoded per
// event, with the fields each type uses.
type event struct {
	Type  string `json:"type"`
	Index int    `json:"index"`
	// message_start
	Message struct {
		Usage usage `json:"usage"`
	} `json:"message"`
	// content_block_start
	ContentBlock struct {
		Type      string `json:"type"`
		Text      string `json:"text"`
		Thinking  string `json:"thinking"`
		Signature string `json:"signature"`
		Data      string `json:"data"`
		ID        string `json:"id"`
		Name      string `json:"name"`
	} `json:"content_block"`
	// content_block_delta, message_delta
	Delta struct {
		Type        string `json:"type"`
		Text        string `json:"text"`
		PartialJSON string `json:"partial_json"`
		Thinking    string `json:"thinking"`
		Signature   string `json:"signature"`
		StopReason  string `json:"stop_reason"`
	} `json:"delta"`
	// message_delta
	Usage *usage `json:"usage"`
	// error
	Error *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

type usage struct {
	InputTokens              *int64 `json:"input_tokens"`
	OutputTokens             *int64 `json:"output_tokens"`
	CacheCreationInputTokens *int64 `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     *int64 `json:"cache_read_input_tokens"`
	OutputTokensDetails      *struct {
		ThinkingTokens *int64 `json:"thinking_tokens"`
	} `json:"output_tokens_details"`
}

// merge takes the figures u reports; message_delta repeats or updates
// what message_start said, and a field it leaves out keeps its value.
func (u usage) merge(into *conv.Usage) {
	set := func(dst *int64, v *int64) {
		if v != nil && *v >= 0 {
			*dst = *v
		}
	}
	set(&into.Input, u.InputTokens)
	set(&into.Output, u.OutputTokens)
	set(&into.CacheWrite, u.CacheCreationInputTokens)
	set(&into.CacheRead, u.CacheReadInputTokens)
	if u.OutputTokensDetails != nil {
		set(&into.Reasoning, u.OutputTokensDetails.ThinkingTokens)
	}
}

// block is what the decoder remembers of an open content block.
type block struct {
	kind     string // "text", "thinking", "tool_use", or "" for types it skips
	tool     int    // the tool call's index among the message's calls
	gotInput bool   // an input_json_delta arrived
	// signature accumulates signature_delta chunks, linearly.
	signature strings.Builder
}

// decoder implements wire.Decoder for the Messages stream.
type decoder struct {
	blocks map[int]*block
	tools  int // tool calls started so far
	usage  conv.Usage
	stop   conv.StopReason
	ev     event
}

func newDecoder() *decoder { return &decoder{blocks: map[int]*block{}} }

var _ wire.Decoder = (*decoder)(nil)

func (d *decoder) Decode(se sse.Event, out []provider.Event) ([]provider.Event, error) {
	ev := &d.ev
	*ev = event{}
	if err := json.Unmarshal(se.Data, ev); err != nil {
		return out, &provider.Error{Kind: provider.Server, Message: "unreadable stream event " + wire.Quote(se.Data) + ": " + err.Error(), Err: err}
	}
	switch ev.Type {
	case "message_start":
		ev.Message.Usage.merge(&d.usage)
	case "content_block_start":
		cb := &ev.ContentBlock
		if cb.Type == "" {
			return out, malformed(se.Data)
		}
		if old := d.blocks[ev.Index]; old != nil && old.kind == "tool_use" {
			// A block restarted without its stop: end its call, so that
			// every call that started also ends.
			out = endCall(out, old)
		}
		b := &block{kind: cb.Type}
		d.blocks[ev.Index] = b
		switch cb.Type {
		case "text":
			if cb.Text != "" {
				out = append(out, provider.Event{Type: provider.TextDelta, Text: cb.Text})
			}
		case "thinking":
			out = append(out, provider.Event{Type: provider.ThinkingDelta, NewBlock: true, Text: cb.Thinking})
			b.signature.WriteString(cb.Signature)
		case "redacted_thinking":
			b.kind = ""
			out = append(out, provider.Event{Type: provider.RedactedThinking, Data: cb.Data})
		case "tool_use":
			b.tool = d.tools
			d.tools++
			out = append(out, provider.Event{Type: provider.ToolCallStart, Index: b.tool, ID: cb.ID, Name: cb.Name})
		default:
			b.kind = "" // server tools, citations and blocks of later API versions
		}
	case "content_block_delta":
		b := d.blocks[ev.Index]
		if ev.Delta.Type == "" {
			return out, malformed(se.Data)
		}
		if b == nil {
			return out, &provider.Error{Kind: provider.Server, Message: "stream event for a content block that never started: " + wire.Quote(se.Data)}
		}
		switch dl := &ev.Delta; {
		case dl.Type == "text_delta" && b.kind == "text":
			if dl.Text != "" {
				out = append(out, provider.Event{Type: provider.TextDelta, Text: dl.Text})
			}
		case dl.Type == "thinking_delta" && b.kind == "thinking":
			if dl.Thinking != "" {
				out = append(out, provider.Event{Type: provider.ThinkingDelta, Text: dl.Thinking})
			}
		case dl.Type == "signature_delta" && b.kind == "thinking":
			b.signature.WriteString(dl.Signature)
		case dl.Type == "input_json_delta" && b.kind == "tool_use":
			if dl.PartialJSON != "" {
				b.gotInput = true
				out = append(out, provider.Event{Type: provider.ToolCallDelta, Index: b.tool, Text: dl.PartialJSON})
			}
		}
	case "content_block_stop":
		b := d.blocks[ev.Index]
		if b == nil {
			break
		}
		delete(d.blocks, ev.Index)
		switch b.kind {
		case "thinking":
			if b.signature.Len() > 0 {
				out = append(out, provider.Event{Type: provider.ThinkingSignature, Signature: b.signature.String()})
			}
		case "tool_use":
			out = endCall(out, b)
		}
	case "message_delta":
		if ev.Delta.StopReason != "" {
			d.stop = stopReason(ev.Delta.StopReason)
		}
		if ev.Usage != nil {
			ev.Usage.merge(&d.usage)
		}
	case "message_stop":
		return d.finish(out), nil
	case "error":
		var det wire.Details
		if ev.Error != nil {
			det = wire.Details{Type: ev.Error.Type, Message: ev.Error.Message}
		}
		return out, wire.StreamError(det)
	}
	// ping and event types of later API versions carry nothing for us.
	return out, nil
}

// End: the Messages stream always closes with message_stop, so a body
// that ends before it was cut.
func (d *decoder) End(out []provider.Event) ([]provider.Event, error) {
	return out, &provider.Error{Kind: provider.Transport, Message: "the stream ended before message_stop"}
}

// finish closes any call the stream left open and emits Done.
func (d *decoder) finish(out []provider.Event) []provider.Event {
	for i := 0; i < d.tools; i++ {
		for idx, b := range d.blocks {
			if b.kind == "tool_use" && b.tool == i {
				out = endCall(out, b)
				delete(d.blocks, idx)
			}
		}
	}
	stop := d.stop
	if stop == "" {
		stop = conv.StopEnd
		if d.tools > 0 {
			stop = conv.StopToolUse
		}
	}
	return append(out, provider.Event{Type: provider.Done, Usage: d.usage, StopReason: stop})
}

// endCall ends a tool call; a call with no input deltas has the empty
// object as its arguments, so that the assembled text is always JSON.
func endCall(out []provider.Event, b *block) []provider.Event {
	if !b.gotInput {
		out = append(out, provider.Event{Type: provider.ToolCallDelta, Index: b.tool, Text: "{}"})
	}
	return append(out, provider.Event{Type: provider.ToolCallEnd, Index: b.tool})
}

// stopReason maps the API's stop_reason.
func stopReason(s string) conv.StopReason {
	switch s {
	case "max_tokens", "model_context_window_exceeded":
		return conv.StopLength
	case "tool_use":
		return conv.StopToolUse
	}
	// end_turn, stop_sequence, pause_turn, refusal
	return conv.StopEnd
}

func malformed(data []byte) error {
	return &provider.Error{Kind: provider.Server, Message: "malformed stream event " + wire.Quote(data)}
}
