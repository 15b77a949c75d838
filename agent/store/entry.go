package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"panto/agent/conv"
)

// Version is the session file format version written in headers: pi's
// v3, which panto extends only with entry types pi skips.
const Version = 3

// Entry types. The first group is pi's; the panto_ ones are ours, and
// pi's reader skips them (it ignores entry types it does not know).
const (
	TypeSession       = "session"
	TypeMessage       = "message"
	TypeCompaction    = "compaction"
	TypeModelChange   = "model_change"
	TypeThinkingLevel = "thinking_level_change"
	// TypePantoMessage holds a message of a role pi's format lacks
	// (system messages built by conversation builders).
	TypePantoMessage = "panto_message"
	// TypePantoMetadata sets a message's extension metadata; the last
	// one for a target wins.
	TypePantoMetadata = "panto_metadata"
	// TypePantoSummary records, at the end of every turn, what a session
	// listing shows, so listing reads a file's tail instead of all of it.
	TypePantoSummary = "panto_summary"
	// TypePantoLeaf moves the current leaf to an earlier entry (/tree).
	TypePantoLeaf = "panto_leaf"
	// TypePantoToolsStarted records that the tool calls of an assistant
	// message (TargetID) were dispatched: a call it covers that has no
	// result was interrupted while it ran, not skipped (interrupted.go).
	TypePantoToolsStarted = "panto_tools_started"
	// TypePantoCheckpoint records a file change a tool made, with the
	// content before it, so /rewind can undo it (checkpoint.go).
	TypePantoCheckpoint = "panto_checkpoint"
	// TypePantoHook records a hook that ran (docs/hooks.md): its event,
	// command, exit code and what it decided, as Metadata; TargetID is
	// the tool call it judged, if any.
	TypePantoHook = "panto_hook"
	// TypePantoTodos records an agent's task list (the todo tool's) in
	// Metadata as {"todos": [...]}; the last one is the list a resume
	// restores.
	TypePantoTodos = "panto_todos"
)

// Header is a session file's first line.
type Header struct {
	Type          string    `json:"type"`
	Version       int       `json:"version"`
	ID            string    `json:"id"`
	Timestamp     time.Time `json:"timestamp"`
	Cwd           string    `json:"cwd"`
	ParentSession string    `json:"parentSession,omitempty"`
}

// Summary is what a listing needs about a session, written as a
// panto_summary entry at the end of each turn.
type Summary struct {
	MessageCount    int    `json:"messageCount"`
	LastUserMessage string `json:"lastUserMessage,omitempty"`
	API             string `json:"api,omitempty"`
	BaseURL         string `json:"baseUrl,omitempty"`
	Model           string `json:"model,omitempty"`
	Reasoning       string `json:"reasoning,omitempty"`
	// Metadata is the session's metadata (an owned agent's run
	// metadata, say), as JSON.
	Metadata json.RawMessage `json:"metadata,omitempty"`
}

// Entry is one line after the header. Kind says which fields apply.
type Entry struct {
	Type      string
	ID        string
	ParentID  string
	Timestamp time.Time

	// message, panto_message
	Message *conv.Message
	// compaction; SpentBefore is what the responses before FirstKept
	// cost (conv.Message.SpentBefore)
	Summary      string
	FirstKept    string
	TokensBefore int64
	SpentBefore  []conv.Spend
	// model_change
	Provider, Model string
	// thinking_level_change
	ThinkingLevel string
	// panto_metadata, panto_leaf
	TargetID string
	Metadata json.RawMessage
	// panto_summary
	Info *Summary
}

// InTree reports whether the entry is a node of the message tree: a
// message or a compaction. Other entries record settings or bookkeeping
// and never become the leaf.
func (e *Entry) InTree() bool {
	switch e.Type {
	case TypeMessage, TypePantoMessage, TypeCompaction:
		return true
	}
	return false
}

// wireEntry is an entry's JSON shape: pi's field names, panto's
// additions in fields pi ignores.
type wireEntry struct {
	Type      string          `json:"type"`
	ID        string          `json:"id,omitempty"`
	ParentID  *string         `json:"parentId"`
	Timestamp string          `json:"timestamp,omitempty"`
	Message   *wireMessage    `json:"message,omitempty"`
	Summary   json.RawMessage `json:"summary,omitempty"`

	FirstKeptEntryID string          `json:"firstKeptEntryId,omitempty"`
	TokensBefore     int64           `json:"tokensBefore,omitempty"`
	PantoSpentBefore []conv.Spend    `json:"pantoSpentBefore,omitempty"`
	Provider         string          `json:"provider,omitempty"`
	ModelID          string          `json:"modelId,omitempty"`
	ThinkingLevel    string          `json:"thinkingLevel,omitempty"`
	TargetID         string          `json:"targetId,omitempty"`
	Metadata         json.RawMessage `json:"metadata,omitempty"`
}

