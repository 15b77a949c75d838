package openai

import (
	"bytes"
	"encoding/json"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wire"
	"panto/agent/provider/sse"
)

// responsesEvent is the union of the stream's payloads that matter here.
type responsesEvent struct {
	Type         string         `json:"type"`
	OutputIndex  int            `json:"output_index"`
	ItemID       string         `json:"item_id"`
	SummaryIndex int            `json:"summary_index"`
	Delta        string         `json:"delta"`
	Arguments    string         `json:"arguments"`
	Item         *outputItem    `json:"item"`
	Response     *responseState `json:"response"`
	// error events
	Code    json.RawMessage `json:"code"`
	Message string          `json:"message"`
}

type outputItem struct {
	Type             string        `json:"type"`
	ID               string        `json:"id"`
	CallID           string        `json:"call_id"`
	Name             string        `json:"name"`
	Arguments        string        `json:"arguments"`
	EncryptedContent string        `json:"encrypted_content"`
	Summary          []summaryPart `json:"summary"`
}

type responseState struct {
	Status            string `json:"status"`
	IncompleteDetails *struct {
		Reason string `json:"reason"`
	} `json:"incomplete_details"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Usage *struct {
		InputTokens        int64 `json:"input_tokens"`
		OutputTokens       int64 `json:"output_tokens"`
		InputTokensDetails *struct {
			CachedTokens int64 `json:"cached_tokens"`
		} `json:"input_tokens_details"`
		OutputTokensDetails *struct {
			ReasoningTokens int64 `json:"reasoning_tokens"`
		} `json:"output_tokens_details"`
	} `json:"usage"`
}

func (r *responseState) usage() conv.Usage {
	var u conv.Usage
	if r.Usage == nil {
		return u
	}
	cached := int64(0)
	if d := r.Usage.InputTokensDetails; d != nil {
		cached = d.CachedTokens
	}
	u.Input, u.CacheRead, u.Output = max(r.Usage.InputTokens-cached, 0), cached, r.Usage.OutputTokens
	if d := r.Usage.OutputTokensDetails; d != nil {
		u.Reasoning = d.ReasoningTokens
	}
	return u
}

// item is what the decoder remembers of an output item in progress.
type item struct {
	kind     string // "function_call", "reasoning", "message"
	call     int    // the call's index among the response's calls
	gotInput bool
	summary  int // reasoning: the summary part being streamed, -1 before any
	streamed bool
}

// responsesDecoder implements wire.Decoder for the Responses stream.
type responsesDecoder struct {
	items map[int]*item // by output_index
	calls int
	ev    responsesEvent
}

func newResponsesDecoder() *responsesDecoder { return &responsesDecoder{items: map[int]*item{}} }

var _ wire.Decoder = (*responsesDecoder)(nil)

func (d *responsesDecoder) Decode(se sse.Event, out []provider.Event) ([]provider.Event, error) {
	if bytes.Equal(bytes.TrimSpace(se.Data), doneMarker) {
		return out, nil // not part of this API; some proxies add it
	}
	ev := &d.ev
	*ev = responsesEvent{}
	if err := json.Unmarshal(se.Data, ev); err != nil {
		return out, &provider.Error{Kind: provider.Server, Message: "unreadable stream event " + wire.Quote(se.Data) + ": " + err.Error(), Err: err}
	}
	if ev.Type == "" {
		ev.Type = se.Type
	}
	switch ev.Type {
	case "response.output_item.added":
		if ev.Item == nil {
			return out, malformed(se.Data)
		}
		it := &item{kind: ev.Item.Type, summary: -1}
		d.items[ev.OutputIndex] = it
		switch ev.Item.Type {
		case "function_call":
			it.call = d.calls
			d.calls++
			out = append(out, provider.Event{Type: provider.ToolCallStart, Index: it.call, ID: ev.Item.CallID, Name: ev.Item.Name})
			if ev.Item.Arguments != "" {
				it.gotInput = true
				out = append(out, provider.Event{Type: provider.ToolCallDelta, Index: it.call, Text: ev.Item.Arguments})
			}
		case "reasoning":
			out = append(out, provider.Event{Type: provider.ThinkingDelta, NewBlock: true})
		}
	case "response.output_text.delta", "response.refusal.delta":
		if ev.Delta != "" {
			out = append(out, provider.Event{Type: provider.TextDelta, Text: ev.Delta})
		}
	case "response.function_call_arguments.delta":
		it := d.items[ev.OutputIndex]
		if it == nil || it.kind != "function_call" {
			return out, orphanDelta(se.Data)
		}
		if ev.Delta != "" {
			it.gotInput = true
			out = append(out, provider.Event{Type: provider.ToolCallDelta, Index: it.call, Text: ev.Delta})
		}
	case "response.function_call_arguments.done":
		if it := d.items[ev.OutputIndex]; it != nil && it.kind == "function_call" && !it.gotInput && ev.Arguments != "" {
			it.gotInput = true
			out = append(out, provider.Event{Type: provider.ToolCallDelta, Index: it.call, Text: ev.Arguments})
		}
	case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
		it := d.items[ev.OutputIndex]
		if it == nil || it.kind != "reasoning" {
			return out, orphanDelta(se.Data)
		}
		if ev.Type == "response.reasoning_summary_text.delta" && ev.SummaryIndex != it.summary {
			if it.summary >= 0 {
				// Summary parts of one item read as paragraphs.
				out = append(out, provider.Event{Type: provider.ThinkingDelta, Text: "\n\n"})
			}
			it.summary = ev.SummaryIndex
		}
		if ev.Delta != "" {
			it.streamed = true
			out = append(out, provider.Event{Type: provider.ThinkingDelta, Text: ev.Delta})
		}
	case "response.output_item.done":
		it := d.items[ev.OutputIndex]
		if it == nil || ev.Item == nil {
			break
		}
		delete(d.items, ev.OutputIndex)
		switch it.kind {
		case "function_call":
			out = endResponsesCall(out, it, ev.Item.Arguments)
		case "reasoning":
			if !it.streamed {
				// A summary that was not streamed arrives whole here.
				for i, s := range ev.Item.Summary {
					text := s.Text
					if i > 0 {
						text = "\n\n" + text
					}
					out = append(out, provider.Event{Type: provider.ThinkingDelta, Text: text})
				}
			}
			out = append(out, provider.Event{Type: provider.ThinkingSignature, ID: ev.Item.ID, Data: ev.Item.EncryptedContent})
		}
	case "response.completed", "response.incomplete":
		if ev.Response == nil {
			return out, malformed(se.Data)
		}
		return d.finish(out, ev.Response), nil
	case "response.failed":
		det := wire.Details{Message: "the response failed"}
		if ev.Response != nil && ev.Response.Error != nil {
			det = wire.Details{Code: ev.Response.Error.Code, Message: ev.Response.Error.Message}
		}
		return out, wire.StreamError(det)
	case "error":
		return out, wire.StreamError(wire.ParseDetails(se.Data))
	}
	// response.created, response.in_progress, content parts, annotations,
	// and the events of built-in tools carry nothing for us.
	return out, nil
}

func (d *responsesDecoder) finish(out []provider.Event, r *responseState) []provider.Event {
	// Items the stream left open (a response cut short by a limit).
	for i := 0; i < d.calls; i++ {
		for idx, it := range d.items {
			if it.kind == "function_call" && it.call == i {
				out = endResponsesCall(out, it, "")
				delete(d.items, idx)
			}
		}
	}
	stop := conv.StopEnd
	switch {
	case r.Status == "incomplete" && r.IncompleteDetails != nil && r.IncompleteDetails.Reason == "max_output_tokens":
		stop = conv.StopLength
	case d.calls > 0:
		stop = conv.StopToolUse
	}
	return append(out, provider.Event{Type: provider.Done, Usage: r.usage(), StopReason: stop})
}

func endResponsesCall(out []provider.Event, it *item, final string) []provider.Event {
	if !it.gotInput {
		args := final
		if args == "" {
			args = "{}"
		}
		out = append(out, provider.Event{Type: provider.ToolCallDelta, Index: it.call, Text: args})
		it.gotInput = true
	}
	return append(out, provider.Event{Type: provider.ToolCallEnd, Index: it.call})
}

// End: the Responses stream ends with response.completed (or
// incomplete, or failed); without one the response was cut.
func (d *responsesDecoder) End(out []provider.Event) ([]provider.Event, error) {
	return out, &provider.Error{Kind: provider.Transport, Message: "the stream ended before response.completed"}
}

func malformed(data []byte) error {
	return &provider.Error{Kind: provider.Server, Message: "malformed stream event " + wire.Quote(data)}
}

func orphanDelta(data []byte) error {
	return &provider.Error{Kind: provider.Server, Message: "stream event for an output item that never started: " + wire.Quote(data)}
}
