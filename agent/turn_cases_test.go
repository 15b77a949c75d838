package agent

import (
	"context"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/extension/config"
)

// lastTool returns the tool result messages of the conversation.
func toolResults(c *conv.Conversation) []conv.Message {
	var out []conv.Message
	for _, m := range c.Messages {
		if m.Role == conv.Tool {
			out = append(out, m)
		}
	}
	return out
}

func TestToolErrorsAreResultsNotAborts(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/echo.lua": echoTool,
		"tools/boom.lua": `return { name = "boom", description = "d", schema = { type = "object" },
  handler = function() error("it broke") end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "a", "name": "nope", "input": {}}}, {"tool_call": {"id": "b", "name": "echo", "input": {"message": 5}}}, {"tool_call": {"id": "c", "name": "boom", "input": {}}}, {"tool_call": {"id": "d", "name": "echo", "arguments": ["not json"]}}]}
{"expect": {"messages": 6}, "text": "ok"}
`,
	})
	res := ts.prompt("go")
	if res.Status != "completed" || res.Text != "ok" {
		t.Fatalf("result %+v", res)
	}
	trs := toolResults(ts.Agent().Conversation())
	if len(trs) != 4 {
		t.Fatalf("%d results", len(trs))
	}
	cases := []struct{ id, want string }{
		{"a", "unknown tool 'nope' (available: boom, echo)"},
		{"b", "invalid input for tool 'echo': 'message' must be a string, got a number"},
		{"c", "it broke"},
		{"d", "invalid input for tool 'echo'"},
	}
	for i, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			m := trs[i]
			if m.ToolCallID != c.id || !m.IsError || !strings.Contains(m.Text(), c.want) {
				t.Errorf("result %s: error=%v %q, want %q", m.ToolCallID, m.IsError, m.Text(), c.want)
			}
		})
	}
}

// TestHandlersInterleave: two calls of one message run concurrently
// (the second finishes first), and their results keep the call order.
func TestHandlersInterleave(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/wait.lua": `
local uv = require("luv")
local order = {}
return { name = "wait", description = "d", schema = { type = "object", properties = { ms = { type = "integer" }, tag = { type = "string" } } },
  handler = function(input)
    local co = coroutine.running()
    local t = uv.new_timer()
    t:start(input.ms, 0, function() t:close(); coroutine.resume(co) end)
    coroutine.yield()
    order[#order + 1] = input.tag
    return input.tag .. " after " .. table.concat(order, ",")
  end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "slow", "name": "wait", "input": {"ms": 60, "tag": "slow"}}}, {"tool_call": {"id": "fast", "name": "wait", "input": {"ms": 1, "tag": "fast"}}}]}
{"text": "done"}
`,
	})
	res := ts.prompt("go")
	ts.noProblems()
	if res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	trs := toolResults(ts.Agent().Conversation())
	if len(trs) != 2 || trs[0].ToolCallID != "slow" || trs[1].ToolCallID != "fast" {
		t.Fatalf("results out of call order: %+v", trs)
	}
	if trs[0].Text() != "slow after fast,slow" || trs[1].Text() != "fast after fast" {
		t.Errorf("handlers did not interleave: %q, %q", trs[0].Text(), trs[1].Text())
	}
}

func TestMaxRequests(t *testing.T) {
	line := `{"events": [{"tool_call": {"name": "echo", "input": {"message": "again"}}}]}` + "\n"
	ts := newSession(t, map[string]string{
		"tools/echo.lua": echoTool,
		"turns.jsonl":    strings.Repeat(line, 5),
	}, func(o *Options) { o.MaxRequests = 3 })
	res := ts.prompt("loop")
	if res.Status != "failed" || res.Requests != 3 || !strings.Contains(res.Err.Error(), "stopped after 3 model requests") {
		t.Fatalf("result %+v", res)
	}
	// Every call still has its result.
	c := ts.Agent().Conversation()
	if n := len(toolResults(c)); n != 3 {
		t.Errorf("%d tool results for 3 calls", n)
	}
}

func TestRetryHonoursRetryAfterThenSucceeds(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"events": [{"error": {"kind": "rate_limit", "message": "slow down", "retry_after": 0.001}}]}
{"events": [{"error": {"kind": "overloaded", "message": "busy"}}]}
{"text": "finally"}
`,
	})
	res := ts.prompt("hi")
	if res.Status != "completed" || res.Text != "finally" {
		t.Fatalf("result %+v", res)
	}
	var notices []string
	for _, e := range ts.events {
		if e.Type == "notice" {
			notices = append(notices, e.Fields["message"].(string))
		}
	}
	if len(notices) != 2 || !strings.Contains(notices[0], "rate limited") || !strings.Contains(notices[0], "slow down") {
		t.Errorf("notices %q", notices)
	}
}