// wireMessage is pi's AgentMessage for the roles panto writes.
type wireMessage struct {
	Role         string          `json:"role"`
	Content      json.RawMessage `json:"content"`
	API          string          `json:"api,omitempty"`
	Provider     string          `json:"provider,omitempty"`
	Model        string          `json:"model,omitempty"`
	Usage        *wireUsage      `json:"usage,omitempty"`
	StopReason   string          `json:"stopReason,omitempty"`
	ErrorMessage string          `json:"errorMessage,omitempty"`
	ToolCallID   string          `json:"toolCallId,omitempty"`
	ToolName     string          `json:"toolName,omitempty"`
	IsError      *bool           `json:"isError,omitempty"`
	Timestamp    int64           `json:"timestamp,omitempty"`
}

type wireUsage struct {
	Input       int64     `json:"input"`
	Output      int64     `json:"output"`
	CacheRead   int64     `json:"cacheRead"`
	CacheWrite  int64     `json:"cacheWrite"`
	TotalTokens int64     `json:"totalTokens"`
	Reasoning   int64     `json:"reasoning,omitempty"`
	Cost        *wireCost `json:"cost,omitempty"`
}

// wireCost is pi's usage.cost, in US dollars; panto writes it only for
// a priced response (a response without it had no known price).
type wireCost struct {
	Input      float64 `json:"input"`
	Output     float64 `json:"output"`
	CacheRead  float64 `json:"cacheRead"`
	CacheWrite float64 `json:"cacheWrite"`
	Total      float64 `json:"total"`
}

// wireBlock is one content block. pi names tool calls "toolCall" and
// keeps arguments as an object; thinking as "thinking" with
// "thinkingSignature".
type wireBlock struct {
	Type              string          `json:"type"`
	Text              string          `json:"text,omitempty"`
	Thinking          *string         `json:"thinking,omitempty"`
	ThinkingSignature string          `json:"thinkingSignature,omitempty"`
	Redacted          bool            `json:"redacted,omitempty"`
	Data              string          `json:"data,omitempty"`
	MimeType          string          `json:"mimeType,omitempty"`
	ID                string          `json:"id,omitempty"`
	Name              string          `json:"name,omitempty"`
	Arguments         json.RawMessage `json:"arguments,omitempty"`
}

// stop reasons: pi's spelling of conv's. A table of pairs, not a map, so
// that package initialisation builds nothing (docs/benchmarks.md,
// "Start-up and memory, sixth pass").
var stopWire = [...]struct {
	reason conv.StopReason
	wire   string
}{
	{conv.StopEnd, "stop"}, {conv.StopLength, "length"}, {conv.StopToolUse, "toolUse"},
	{conv.StopError, "error"}, {conv.StopCancelled, "aborted"},
}

// stopToWire is pi's spelling of r, "" for a reason it has none for.
func stopToWire(r conv.StopReason) string {
	for _, p := range stopWire {
		if p.reason == r {
			return p.wire
		}
	}
	return ""
}

func stopFromWire(s string) conv.StopReason {
	for _, p := range stopWire {
		if p.wire == s {
			return p.reason
		}
	}
	return conv.StopReason(s)
}

const timeLayout = "2006-01-02T15:04:05.000Z07:00"

// Marshal encodes an entry as one JSON line (without the newline).
func Marshal(e *Entry) ([]byte, error) { return appendEntry(nil, e, 0) }

// contentMark stands for a message's content in the envelope Marshal
// encodes; appendEntry writes the content in its place. No string can
// hold it unescaped, and "content" is no other key of an entry.
const contentMark = `"content":0`

