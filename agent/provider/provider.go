// Package provider is the contract between the session's turn loop and
// a model wire protocol. A protocol opens a Stream for a Request; the
// stream yields Events (text and thinking deltas, tool calls assembled
// or in pieces, the final usage) and ends with io.EOF, or fails with an
// *Error whose Kind is one of the spec's error kinds.
//
// The built-in HTTP protocols (Anthropic Messages, OpenAI Chat
// Completions, OpenAI Responses) and the script protocol implement
// Protocol directly. Protocols written in Lua (register_protocol) are
// adapted to the same Stream by the host, so the loop has one path for
// both. Nothing here touches Lua: a built-in stream may be read on any
// goroutine.
package provider

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"panto/agent/conv"
)

// Protocol is a model wire protocol.
type Protocol interface {
	// Open starts one model request. An error before the response
	// starts streaming (a refused connection, an HTTP 429) is an *Error.
	// Cancelling ctx ends the stream at once: Recv then fails with ctx's
	// error and the connection is closed.
	Open(ctx context.Context, req *Request) (Stream, error)
}

// Stream is one model response in progress. It is not safe for
// concurrent use.
type Stream interface {
	// Recv blocks for the next event. After a Done event it returns
	// io.EOF; a failure is an *Error (or ctx's error when cancelled).
	Recv() (Event, error)
	// Close releases the stream; it is safe to call more than once and
	// after Recv failed.
	Close() error
}

// Request is everything a protocol needs for one model request. The
// session fills it from the provider's configuration, the resolved
// model and the conversation.
type Request struct {
	// Protocol is the protocol's name as configured ("anthropic",
	// "openai-completions", a registered extension protocol).
	Protocol string
	// Provider is the [providers.<name>] the model belongs to.
	Provider string
	// Model is the upstream model id (not the alias).
	Model string
	// BaseURL and APIKey come from the provider's configuration (the key
	// from the environment variable it names; empty when none is set).
	// Headers are extra HTTP headers configured for the provider.
	BaseURL string
	APIKey  string
	Headers map[string]string
	// Purpose says why the model is asked: "turn" for a session turn,
	// "compaction" for a summary, "agent" for an owned agent's run.
	Purpose string
	// Effort is the selected reasoning label ("" when none).
	Effort string
	// ContextKey is the durable context string: stable across the turns
	// of one session, so a protocol may key upstream state on it.
	ContextKey string
	// System is the effective system prompt.
	System string
	// Messages are the active messages (compaction already applied, no
	// system messages); tool results are conv.Tool messages that follow
	// the assistant message whose calls they answer, in call order.
	Messages []conv.Message
	// Transcript is the canonical history transcript of the conversation
	// (conv.Conversation.Transcript), for protocols that send text. It
	// costs the whole history, so the loop fills it only for extension
	// protocols; a built-in protocol that wants it calls TranscriptFunc.
	Transcript     string
	TranscriptFunc func() string
	// Tools are the tools the model may call.
	Tools []Tool
	// ToolChoice constrains tool use; the zero value is "auto".
	ToolChoice ToolChoice
	// MaxTokens bounds the response (0: the protocol's default).
	MaxTokens int

	// IdleTimeout is how long a built-in HTTP protocol waits for the
	// next byte (the response headers included) before it gives up with
	// a Transport error: a stalled stream must not hold a turn forever.
	// 0 means DefaultIdleTimeout; a negative value disables the check.
	IdleTimeout time.Duration
	// RequestTimeout bounds a whole request of a built-in HTTP protocol,
	// from sending it to the end of its response: a server that sends a
	// byte now and then never trips IdleTimeout. 0 means
	// DefaultRequestTimeout; a negative value disables it.
	RequestTimeout time.Duration
	// MaxResponseBytes bounds the size of a built-in HTTP protocol's
	// response body, so an endless stream ends with a Transport error
	// rather than with the memory. 0 means DefaultMaxResponseBytes; a
	// negative value disables it.
	MaxResponseBytes int64
	// HTTPClient is the client a built-in HTTP protocol sends with; nil
	// is http.DefaultClient (which honours HTTPS_PROXY and friends).
	// Tests pass their httptest server's client.
	HTTPClient *http.Client
}

// DefaultIdleTimeout is Request.IdleTimeout's default. It is long
// because a reasoning model may think for minutes before its first
// token, and a local server may take as long to read a large prompt;
// Anthropic's pings arrive far more often than this.
const DefaultIdleTimeout = 5 * time.Minute

// DefaultRequestTimeout is Request.RequestTimeout's default: far longer
// than a model takes to write its longest answer, including minutes of
// reasoning first.
const DefaultRequestTimeout = 30 * time.Minute

// DefaultMaxResponseBytes is Request.MaxResponseBytes's default. A
// response of the largest output budgets (about 128k tokens, each
// delta in its own event with its framing) stays well under it.
const DefaultMaxResponseBytes = 256 << 20

// Tool is a tool offered to the model.
type Tool struct {
	Name        string
	Description string
	// Schema is the tool's input JSON schema (a JSON object).
	Schema json.RawMessage
}

// ToolChoice is resolve_model's tool_choice: "auto", "none",
// "required", or a tool's name.
type ToolChoice struct {
	// Mode is "" or "auto", "none", "required", or "tool" (Name set).
	Mode string
	Name string
}

// EventType is the kind of a stream event.
type EventType int

const (
	// TextDelta carries a chunk of assistant text in Text.
	TextDelta EventType = iota + 1
	// ThinkingDelta carries a chunk of reasoning in Text. A protocol
	// that streams several reasoning blocks starts each new one with
	// NewBlock set.
	ThinkingDelta
	// ThinkingSignature completes the current reasoning block: Signature
	// (Anthropic's signature), and for OpenAI reasoning items the item
	// ID and its encrypted content in Data.
	ThinkingSignature
	// RedactedThinking is an opaque reasoning block (Data) to send back
	// unchanged.
	RedactedThinking
	// ToolCallStart begins tool call number Index (0-based, in message
	// order) with its ID and Name.
	ToolCallStart
	// ToolCallDelta carries a chunk of call Index's JSON arguments in
	// Text.
	ToolCallDelta
	// ToolCallEnd says call Index's arguments are complete.
	ToolCallEnd
	// Done ends the response with its Usage and StopReason.
	Done
)

// Event is one stream event; which fields are set depends on Type.
type Event struct {
	Type      EventType
	Text      string
	NewBlock  bool
	Signature string
	Data      string
	Index     int
	ID        string
	Name      string
	// Usage and StopReason are set on Done. Usage may be partial (a
	// protocol reports what the API reported).
	Usage      conv.Usage
	StopReason conv.StopReason
}

// ErrEOF is what Recv returns after Done.
var ErrEOF = io.EOF
