// Package conv is the conversation model every part of the agent shares:
// messages made of typed blocks, usage figures, and the conversation
// (a branch of the session's message tree) with its compaction summaries.
// It is plain Go data with no Lua and no I/O, so the providers (which
// serialise it onto their wire formats), the store (which persists it as
// JSON Lines) and the session (which builds it turn by turn) can all use
// it without depending on one another.
//
// The shapes follow the models' own APIs closely enough that nothing a
// provider returns is lost: thinking keeps its signature (Anthropic
// requires it back), redacted thinking keeps its opaque data, a reasoning
// item keeps its id and encrypted content (OpenAI Responses), tool calls
// keep their ids, and a tool result names the call it answers.
package conv

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Role says who a message is from.
type Role string

const (
	// System messages carry instructions; a conversation's system prompt
	// is its first system message (transcripts omit them).
	System Role = "system"
	// User is the person (or a submission on their behalf).
	User Role = "user"
	// Assistant is the model.
	Assistant Role = "assistant"
	// Tool is the result of one tool call; ToolCallID names the call.
	Tool Role = "tool"
	// Compaction is a summary standing for the messages before FirstKept.
	// It is not sent as is: the active context renders it as a user
	// message (see Conversation.Active).
	Compaction Role = "compaction"
)

// BlockType is the kind of a content block.
type BlockType string

const (
	// Text is plain text (Text).
	Text BlockType = "text"
	// Image is an attachment: MediaType and base64 Data.
	Image BlockType = "image"
	// Thinking is model reasoning: Text, with Signature when the provider
	// signs it. Redacted thinking has Redacted set and its opaque payload
	// in Data. OpenAI reasoning items keep their id in ID and their
	// encrypted content in Data.
	Thinking BlockType = "thinking"
	// ToolCall is a call the model made: ID, Name and Arguments (the JSON
	// object text as the model produced it, or as a tool_call_complete
	// handler rewrote it).
	ToolCall BlockType = "tool_call"
)

// Block is one piece of a message's content. Which fields are used
// depends on Type (see the BlockType constants); the others stay empty.
type Block struct {
	Type      BlockType `json:"type"`
	Text      string    `json:"text,omitempty"`
	Signature string    `json:"signature,omitempty"`
	Redacted  bool      `json:"redacted,omitempty"`
	MediaType string    `json:"media_type,omitempty"`
	Data      string    `json:"data,omitempty"`
	ID        string    `json:"id,omitempty"`
	Name      string    `json:"name,omitempty"`
	Arguments string    `json:"arguments,omitempty"`
}

// TextBlock is a text block.
func TextBlock(s string) Block { return Block{Type: Text, Text: s} }

// Usage is what a model reported for one response, in tokens.
type Usage struct {
	Input      int64 `json:"input,omitempty"`
	Output     int64 `json:"output,omitempty"`
	CacheRead  int64 `json:"cache_read,omitempty"`
	CacheWrite int64 `json:"cache_write,omitempty"`
	Reasoning  int64 `json:"reasoning,omitempty"`
	// Cost is what the response cost by the catalogue's prices (nil
	// when the model has no known price: never a guessed one). A total
	// made by Add holds the sum of the priced responses.
	Cost *Cost `json:"cost,omitempty"`
}

// Add accumulates u into a running total.
func (t *Usage) Add(u Usage) {
	t.Input += u.Input
	t.Output += u.Output
	t.CacheRead += u.CacheRead
	t.CacheWrite += u.CacheWrite
	t.Reasoning += u.Reasoning
	if u.Cost != nil {
		// A new value each time: totals are copied around, and a shared
		// pointer would change a copy already handed out.
		c := *u.Cost
		if t.Cost != nil {
			c.Add(*t.Cost)
		}
		t.Cost = &c
	}
}

// Clone returns u with a cost of its own, so that changing one total
// leaves a copy handed out as it was.
func (u Usage) Clone() Usage {
	if u.Cost != nil {
		c := *u.Cost
		u.Cost = &c
	}
	return u
}

// Spend is what one model's responses used and cost: their usage
// summed (Usage.Cost the sum of the priced ones: nil when none was), how
// many responses there were and how many of them had no price. The
// model is named as its messages name it (the provider's name, the
// upstream id).
type Spend struct {
	Provider  string `json:"provider"`
	Model     string `json:"model"`
	Usage     Usage  `json:"usage"`
	Responses int    `json:"responses"`
	Unpriced  int    `json:"unpriced,omitempty"`
}

// Cost is an amount in US dollars by kind of token.
type Cost struct {
	Input      float64 `json:"input"`
	Output     float64 `json:"output"`
	CacheRead  float64 `json:"cache_read"`
	CacheWrite float64 `json:"cache_write"`
}

// Total is the sum of the parts.
func (c Cost) Total() float64 { return c.Input + c.Output + c.CacheRead + c.CacheWrite }