// appendEntry appends e's line to dst, or to a new slice with room for
// the line and spare more bytes when dst is nil. A message's blocks are
// written straight into it (appendContent): the text of a long answer is
// copied once, where encoding the content on its own and then the entry
// around it would copy it several times.
func appendEntry(dst []byte, e *Entry, spare int) ([]byte, error) {
	var blocks []wireBlock
	w := wireEntry{Type: e.Type, ID: e.ID}
	if !e.Timestamp.IsZero() {
		w.Timestamp = e.Timestamp.UTC().Format(timeLayout)
	}
	if e.ParentID != "" {
		p := e.ParentID
		w.ParentID = &p
	}
	switch e.Type {
	case TypeMessage, TypePantoMessage:
		if e.Message == nil {
			return nil, fmt.Errorf("store: %s entry without a message", e.Type)
		}
		m, b, err := encodeMessage(e.Message)
		if err != nil {
			return nil, err
		}
		m.Content = json.RawMessage("0")
		w.Message, blocks = m, b
	case TypeCompaction:
		s, _ := json.Marshal(e.Summary)
		w.Summary = s
		w.FirstKeptEntryID = e.FirstKept
		w.TokensBefore = e.TokensBefore
		w.PantoSpentBefore = e.SpentBefore
	case TypeModelChange:
		w.Provider, w.ModelID = e.Provider, e.Model
	case TypeThinkingLevel:
		w.ThinkingLevel = e.ThinkingLevel
	case TypePantoMetadata:
		w.TargetID = e.TargetID
		w.Metadata = e.Metadata
		if len(w.Metadata) == 0 {
			w.Metadata = json.RawMessage("null")
		}
	case TypePantoLeaf, TypePantoToolsStarted:
		w.TargetID = e.TargetID
	case TypePantoCheckpoint, TypePantoHook:
		w.TargetID, w.Metadata = e.TargetID, e.Metadata
	case TypePantoTodos:
		w.Metadata = e.Metadata
	case TypePantoSummary:
		if e.Info == nil {
			return nil, fmt.Errorf("store: summary entry without a summary")
		}
		s, err := json.Marshal(e.Info)
		if err != nil {
			return nil, err
		}
		w.Summary = s
	default:
		return nil, fmt.Errorf("store: cannot write entry type %q", e.Type)
	}
	env, err := json.Marshal(&w)
	if err != nil {
		return nil, err
	}
	if w.Message == nil {
		if dst == nil {
			dst = make([]byte, 0, len(env)+spare)
		}
		return append(dst, env...), nil
	}
	i := bytes.Index(env, []byte(contentMark))
	if i < 0 {
		return nil, fmt.Errorf("store: no content in the encoded %s entry", e.Type)
	}
	i += len(contentMark) - 1
	if dst == nil {
		dst = make([]byte, 0, len(env)+contentSize(blocks)+spare)
	}
	dst = append(dst, env[:i]...)
	if dst, err = appendContent(dst, blocks); err != nil {
		return nil, err
	}
	return append(dst, env[i+1:]...), nil
}

// bigString is the length past which a block's text or thinking is
// written by appendJSONString into the line rather than by Marshal.
const bigString = 4 << 10

// contentSize is a little over the size of blocks as JSON: their long
// strings counted exactly (a long answer's line is allocated once), the
// rest estimated.
func contentSize(blocks []wireBlock) int {
	n := 2
	for _, b := range blocks {
		n += 128 + len(b.ThinkingSignature) + len(b.Data) + len(b.Arguments) + len(b.ID) + len(b.Name)
		n += quotedSize(b.Text)
		if b.Thinking != nil {
			n += quotedSize(*b.Thinking)
		}
	}
	return n
}

// quotedSize is the size of s as a JSON string: exact for a long one,
// an estimate for a short one.
func quotedSize(s string) int {
	if len(s) > bigString {
		return jsonStringLen(s)
	}
	return 2 * len(s)
}

// appendContent appends blocks as a JSON array, as json.Marshal writes
// it.
func appendContent(dst []byte, blocks []wireBlock) ([]byte, error) {
	dst = append(dst, '[')
	for i, b := range blocks {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = appendBlock(dst, b); err != nil {
			return nil, err
		}
	}
	return append(dst, ']'), nil
}

// appendBlock appends one block; a long text or thinking is marked in
// the block Marshal encodes and written in the mark's place.
func appendBlock(dst []byte, b wireBlock) ([]byte, error) {
	var key, long string
	mark := "\x00"
	switch {
	case len(b.Text) > bigString:
		key, long, b.Text = `"text":`, b.Text, mark
	case b.Thinking != nil && len(*b.Thinking) > bigString:
		key, long, b.Thinking = `"thinking":`, *b.Thinking, &mark
	}
	j, err := json.Marshal(b)
	if err != nil || key == "" {
		return append(dst, j...), err
	}
	marked := key + `"\u0000"`
	i := bytes.Index(j, []byte(marked))
	if i < 0 {
		return nil, fmt.Errorf("store: no %s in an encoded block", key)
	}
	dst = append(dst, j[:i+len(key)]...)
	dst = appendJSONString(dst, long)
	return append(dst, j[i+len(marked):]...), nil
}

