package openai

import (
	"encoding/json"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
)

// TestEmptyToolResults: a tool result with no text is sent as "(no
// output)" (an empty tool message is refused by some servers); an
// erroring one says so.
func TestEmptyToolResults(t *testing.T) {
	msgs := chatMessages([]conv.Message{
		{Role: conv.Assistant, Blocks: []conv.Block{{Type: conv.ToolCall, ID: "a", Name: "t", Arguments: "{}"}, {Type: conv.ToolCall, ID: "b", Name: "t", Arguments: "{}"}}},
		{Role: conv.Tool, ToolCallID: "a", ToolName: "t"},
		{Role: conv.Tool, ToolCallID: "b", ToolName: "t", IsError: true, Blocks: []conv.Block{conv.TextBlock("boom")}},
	})
	if len(msgs) != 3 || msgs[1].Content != "(no output)" || msgs[2].Content != "Error: boom" {
		t.Errorf("messages %+v", msgs)
	}
}

// TestResponsesToolOutputWithImage: a failed result with an image is a
// list of parts that starts by saying it failed; a plain one is text.
func TestResponsesToolOutputWithImage(t *testing.T) {
	img := conv.Block{Type: conv.Image, MediaType: "image/png", Data: "AAAA"}
	got := toolOutput(conv.Message{Role: conv.Tool, IsError: true, Blocks: []conv.Block{conv.TextBlock("bad"), img}})
	parts, ok := got.([]inputPart)
	if !ok || len(parts) < 3 || parts[0].Type != "input_text" || parts[0].Text != "Error:" || parts[1].Text != "bad" {
		t.Errorf("error with image: %#v", got)
	}
	ok2 := toolOutput(conv.Message{Role: conv.Tool, Blocks: []conv.Block{conv.TextBlock("fine"), img}})
	if p, _ := ok2.([]inputPart); len(p) == 0 || p[0].Text != "fine" {
		t.Errorf("image result: %#v", ok2)
	}
	if s := toolOutput(conv.Message{Role: conv.Tool, IsError: true, Blocks: []conv.Block{conv.TextBlock("x")}}); s != "Error: x" {
		t.Errorf("text error: %#v", s)
	}
}

// TestResponsesEmptyInput: a request with no messages sends an empty
// input list, never null.
func TestResponsesEmptyInput(t *testing.T) {
	body, err := buildResponsesRequest(&provider.Request{Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Input json.RawMessage `json:"input"`
	}
	if err := json.Unmarshal(body, &r); err != nil || string(r.Input) != "[]" {
		t.Errorf("input %s (%v) in %s", r.Input, err, body)
	}
}

// TestResponsesTypeFromEventLine: a payload without a type takes the
// SSE event line's.
func TestResponsesTypeFromEventLine(t *testing.T) {
	body := "event: response.output_text.delta\ndata: {\"delta\":\"hi\"}\n\n" +
		"event: response.completed\ndata: {\"response\":{\"status\":\"completed\"}}\n\n"
	got, problem := wiretest.Drive([]byte(body), newResponsesDecoder())
	if problem != "" || got.Err != nil || got.Text != "hi" || !got.Done {
		t.Errorf("%s %v %+v", problem, got.Err, got)
	}
}

// TestResponsesSkipsEmptyUserMessages: a user message with nothing to
// send (only empty text) is left out of the input rather than sent as
// a message with no content, which the API refuses.
func TestResponsesSkipsEmptyUserMessages(t *testing.T) {
	body, err := buildResponsesRequest(&provider.Request{Model: "m", Messages: []conv.Message{
		{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("")}},
		{Role: conv.User},
		{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("hi")}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Input []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"input"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Input) != 1 || r.Input[0].Role != "user" || string(r.Input[0].Content) != `[{"type":"input_text","text":"hi"}]` {
		t.Errorf("input %s, want only the message saying hi", body)
	}
}