func TestFinalErrorsEndTheTurn(t *testing.T) {
	for _, c := range []struct{ kind, want string }{
		{"authentication", "fake: authentication failed: bad key"},
		{"invalid_request", "fake: invalid request: bad key"},
		{"model_not_found", "fake: model not found: bad key"},
	} {
		t.Run(c.kind, func(t *testing.T) {
			ts := newSession(t, map[string]string{
				"turns.jsonl": `{"events": [{"error": {"kind": "` + c.kind + `", "message": "bad key"}}]}` + "\n",
			})
			res := ts.prompt("hi")
			if res.Status != "failed" || res.Err == nil || res.Err.Error() != c.want {
				t.Fatalf("result %+v", res)
			}
			if res.Requests != 1 {
				t.Errorf("%d requests: a final error must not be retried", res.Requests)
			}
			// The session keeps the error, for a resume to show.
			sess, _ := ts.Store().Load(ts.ID())
			branch := sess.Branch("")
			if n := branch.Len(); n != 2 {
				t.Fatalf("persisted %d messages, want the prompt and the error", n)
			}
			if end := branch.Messages[1]; end.Role != conv.Assistant || end.StopReason != conv.StopError || end.Error != c.want {
				t.Errorf("the error was not recorded: %+v", end)
			}
		})
	}
}

// TestRecordedErrorIsNotSent: the next request leaves out the message
// that records a failed turn; the model sees the two prompts.
func TestRecordedErrorIsNotSent(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"events": [{"error": {"kind": "invalid_request", "message": "bad"}}]}` + "\n" +
			`{"expect": {"messages": 2}, "text": "fine now"}` + "\n",
	})
	if res := ts.prompt("one"); res.Status != "failed" {
		t.Fatalf("first: %+v", res)
	}
	if res := ts.prompt("two"); res.Status != "completed" || res.Text != "fine now" {
		t.Fatalf("second: %+v", res)
	}
}

func TestRewritableFields(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/echo.lua": echoTool,
		"extensions/rewrite.lua": `local panto = require("panto")
return { name = "rewrite", activate = function()
  panto.ext.on("user_message", function(e) e.text = e.text .. " (rewritten)" end)
  panto.ext.on("tool_call_complete", function(e) e.input = { message = "replaced" } end)
  panto.ext.on("tool_result", function(e) e.output = e.output .. "!" end)
end }`,
		"turns.jsonl": `{"expect": {"user": "hello (rewritten)"}, "events": [{"tool_call": {"id": "c", "name": "echo", "input": {"message": "orig"}}}]}
{"expect": {"tool_result": "echo: replaced!"}, "text": "ok"}
`,
	})
	res := ts.prompt("hello")
	ts.noProblems()
	if res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	c := ts.Agent().Conversation()
	if c.Messages[0].Text() != "hello (rewritten)" {
		t.Errorf("user message %q", c.Messages[0].Text())
	}
	if args := c.Messages[1].ToolCalls()[0].Arguments; args != `{"message":"replaced"}` {
		t.Errorf("the assistant message must keep the input the tool ran with: %s", args)
	}
}

// TestCancelDuringTool cancels while a handler awaits: the turn ends
// cancelled, the call has an (error) result, everything is persisted,
// and the session takes the next prompt.
func TestCancelDuringTool(t *testing.T) {
	ts := newSession(t, map[string]string{
		"tools/hang.lua": `local uv = require("luv")