// Unmarshal decodes one line. Entry types it does not know come back
// with only Type, ID, ParentID and Timestamp set, so a reader can keep
// the tree intact and skip them.
func Unmarshal(line []byte) (*Entry, error) {
	var w wireEntry
	if err := json.Unmarshal(line, &w); err != nil {
		return nil, err
	}
	if w.Type == "" {
		return nil, fmt.Errorf("entry without a type")
	}
	e := &Entry{Type: w.Type, ID: w.ID}
	if w.ParentID != nil {
		e.ParentID = *w.ParentID
	}
	if w.Timestamp != "" {
		t, err := time.Parse(time.RFC3339Nano, w.Timestamp)
		if err != nil {
			return nil, fmt.Errorf("timestamp: %v", err)
		}
		e.Timestamp = t
	}
	switch w.Type {
	case TypeMessage, TypePantoMessage:
		if w.Message == nil {
			return nil, fmt.Errorf("%s entry without a message", w.Type)
		}
		m, err := decodeMessage(w.Message)
		if err != nil {
			return nil, err
		}
		m.ID, m.ParentID = e.ID, e.ParentID
		if m.Time.IsZero() {
			m.Time = e.Timestamp
		}
		e.Message = m
	case TypeCompaction:
		if len(w.Summary) > 0 {
			if err := json.Unmarshal(w.Summary, &e.Summary); err != nil {
				return nil, fmt.Errorf("compaction summary: %v", err)
			}
		}
		e.FirstKept, e.TokensBefore = w.FirstKeptEntryID, w.TokensBefore
		e.SpentBefore = w.PantoSpentBefore
	case TypeModelChange:
		e.Provider, e.Model = w.Provider, w.ModelID
	case TypeThinkingLevel:
		e.ThinkingLevel = w.ThinkingLevel
	case TypePantoMetadata:
		e.TargetID = w.TargetID
		if len(w.Metadata) > 0 && string(w.Metadata) != "null" {
			e.Metadata = w.Metadata
		}
	case TypePantoLeaf, TypePantoToolsStarted:
		e.TargetID = w.TargetID
	case TypePantoCheckpoint, TypePantoHook:
		e.TargetID, e.Metadata = w.TargetID, w.Metadata
	case TypePantoTodos:
		e.Metadata = w.Metadata
	case TypePantoSummary:
		var s Summary
		if err := json.Unmarshal(w.Summary, &s); err != nil {
			return nil, fmt.Errorf("summary: %v", err)
		}
		e.Info = &s
	}
	return e, nil
}

// encodeMessage is m on the wire but for its content, which it returns
// as blocks for appendContent.
func encodeMessage(m *conv.Message) (*wireMessage, []wireBlock, error) {
	w := &wireMessage{Role: string(m.Role), API: m.API, Provider: m.Provider, Model: m.Model, ErrorMessage: m.Error}
	if !m.Time.IsZero() {
		w.Timestamp = m.Time.UnixMilli()
	}
	if m.Role == conv.Tool {
		w.Role = "toolResult"
		w.ToolCallID, w.ToolName = m.ToolCallID, m.ToolName
		isErr := m.IsError
		w.IsError = &isErr
	}
	if m.Role == conv.Assistant {
		w.StopReason = stopToWire(m.StopReason)
		if w.StopReason == "" {
			w.StopReason = string(m.StopReason)
		}
		u := conv.Usage{}
		if m.Usage != nil {
			u = *m.Usage
		}
		w.Usage = &wireUsage{Input: u.Input, Output: u.Output, CacheRead: u.CacheRead, CacheWrite: u.CacheWrite,
			TotalTokens: u.Input + u.Output + u.CacheRead + u.CacheWrite, Reasoning: u.Reasoning}
		if c := u.Cost; c != nil {
			w.Usage.Cost = &wireCost{Input: c.Input, Output: c.Output, CacheRead: c.CacheRead, CacheWrite: c.CacheWrite, Total: c.Total()}
		}
	}
	blocks := make([]wireBlock, 0, len(m.Blocks))
	for _, b := range m.Blocks {
		switch b.Type {
		case conv.Text:
			blocks = append(blocks, wireBlock{Type: "text", Text: b.Text})
		case conv.Image:
			blocks = append(blocks, wireBlock{Type: "image", Data: b.Data, MimeType: b.MediaType})
		case conv.Thinking:
			t := b.Text
			blocks = append(blocks, wireBlock{Type: "thinking", Thinking: &t, ThinkingSignature: b.Signature, Redacted: b.Redacted, Data: b.Data, ID: b.ID})
		case conv.ToolCall:
			args := json.RawMessage(b.Arguments)
			if len(args) == 0 {
				args = json.RawMessage("{}")
			}
			if !json.Valid(args) {
				// Keep what the model sent even when it is not JSON, as
				// a string, so nothing is lost.
				s, _ := json.Marshal(b.Arguments)
				args = s
			}
			blocks = append(blocks, wireBlock{Type: "toolCall", ID: b.ID, Name: b.Name, Arguments: args})
		default:
			return nil, nil, fmt.Errorf("store: unknown block type %q", b.Type)
		}
	}
	return w, blocks, nil
}