// FormatUSD writes an amount of US dollars as cost lines show it: cents
// for a dollar or more, and more digits below, where a session's first
// requests lie.
func FormatUSD(v float64) string {
	switch {
	case v >= 1:
		return fmt.Sprintf("$%.2f", v)
	case v >= 0.01:
		return fmt.Sprintf("$%.3f", v)
	}
	return fmt.Sprintf("$%.4f", v)
}

// Add adds o to c.
func (c *Cost) Add(o Cost) {
	c.Input += o.Input
	c.Output += o.Output
	c.CacheRead += o.CacheRead
	c.CacheWrite += o.CacheWrite
}

// Context is how many tokens the request that produced u occupied in
// the model's window: what was read (fresh and cached) plus what was
// written. It is the figure compaction compares with the window.
func (u Usage) Context() int64 { return u.Input + u.CacheRead + u.CacheWrite + u.Output }

// StopReason says why an assistant message ended.
type StopReason string

const (
	StopEnd       StopReason = "stop"      // the model finished
	StopLength    StopReason = "length"    // the output token limit
	StopToolUse   StopReason = "tool_use"  // the model called tools
	StopError     StopReason = "error"     // the stream failed (Error says why)
	StopCancelled StopReason = "cancelled" // the turn was cancelled
)

// Message is one message of a conversation.
type Message struct {
	// ID and ParentID place the message in the session's tree. The store
	// assigns them; they are not shown to Lua.
	ID       string `json:"id,omitempty"`
	ParentID string `json:"parent_id,omitempty"`

	Role   Role      `json:"role"`
	Blocks []Block   `json:"blocks,omitempty"`
	Time   time.Time `json:"time,omitzero"`

	// Assistant messages: which API, provider and model answered, with
	// what usage, and why the message ended (with the error when it
	// failed).
	API        string     `json:"api,omitempty"`
	Provider   string     `json:"provider,omitempty"`
	Model      string     `json:"model,omitempty"`
	Usage      *Usage     `json:"usage,omitempty"`
	StopReason StopReason `json:"stop_reason,omitempty"`
	Error      string     `json:"error,omitempty"`

	// Tool messages: the call answered, the tool's name, and whether the
	// result is an error (unknown tool, invalid input, a failing handler).
	ToolCallID string `json:"tool_call_id,omitempty"`
	ToolName   string `json:"tool_name,omitempty"`
	IsError    bool   `json:"is_error,omitempty"`

	// Compaction messages: the summary is the text block; FirstKept is
	// the id of the first message kept after it, TokensBefore the size of
	// the context it replaced.
	FirstKept    string `json:"first_kept,omitempty"`
	TokensBefore int64  `json:"tokens_before,omitempty"`
	// SpentBefore is what the responses before FirstKept and the
	// request that wrote the summary cost, by model, what an earlier
	// summary carried included: a resume reads
	// a session from FirstKept on, and sums the whole session's cost
	// from this and the messages it reads.
	SpentBefore []Spend `json:"spent_before,omitempty"`

	// Metadata is the extension-owned value of
	// agent:set_message_metadata, as JSON (null or absent when unset).
	Metadata json.RawMessage `json:"metadata,omitempty"`
}

// Text joins the message's text blocks (tool calls, thinking and images
// left out), the way a transcript or a final answer reads it.
func (m *Message) Text() string {
	var n, blocks int
	var only string
	for _, b := range m.Blocks {
		if b.Type == Text {
			n += len(b.Text)
			blocks++
			only = b.Text
		}
	}
	if blocks <= 1 {
		// The one block's text itself: a long answer is not copied.
		return only
	}
	var sb strings.Builder
	sb.Grow(n)
	for _, b := range m.Blocks {
		if b.Type == Text {
			sb.WriteString(b.Text)
		}
	}
	return sb.String()
}

// ToolCalls returns the message's tool call blocks in order.
func (m *Message) ToolCalls() []Block {
	var calls []Block
	for _, b := range m.Blocks {
		if b.Type == ToolCall {
			calls = append(calls, b)
		}
	}
	return calls
}

// Clone returns a deep copy: snapshots handed to Lua or to another
// goroutine must not share block slices with the live conversation.
func (m Message) Clone() Message {
	m.Blocks = append([]Block(nil), m.Blocks...)
	if m.Usage != nil {
		u := *m.Usage
		m.Usage = &u
	}
	if m.Metadata != nil {
		m.Metadata = append(json.RawMessage(nil), m.Metadata...)
	}
	if m.SpentBefore != nil {
		m.SpentBefore = append([]Spend(nil), m.SpentBefore...)
		for i := range m.SpentBefore {
			m.SpentBefore[i].Usage = m.SpentBefore[i].Usage.Clone()
		}
	}
	return m
}
