package openai

import (
	"context"
	"encoding/json"
	"strings"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/history"
)

// Completions implements provider.Protocol for Chat Completions. The
// zero value is ready to use.
type Completions struct{}

// Open sends req and returns its event stream.
func (Completions) Open(ctx context.Context, req *provider.Request) (provider.Stream, error) {
	body, err := buildChatRequest(req)
	if err != nil {
		return nil, err
	}
	return post(ctx, req, CompletionsAlias, "chat/completions", body, newChatDecoder())
}

type chatRequest struct {
	Model               string         `json:"model"`
	Messages            []chatMessage  `json:"messages"`
	Tools               []chatTool     `json:"tools,omitempty"`
	ToolChoice          any            `json:"tool_choice,omitempty"`
	ReasoningEffort     string         `json:"reasoning_effort,omitempty"`
	MaxTokens           int            `json:"max_tokens,omitempty"`
	MaxCompletionTokens int            `json:"max_completion_tokens,omitempty"`
	PromptCacheKey      string         `json:"prompt_cache_key,omitempty"`
	Stream              bool           `json:"stream"`
	StreamOptions       *streamOptions `json:"stream_options,omitempty"`
}

type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

type chatMessage struct {
	Role string `json:"role"`
	// Content is a string, a []chatPart, or nil (JSON null: an assistant
	// message that only calls tools).
	Content    any            `json:"content"`
	ToolCalls  []chatToolCall `json:"tool_calls,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

type chatPart struct {
	Type     string    `json:"type"`
	Text     string    `json:"text,omitempty"`
	ImageURL *imageURL `json:"image_url,omitempty"`
}

type imageURL struct {
	URL string `json:"url"`
}

type chatToolCall struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function chatFunction `json:"function"`
}

type chatFunction struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type chatTool struct {
	Type     string      `json:"type"`
	Function functionDef `json:"function"`
}

type functionDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
}

// emptySchema stands for a tool that declares no input schema.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

func parameters(s json.RawMessage) json.RawMessage {
	if len(s) == 0 || string(s) == "null" {
		return emptySchema
	}
	return s
}

func buildChatRequest(req *provider.Request) ([]byte, error) {
	r := chatRequest{Model: req.Model, Stream: true, StreamOptions: &streamOptions{IncludeUsage: true}}
	if req.System != "" {
		r.Messages = append(r.Messages, chatMessage{Role: "system", Content: req.System})
	}
	r.Messages = append(r.Messages, chatMessages(req.Messages)...)
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, chatTool{Type: "function", Function: functionDef{Name: t.Name, Description: t.Description, Parameters: parameters(t.Schema)}})
	}
	if len(r.Tools) > 0 {
		tc, err := toolChoice(req.ToolChoice, func(name string) any {
			return map[string]any{"type": "function", "function": map[string]string{"name": name}}
		})
		if err != nil {
			return nil, err
		}
		r.ToolChoice = tc
	}
	eff, err := effort(req.Effort)
	if err != nil {
		return nil, err
	}
	r.ReasoningEffort = eff
	if req.MaxTokens > 0 {
		if official(req.BaseURL) {
			r.MaxCompletionTokens = req.MaxTokens
		} else {
			r.MaxTokens = req.MaxTokens
		}
	}
	if official(req.BaseURL) {
		// OpenAI routes requests with one key to the same cache; the
		// session's durable context is that key. Compatible servers are
		// not sent a field they may not know.
		r.PromptCacheKey = req.ContextKey
	}
	return json.Marshal(r)
}

// chatMessages converts the conversation. Reasoning is not sent back:
// Chat Completions has no field for it, and servers that stream
// reasoning_content (DeepSeek, vLLM) ask that it not be returned. Tool
// messages cannot carry images, so a result's images follow the batch
// of results in a user message.
func chatMessages(msgs []conv.Message) []chatMessage {
	var out []chatMessage
	var images []chatPart // from tool results, sent after the batch
	flush := func() {
		if len(images) > 0 {
			out = append(out, chatMessage{Role: "user", Content: images})
			images = nil
		}
	}
	for _, m := range history.Pair(msgs) {
		if m.Role != conv.Tool {
			flush()
		}
		switch m.Role {
		case conv.User:
			if c := userContent(m.Blocks); c != nil {
				out = append(out, chatMessage{Role: "user", Content: c})
			}
		case conv.Assistant:
			cm := chatMessage{Role: "assistant"}
			if text := m.Text(); text != "" {
				cm.Content = text
			}
			for _, b := range m.ToolCalls() {
				args := b.Arguments
				if args == "" {
					args = "{}"
				}
				cm.ToolCalls = append(cm.ToolCalls, chatToolCall{ID: b.ID, Type: "function", Function: chatFunction{Name: b.Name, Arguments: args}})
			}
			if cm.Content != nil || len(cm.ToolCalls) > 0 {
				out = append(out, cm)
			}
		case conv.Tool:
			var texts []string
			var imgs []chatPart
			for _, b := range m.Blocks {
				switch b.Type {
				case conv.Text:
					texts = append(texts, b.Text)
				case conv.Image:
					imgs = append(imgs, chatPart{Type: "image_url", ImageURL: &imageURL{URL: dataURL(b.MediaType, b.Data)}})
				}
			}
			text := strings.Join(texts, "\n")
			if m.IsError {
				text = "Error: " + text
			}
			if text == "" {
				text = "(no output)"
			}
			out = append(out, chatMessage{Role: "tool", ToolCallID: m.ToolCallID, Content: text})
			if len(imgs) > 0 {
				images = append(images, chatPart{Type: "text", Text: "Images from the result of call " + m.ToolCallID + ":"})
				images = append(images, imgs...)
			}
		}
	}
	flush()
	return out
}

// userContent is a user message's content: a plain string when it is
// one text (what every compatible server reads), parts otherwise; nil
// when there is nothing to send.
func userContent(blocks []conv.Block) any {
	var parts []chatPart
	for _, b := range blocks {
		switch b.Type {
		case conv.Text:
			if b.Text != "" {
				parts = append(parts, chatPart{Type: "text", Text: b.Text})
			}
		case conv.Image:
			parts = append(parts, chatPart{Type: "image_url", ImageURL: &imageURL{URL: dataURL(b.MediaType, b.Data)}})
		}
	}
	switch {
	case len(parts) == 0:
		return nil
	case len(parts) == 1 && parts[0].Type == "text":
		return parts[0].Text
	}
	return parts
}
