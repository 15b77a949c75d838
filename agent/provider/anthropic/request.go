package anthropic

import (
	"encoding/json"
	"fmt"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/history"
)

// The request body. Content blocks are distinct types because the API
// wants exactly the fields of each block type (an empty "text" is an
// error, a thinking block needs its "thinking" even when empty).
type request struct {
	Model      string      `json:"model"`
	MaxTokens  int         `json:"max_tokens"`
	System     []textBlock `json:"system,omitempty"`
	Messages   []message   `json:"messages"`
	Tools      []tool      `json:"tools,omitempty"`
	ToolChoice *toolChoice `json:"tool_choice,omitempty"`
	Thinking   *thinking   `json:"thinking,omitempty"`
	// OutputConfig carries the effort of an adaptive-thinking model.
	OutputConfig *outputConfig `json:"output_config,omitempty"`
	Stream       bool          `json:"stream"`
}

type outputConfig struct {
	Effort string `json:"effort"`
}

type message struct {
	Role    string `json:"role"`
	Content []any  `json:"content"`
}

type cacheControl struct {
	Type string `json:"type"`
}

// ephemeral marks a prompt-cache breakpoint: the API caches the prefix
// up to it, which is what makes cache_read usage (and its price) happen.
var ephemeral = &cacheControl{Type: "ephemeral"}

type textBlock struct {
	Type         string        `json:"type"`
	Text         string        `json:"text"`
	CacheControl *cacheControl `json:"cache_control,omitempty"`
}

type imageBlock struct {
	Type         string        `json:"type"`
	Source       imageSource   `json:"source"`
	CacheControl *cacheControl `json:"cache_control,omitempty"`
}

type imageSource struct {
	Type      string `json:"type"`
	MediaType string `json:"media_type"`
	Data      string `json:"data"`
}

type thinkingBlock struct {
	Type      string `json:"type"`
	Thinking  string `json:"thinking"`
	Signature string `json:"signature"`
}

type redactedBlock struct {
	Type string `json:"type"`
	Data string `json:"data"`
}

type toolUseBlock struct {
	Type         string          `json:"type"`
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Input        json.RawMessage `json:"input"`
	CacheControl *cacheControl   `json:"cache_control,omitempty"`
}

type toolResultBlock struct {
	Type         string        `json:"type"`
	ToolUseID    string        `json:"tool_use_id"`
	Content      []any         `json:"content,omitempty"`
	IsError      bool          `json:"is_error,omitempty"`
	CacheControl *cacheControl `json:"cache_control,omitempty"`
}

type tool struct {
	Name         string          `json:"name"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"input_schema"`
	CacheControl *cacheControl   `json:"cache_control,omitempty"`
}

type toolChoice struct {
	Type string `json:"type"`
	Name string `json:"name,omitempty"`
}

type thinking struct {
	Type         string `json:"type"`
	BudgetTokens int    `json:"budget_tokens,omitempty"`
}

// buildRequest is the JSON body for req.
func buildRequest(req *provider.Request) ([]byte, error) {
	r := request{Model: req.Model, MaxTokens: req.MaxTokens, Stream: true}
	if r.MaxTokens <= 0 {
		r.MaxTokens = defaultMaxTokens(req.Model)
	}
	if req.System != "" {
		r.System = []textBlock{{Type: "text", Text: req.System, CacheControl: ephemeral}}
	}
	r.Messages = messages(req)
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, tool{Name: t.Name, Description: t.Description, InputSchema: schema(t.Schema)})
	}
	if n := len(r.Tools); n > 0 {
		r.Tools[n-1].CacheControl = ephemeral
		tc, err := choice(req.ToolChoice)
		if err != nil {
			return nil, err
		}
		r.ToolChoice = tc
	}
	forced := r.ToolChoice != nil && (r.ToolChoice.Type == "any" || r.ToolChoice.Type == "tool")
	if adaptiveThinking(req.Model) {
		effort, ok := adaptiveEffort(req.Effort)
		if !ok {
			return nil, &provider.Error{Kind: provider.InvalidRequest, Message: fmt.Sprintf("effort %q: %s thinks adaptively and takes low, medium, high or max (or off), not a token budget", req.Effort, req.Model)}
		}
		if effort != "" && !forced {
			r.Thinking = &thinking{Type: "adaptive"}
			r.OutputConfig = &outputConfig{Effort: effort}
		}
		return json.Marshal(r)
	}
	budget, ok := thinkingBudget(req.Effort, r.MaxTokens)
	if !ok {
		return nil, &provider.Error{Kind: provider.InvalidRequest, Message: fmt.Sprintf("unknown effort %q (use one of off, minimal, low, medium, high, xhigh, or a token budget)", req.Effort)}
	}
	if budget > 0 && !forced {
		r.Thinking = &thinking{Type: "enabled", BudgetTokens: budget}
	}
	return json.Marshal(r)
}

