package agent

import (
	"strings"
	"testing"

	"panto/agent/conv"
)

const echoTool = `return {
  name = "echo",
  description = "Echo the message.",
  schema = { type = "object", properties = { message = { type = "string" } }, required = { "message" } },
  handler = function(input, ctx) return "echo: " .. input.message end,
}`

func TestTurnWithToolCall(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/echo.lua": echoTool,
		"turns.jsonl": `{"expect": {"user": "say hi", "tools": ["echo"]}, "events": [{"text": "Let me echo. "}, {"tool_call": {"id": "c1", "name": "echo", "arguments": ["{\"mess", "age\": \"hi\"}"]}}], "usage": {"input": 100, "output": 20}}
{"expect": {"tool_result": "echo: hi", "messages": 3}, "text": "It said hi.", "usage": {"input": 150, "output": 5, "cache_read": 90}}
`,
	})
	res := ts.prompt("say hi")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "It said hi." || res.Requests != 2 {
		t.Fatalf("result %+v", res)
	}
	if res.Usage.Input != 250 || res.Usage.CacheRead != 90 {
		t.Errorf("usage %+v", res.Usage)
	}
	got := strings.Join(ts.eventTypes(), " ")
	for _, want := range []string{
		"user_message turn_start assistant_text_delta assistant_text_complete tool tool_details tool_delta tool_delta tool_call_complete assistant_message tool_dispatch_start tool_output_delta tool_result assistant_text_delta assistant_text_complete assistant_message turn_end",
	} {
		if got != want {
			t.Errorf("events:\n%s\nwant:\n%s", got, want)
		}
	}
	c := ts.Agent().Conversation()
	if c.Len() != 4 {
		t.Fatalf("conversation has %d messages", c.Len())
	}
	a := c.Messages[1]
	if a.Role != conv.Assistant || a.StopReason != conv.StopToolUse || a.ToolCalls()[0].Arguments != `{"message":"hi"}` {
		t.Errorf("assistant message %+v", a)
	}
	if tr := c.Messages[2]; tr.Role != conv.Tool || tr.ToolCallID != "c1" || tr.Text() != "echo: hi" || tr.IsError {
		t.Errorf("tool result %+v", tr)
	}
	// Everything is on disk.
	sess, err := ts.Store().Load(ts.ID())
	if err != nil {
		t.Fatal(err)
	}
	if n := sess.Branch("").Len(); n != 4 {
		t.Errorf("stored %d messages", n)
	}
}
