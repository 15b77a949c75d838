package openai

import (
	"context"
	"encoding/json"
	"strings"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/history"
)

// Responses implements provider.Protocol for the Responses API. The
// zero value is ready to use.
//
// Requests are stateless (store: false): the whole conversation is sent
// each time, and a reasoning model's reasoning items come back with
// their encrypted content (include: reasoning.encrypted_content), are
// kept as thinking blocks with ID and Data, and are sent back in the
// next request, which is what the API needs to continue its reasoning
// across tool calls without server-side state.
type Responses struct{}

// Open sends req and returns its event stream.
func (Responses) Open(ctx context.Context, req *provider.Request) (provider.Stream, error) {
	body, err := buildResponsesRequest(req)
	if err != nil {
		return nil, err
	}
	return post(ctx, req, ResponsesName, "responses", body, newResponsesDecoder())
}

type responsesRequest struct {
	Model           string        `json:"model"`
	Instructions    string        `json:"instructions,omitempty"`
	Input           []any         `json:"input"`
	Tools           []responsesFn `json:"tools,omitempty"`
	ToolChoice      any           `json:"tool_choice,omitempty"`
	Reasoning       *reasoning    `json:"reasoning,omitempty"`
	Include         []string      `json:"include,omitempty"`
	MaxOutputTokens int           `json:"max_output_tokens,omitempty"`
	PromptCacheKey  string        `json:"prompt_cache_key,omitempty"`
	Store           bool          `json:"store"`
	Stream          bool          `json:"stream"`
}

type reasoning struct {
	Effort  string `json:"effort"`
	Summary string `json:"summary"`
}

// responsesFn is a function tool. Strict is sent as false: the API's
// default is strict, which requires schemas that close every object and
// require every property, and tools' schemas are not written that way.
type responsesFn struct {
	Type        string          `json:"type"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
	Strict      bool            `json:"strict"`
}

type inputMessage struct {
	Type    string `json:"type"`
	Role    string `json:"role"`
	Content any    `json:"content"` // []inputPart, or a string for the assistant
}

type inputPart struct {
	Type     string `json:"type"`
	Text     string `json:"text,omitempty"`
	ImageURL string `json:"image_url,omitempty"`
}

type reasoningItem struct {
	Type             string        `json:"type"`
	ID               string        `json:"id"`
	Summary          []summaryPart `json:"summary"`
	EncryptedContent string        `json:"encrypted_content,omitempty"`
}

type summaryPart struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type functionCall struct {
	Type      string `json:"type"`
	CallID    string `json:"call_id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type functionOutput struct {
	Type   string `json:"type"`
	CallID string `json:"call_id"`
	Output any    `json:"output"` // a string, or []inputPart with images
}

func buildResponsesRequest(req *provider.Request) ([]byte, error) {
	r := responsesRequest{Model: req.Model, Instructions: req.System, Stream: true, MaxOutputTokens: max(req.MaxTokens, 0)}
	r.Input = responsesInput(req)
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, responsesFn{Type: "function", Name: t.Name, Description: t.Description, Parameters: parameters(t.Schema)})
	}
	if len(r.Tools) > 0 {
		tc, err := toolChoice(req.ToolChoice, func(name string) any {
			return map[string]string{"type": "function", "name": name}
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
	if eff != "" {
		// Only reasoning models take these; asking a model without
		// reasoning for encrypted reasoning is an error.
		r.Reasoning = &reasoning{Effort: eff, Summary: "auto"}
		r.Include = []string{"reasoning.encrypted_content"}
	}
	if r.Input == nil {
		r.Input = []any{}
	}
	if official(req.BaseURL) {
		r.PromptCacheKey = req.ContextKey // as in Chat Completions
	}
	return json.Marshal(r)
}

// responsesInput converts the conversation into input items.
func responsesInput(req *provider.Request) []any {
	var out []any
	for _, m := range history.Pair(req.Messages) {
		switch m.Role {
		case conv.User:
			if parts := inputParts(m.Blocks); len(parts) > 0 {
				out = append(out, inputMessage{Type: "message", Role: "user", Content: parts})
			}
		case conv.Assistant:
			replay := history.Replayable(m, req.Model, ResponsesName)
			for _, b := range m.Blocks {
				switch b.Type {
				case conv.Text:
					if b.Text != "" {
						out = append(out, inputMessage{Type: "message", Role: "assistant", Content: b.Text})
					}
				case conv.Thinking:
					// Reasoning items go back only to the model that wrote
					// them, with the encrypted content it can read (without it, a
					// stateless request cannot refer to the item at all).
					if replay && b.ID != "" && b.Data != "" && !b.Redacted {
						item := reasoningItem{Type: "reasoning", ID: b.ID, Summary: []summaryPart{}, EncryptedContent: b.Data}
						if b.Text != "" {
							item.Summary = append(item.Summary, summaryPart{Type: "summary_text", Text: b.Text})
						}
						out = append(out, item)
					}
				case conv.ToolCall:
					args := b.Arguments
					if args == "" {
						args = "{}"
					}
					out = append(out, functionCall{Type: "function_call", CallID: b.ID, Name: b.Name, Arguments: args})
				}
			}
		case conv.Tool:
			out = append(out, functionOutput{Type: "function_call_output", CallID: m.ToolCallID, Output: toolOutput(m)})
		}
	}
	return out
}

func inputParts(blocks []conv.Block) []inputPart {
	var parts []inputPart
	for _, b := range blocks {
		switch b.Type {
		case conv.Text:
			if b.Text != "" {
				parts = append(parts, inputPart{Type: "input_text", Text: b.Text})
			}
		case conv.Image:
			parts = append(parts, inputPart{Type: "input_image", ImageURL: dataURL(b.MediaType, b.Data)})
		}
	}
	return parts
}

// toolOutput is a result's output: its text, marked when it is an error
// (the API has no error flag), or parts when it carries images.
func toolOutput(m conv.Message) any {
	var texts []string
	hasImage := false
	for _, b := range m.Blocks {
		switch b.Type {
		case conv.Text:
			texts = append(texts, b.Text)
		case conv.Image:
			hasImage = true
		}
	}
	text := strings.Join(texts, "\n")
	if m.IsError {
		text = "Error: " + text
	}
	if !hasImage {
		return text
	}
	parts := inputParts(m.Blocks)
	if m.IsError {
		parts = append([]inputPart{{Type: "input_text", Text: "Error:"}}, parts...)
	}
	return parts
}