// choice maps resolve_model's tool_choice onto the API's.
func choice(c provider.ToolChoice) (*toolChoice, error) {
	switch c.Mode {
	case "", "auto":
		return nil, nil // the API's default
	case "none":
		return &toolChoice{Type: "none"}, nil
	case "required":
		return &toolChoice{Type: "any"}, nil
	case "tool":
		if c.Name == "" {
			return nil, &provider.Error{Kind: provider.InvalidRequest, Message: "tool_choice names no tool"}
		}
		return &toolChoice{Type: "tool", Name: c.Name}, nil
	}
	return nil, &provider.Error{Kind: provider.InvalidRequest, Message: fmt.Sprintf("unknown tool_choice %q", c.Mode)}
}

// schema is a tool's input schema; the API requires an object schema,
// so a tool that declares none accepts any object.
func schema(s json.RawMessage) json.RawMessage {
	if len(s) == 0 || string(s) == "null" {
		return json.RawMessage(`{"type":"object"}`)
	}
	return s
}

// messages converts the conversation. Tool results travel as tool_result
// blocks of a user message; consecutive messages of one role are merged
// so that the results of one assistant message and the user's next words
// form the single user turn the API expects.
func messages(req *provider.Request) []message {
	var out []message
	add := func(role string, blocks []any) {
		if len(blocks) == 0 {
			return
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Content = append(out[n-1].Content, blocks...)
			return
		}
		out = append(out, message{Role: role, Content: blocks})
	}
	for _, m := range history.Pair(req.Messages) {
		switch m.Role {
		case conv.User:
			add("user", content(m.Blocks))
		case conv.Tool:
			add("user", []any{toolResultBlock{Type: "tool_result", ToolUseID: m.ToolCallID, Content: content(m.Blocks), IsError: m.IsError}})
		case conv.Assistant:
			add("assistant", assistantBlocks(m, req.Model))
		}
	}
	markLastBlock(out)
	return out
}

// content converts user and tool-result blocks: text and images. Empty
// text is dropped (the API refuses it).
func content(blocks []conv.Block) []any {
	var out []any
	for _, b := range blocks {
		switch b.Type {
		case conv.Text:
			if b.Text != "" {
				out = append(out, textBlock{Type: "text", Text: b.Text})
			}
		case conv.Image:
			out = append(out, imageBlock{Type: "image", Source: imageSource{Type: "base64", MediaType: b.MediaType, Data: b.Data}})
		}
	}
	return out
}

// assistantBlocks converts a reply. Thinking is sent back only with the
// signature the API gave it, and only to the model that wrote it (the
// API verifies signatures); unsigned reasoning from another protocol is
// dropped rather than shown to the model as its own words.
func assistantBlocks(m conv.Message, model string) []any {
	replay := history.Replayable(m, model, Name, Alias)
	var out []any
	for _, b := range m.Blocks {
		switch b.Type {
		case conv.Text:
			if b.Text != "" {
				out = append(out, textBlock{Type: "text", Text: b.Text})
			}
		case conv.Thinking:
			switch {
			case !replay:
			case b.Redacted && b.Data != "":
				out = append(out, redactedBlock{Type: "redacted_thinking", Data: b.Data})
			case b.Signature != "":
				out = append(out, thinkingBlock{Type: "thinking", Thinking: b.Text, Signature: b.Signature})
			}
		case conv.ToolCall:
			out = append(out, toolUseBlock{Type: "tool_use", ID: b.ID, Name: b.Name, Input: arguments(b.Arguments)})
		}
	}
	return out
}

// arguments is a call's input as the API wants it: a JSON object. A
// call whose arguments never became valid JSON (a cut stream) is sent
// with an empty object; its result already says what went wrong.
func arguments(s string) json.RawMessage {
	if len(s) > 0 && json.Valid([]byte(s)) {
		for _, c := range []byte(s) {
			if c == '{' {
				return json.RawMessage(s)
			}
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				break
			}
		}
	}
	return json.RawMessage(`{}`)
}

// markLastBlock puts a cache breakpoint on the last block of the last
// message, so that the next request reads the whole conversation so far
// from the cache.
func markLastBlock(msgs []message) {
	if len(msgs) == 0 {
		return
	}
	c := msgs[len(msgs)-1].Content
	if len(c) == 0 {
		return
	}
	switch b := c[len(c)-1].(type) {
	case textBlock:
		b.CacheControl = ephemeral
		c[len(c)-1] = b
	case imageBlock:
		b.CacheControl = ephemeral
		c[len(c)-1] = b
	case toolResultBlock:
		b.CacheControl = ephemeral
		c[len(c)-1] = b
	case toolUseBlock:
		b.CacheControl = ephemeral
		c[len(c)-1] = b
	}
}
