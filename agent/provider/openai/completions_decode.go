package openai

import (
	"bytes"
	"encoding/json"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wire"
	"panto/agent/provider/sse"
)

// chunk is one chat.completion.chunk, with the fields compatible
// servers add (reasoning_content, reasoning) and the error object some
// send inside the stream.
type chunk struct {
	Choices []struct {
		Index int `json:"index"`
		Delta struct {
			Content          string `json:"content"`
			Refusal          string `json:"refusal"`
			ReasoningContent string `json:"reasoning_content"`
			Reasoning        string `json:"reasoning"`
			ToolCalls        []struct {
				Index    *int   `json:"index"`
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"delta"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *chatUsage      `json:"usage"`
	Error json.RawMessage `json:"error"`
}

type chatUsage struct {
	PromptTokens        int64 `json:"prompt_tokens"`
	CompletionTokens    int64 `json:"completion_tokens"`
	PromptTokensDetails *struct {
		CachedTokens int64 `json:"cached_tokens"`
	} `json:"prompt_tokens_details"`
	CompletionTokensDetails *struct {
		ReasoningTokens int64 `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
	// DeepSeek reports its cache hits here instead.
	PromptCacheHitTokens int64 `json:"prompt_cache_hit_tokens"`
}

// usage maps OpenAI's figures onto conv.Usage, whose Input excludes the
// cached tokens that OpenAI counts inside prompt_tokens.
func (u chatUsage) usage() conv.Usage {
	cached := u.PromptCacheHitTokens
	if u.PromptTokensDetails != nil && u.PromptTokensDetails.CachedTokens > 0 {
		cached = u.PromptTokensDetails.CachedTokens
	}
	out := conv.Usage{Input: max(u.PromptTokens-cached, 0), Output: u.CompletionTokens, CacheRead: cached}
	if u.CompletionTokensDetails != nil {
		out.Reasoning = u.CompletionTokensDetails.ReasoningTokens
	}
	return out
}

type chatCall struct {
	index    int // ours: 0-based in order of appearance
	id       string
	started  bool // ToolCallStart was sent
	gotInput bool
	ended    bool
}

// chatDecoder implements wire.Decoder for Chat Completions.
type chatDecoder struct {
	calls    []*chatCall
	byIndex  map[int]*chatCall // the server's tool call index
	last     *chatCall
	thinking bool // the last content delta was reasoning
	finished bool // a finish_reason arrived
	stop     conv.StopReason
	usage    conv.Usage
	ch       chunk
}

func newChatDecoder() *chatDecoder { return &chatDecoder{byIndex: map[int]*chatCall{}} }

var _ wire.Decoder = (*chatDecoder)(nil)

var doneMarker = []byte("[DONE]")

func (d *chatDecoder) Decode(ev sse.Event, out []provider.Event) ([]provider.Event, error) {
	if bytes.Equal(bytes.TrimSpace(ev.Data), doneMarker) {
		return d.finish(out), nil
	}
	c := &d.ch
	*c = chunk{}
	if err := json.Unmarshal(ev.Data, c); err != nil {
		return out, &provider.Error{Kind: provider.Server, Message: "unreadable stream event " + wire.Quote(ev.Data) + ": " + err.Error(), Err: err}
	}
	if len(c.Error) > 0 && string(c.Error) != "null" {
		return out, wire.StreamError(wire.ParseDetails(ev.Data))
	}
	if c.Usage != nil {
		d.usage = c.Usage.usage()
	}
	for i := range c.Choices {
		ch := &c.Choices[i]
		if ch.Index != 0 {
			continue // only one choice is asked for
		}
		dl := &ch.Delta
		for _, r := range [...]string{dl.ReasoningContent, dl.Reasoning} {
			if r != "" {
				out = append(out, provider.Event{Type: provider.ThinkingDelta, Text: r, NewBlock: !d.thinking})
				d.thinking = true
			}
		}
		for _, text := range [...]string{dl.Content, dl.Refusal} {
			if text != "" {
				out = append(out, provider.Event{Type: provider.TextDelta, Text: text})
				d.thinking = false
			}
		}
		for _, tc := range dl.ToolCalls {
			call := d.call(tc.Index, tc.ID)
			if call == nil {
				return out, &provider.Error{Kind: provider.Server, Message: "a tool call delta with no call: " + wire.Quote(ev.Data)}
			}
			if !call.started && !call.ended {
				// The first delta of a call has its id and name.
				call.started, call.id = true, tc.ID
				out = append(out, provider.Event{Type: provider.ToolCallStart, Index: call.index, ID: tc.ID, Name: tc.Function.Name})
			}
			if tc.Function.Arguments != "" && !call.ended {
				call.gotInput = true
				out = append(out, provider.Event{Type: provider.ToolCallDelta, Index: call.index, Text: tc.Function.Arguments})
			}
			d.thinking = false
		}
		if ch.FinishReason != "" {
			d.finished = true
			d.stop = finishReason(ch.FinishReason)
			out = d.endCalls(out)
		}
	}
	return out, nil
}

// call finds or starts the call a delta belongs to. Servers key deltas
// by index; a few omit it and send each call whole, so a delta without
// an index but with a new id starts a call, and one with neither
// continues the last.
func (d *chatDecoder) call(index *int, id string) *chatCall {
	if index != nil {
		c := d.byIndex[*index]
		if c != nil && (id == "" || id == c.id || c.id == "") {
			return c
		}
		c = d.start()
		d.byIndex[*index] = c
		return c
	}
	if id != "" && (d.last == nil || d.last.id != id) {
		return d.start()
	}
	return d.last
}

func (d *chatDecoder) start() *chatCall {
	c := &chatCall{index: len(d.calls)}
	d.calls = append(d.calls, c)
	d.last = c
	return c
}

// endCalls ends every open call; a call that got no arguments gets the
// empty object, so that assembled arguments are always JSON.
func (d *chatDecoder) endCalls(out []provider.Event) []provider.Event {
	for _, c := range d.calls {
		if c.ended {
			continue
		}
		if !c.gotInput {
			out = append(out, provider.Event{Type: provider.ToolCallDelta, Index: c.index, Text: "{}"})
		}
		out = append(out, provider.Event{Type: provider.ToolCallEnd, Index: c.index})
		c.ended = true
	}
	return out
}

func (d *chatDecoder) finish(out []provider.Event) []provider.Event {
	out = d.endCalls(out)
	stop := d.stop
	if len(d.calls) > 0 && (stop == "" || stop == conv.StopEnd) {
		// Several compatible servers say "stop" after calling tools.
		stop = conv.StopToolUse
	}
	if stop == "" {
		stop = conv.StopEnd
	}
	return append(out, provider.Event{Type: provider.Done, Usage: d.usage, StopReason: stop})
}

// End accepts a body that ends after a finish_reason without [DONE]
// (some compatible servers close the stream that way); before one, the
// response was cut.
func (d *chatDecoder) End(out []provider.Event) ([]provider.Event, error) {
	if d.finished {
		return d.finish(out), nil
	}
	return out, &provider.Error{Kind: provider.Transport, Message: "the stream ended before finish_reason and [DONE]"}
}

func finishReason(s string) conv.StopReason {
	switch s {
	case "length":
		return conv.StopLength
	case "tool_calls", "function_call":
		return conv.StopToolUse
	}
	// stop, content_filter, and reasons of other servers
	return conv.StopEnd
}