func decodeMessage(w *wireMessage) (*conv.Message, error) {
	m := &conv.Message{API: w.API, Provider: w.Provider, Model: w.Model, Error: w.ErrorMessage}
	if w.Timestamp != 0 {
		m.Time = time.UnixMilli(w.Timestamp).UTC()
	}
	switch w.Role {
	case "user":
		m.Role = conv.User
	case "assistant":
		m.Role = conv.Assistant
		m.StopReason = stopFromWire(w.StopReason)
		if w.Usage != nil {
			m.Usage = &conv.Usage{Input: w.Usage.Input, Output: w.Usage.Output, CacheRead: w.Usage.CacheRead,
				CacheWrite: w.Usage.CacheWrite, Reasoning: w.Usage.Reasoning}
			// pi writes a cost of zeros for a model it has no price for:
			// zero is no price, not a free response.
			if c := w.Usage.Cost; c != nil && (c.Input != 0 || c.Output != 0 || c.CacheRead != 0 || c.CacheWrite != 0) {
				m.Usage.Cost = &conv.Cost{Input: c.Input, Output: c.Output, CacheRead: c.CacheRead, CacheWrite: c.CacheWrite}
			}
		}
	case "toolResult":
		m.Role = conv.Tool
		m.ToolCallID, m.ToolName = w.ToolCallID, w.ToolName
		m.IsError = w.IsError != nil && *w.IsError
	case "system":
		m.Role = conv.System
	default:
		return nil, fmt.Errorf("unknown message role %q", w.Role)
	}
	if len(w.Content) == 0 || string(w.Content) == "null" {
		return m, nil
	}
	if w.Content[0] == '"' { // pi allows a plain string for user content
		var s string
		if err := json.Unmarshal(w.Content, &s); err != nil {
			return nil, fmt.Errorf("content: %v", err)
		}
		m.Blocks = []conv.Block{conv.TextBlock(s)}
		return m, nil
	}
	var blocks []wireBlock
	if err := json.Unmarshal(w.Content, &blocks); err != nil {
		return nil, fmt.Errorf("content: %v", err)
	}
	for _, b := range blocks {
		switch b.Type {
		case "text":
			m.Blocks = append(m.Blocks, conv.TextBlock(b.Text))
		case "image":
			m.Blocks = append(m.Blocks, conv.Block{Type: conv.Image, Data: b.Data, MediaType: b.MimeType})
		case "thinking":
			t := ""
			if b.Thinking != nil {
				t = *b.Thinking
			}
			m.Blocks = append(m.Blocks, conv.Block{Type: conv.Thinking, Text: t, Signature: b.ThinkingSignature, Redacted: b.Redacted, Data: b.Data, ID: b.ID})
		case "toolCall":
			args := string(b.Arguments)
			if len(args) > 0 && args[0] == '"' { // arguments kept as text
				var s string
				if json.Unmarshal(b.Arguments, &s) == nil {
					args = s
				}
			}
			m.Blocks = append(m.Blocks, conv.Block{Type: conv.ToolCall, ID: b.ID, Name: b.Name, Arguments: args})
		default:
			// A block type a newer writer added: keep nothing of it rather
			// than fail the whole message.
		}
	}
	return m, nil
}