return { name = "hang", description = "d", schema = { type = "object" },
  handler = function()
    local co = coroutine.running()
    local t = uv.new_timer()
    t:start(60000, 0, function() coroutine.resume(co) end)
    coroutine.yield()
    return "never"
  end }`,
		"turns.jsonl": `{"events": [{"text": "working"}, {"tool_call": {"id": "h", "name": "hang", "input": {}}}]}
{"text": "second prompt answered"}
`,
	})
	r, err := ts.Start(context.Background(), []conv.Block{conv.TextBlock("go")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Cancel once the tool is running.
	ts.RunLoop(ctx, func() bool {
		for _, e := range ts.eventTypes() {
			if e == "tool_dispatch_start" {
				return true
			}
		}
		return false
	})
	ts.Cancel()
	res := ts.Wait(ctx, r)
	if res.Status != "cancelled" {
		t.Fatalf("result %+v", res)
	}
	trs := toolResults(ts.Agent().Conversation())
	if len(trs) != 1 || !trs[0].IsError || !strings.Contains(trs[0].Text(), "interrupted") {
		t.Fatalf("the cancelled call needs an error result: %+v", trs)
	}
	// The user message, the call, its result, and the cancel: an
	// assistant message without content that a resume draws.
	sess, _ := ts.Store().Load(ts.ID())
	branch := sess.Branch("")
	if branch.Len() != 4 {
		t.Errorf("persisted %d messages", branch.Len())
	} else if end := branch.Messages[3]; end.Role != conv.Assistant || end.StopReason != conv.StopCancelled || len(end.Blocks) != 0 {
		t.Errorf("the cancel was not recorded: %+v", end)
	}
	res = ts.prompt("again")
	if res.Status != "completed" || res.Text != "second prompt answered" {
		t.Fatalf("the session must stay usable: %+v", res)
	}
}

// TestReasoningItemsStayApart: two signed reasoning blocks without text
// (OpenAI reasoning items without a summary) are two blocks, each with
// its own id and content, as the model must get them back.
func TestReasoningItemsStayApart(t *testing.T) {
	ts := newSession(t, map[string]string{"turns.jsonl": ""}, func(o *Options) {
		o.Protocols = func(string) (provider.Protocol, bool) {
			return eventsProtocol{
				{Type: provider.ThinkingDelta, NewBlock: true},
				{Type: provider.ThinkingSignature, ID: "rs_1", Data: "enc1"},
				{Type: provider.ThinkingDelta, NewBlock: true},
				{Type: provider.ThinkingSignature, ID: "rs_2", Data: "enc2"},
				{Type: provider.TextDelta, Text: "answer"},
				{Type: provider.Done},
			}, true
		}
	})
	ts.Host().Config().Providers["fake"] = withProtocol(ts.Host().Config().Providers["fake"], "canned")
	ts.SetModel("fake:m", "")
	res := ts.prompt("hi")
	if res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	blocks := ts.Agent().Conversation().Messages[1].Blocks
	if len(blocks) != 3 || blocks[0].ID != "rs_1" || blocks[0].Data != "enc1" || blocks[1].ID != "rs_2" || blocks[1].Data != "enc2" {
		t.Errorf("blocks %+v", blocks)
	}
}

// eventsProtocol answers every request with the same events.
type eventsProtocol []provider.Event

func (p eventsProtocol) Open(ctx context.Context, req *provider.Request) (provider.Stream, error) {
	return &sliceStream{evs: append([]provider.Event(nil), p...)}, nil
}

func withProtocol(p config.Provider, name string) config.Provider {
	p.Protocol = name
	return p
}
