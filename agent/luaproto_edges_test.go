package agent

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
)

// TestLuaProtocolMalformed: every way an extension protocol's open,
// stream or events can be wrong fails the turn with an error that names
// the protocol, where it was registered, the step and what was wrong,
// on its first line only.
func TestLuaProtocolMalformed(t *testing.T) {
	next := func(ev string) string { return `return { next = function() return ` + ev + ` end }` }
	cases := []struct {
		name, open string
		want       []string
	}{
		{"open raises", `error("no credentials\nsecond line")`, []string{"protocol 'demo' (extensions/proto.lua:", "): open: ", "no credentials"}},
		{"open returns a string", `return "stream"`, []string{"): open: must return a stream table with next(self), got string"}},
		{"stream without next", `return { close = function() end }`, []string{"): open: the stream it returned has no next(self) function"}},
		{"next raises", `return { next = function() error("socket closed") end }`, []string{"): next: ", "socket closed"}},
		{"next returns a string", next(`"text"`), []string{"): next: must return an event table or nil, got string"}},
		{"text not a string", next(`{ type = "text_delta", text = 5 }`), []string{"): next: text_delta event: 'text' must be a string, got number"}},
		{"thinking not a string", next(`{ type = "thinking_delta", text = {} }`), []string{"next: thinking_delta event: 'text' must be a string, got table"}},
		{"tool call without a name", next(`{ type = "tool_call", id = "1", input_json = "{}" }`), []string{"next: tool_call event: 'name' is required"}},
		{"tool call id not a string", next(`{ type = "tool_call", id = 1, name = "echo" }`), []string{"next: tool_call event: 'id' must be a string, got number"}},
		{"tool call name not a string", next(`{ type = "tool_call", name = true }`), []string{"next: tool_call event: 'name' must be a string, got boolean"}},
		{"tool call input not a string", next(`{ type = "tool_call", name = "echo", input_json = {} }`), []string{"next: tool_call event: 'input_json' must be a string, got table"}},
		{"usage not a table", next(`{ type = "done", usage = 5 }`), []string{"next: done event: 'usage' must be a table"}},
		{"usage reasoning negative", next(`{ type = "done", usage = { reasoning = -3 } }`), []string{"next: done event: usage.reasoning must be a non-negative integer"}},
		{"usage cache_write text", next(`{ type = "done", usage = { cache_write = "1" } }`), []string{"usage.cache_write must be a non-negative integer"}},
		{"error kind not a string", next(`{ type = "error", kind = 5 }`), []string{"next: error event: 'kind' must be a string, got number"}},
		{"error message not a string", next(`{ type = "error", message = {} }`), []string{"next: error event: 'message' must be a string, got table"}},
		{"error without a message", next(`{ type = "error", kind = "invalid_request" }`), []string{"the protocol reported an error"}},
		{"event without a type", next(`{ text = "x" }`), []string{`next: unknown event type "nil" (expected text_delta, tool_call, done or error)`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts := newSession(t, map[string]string{
				"config.toml":    luaProtoConfig,
				"tools/echo.lua": echoTool,
				"extensions/proto.lua": `local panto = require("panto")
return { name = "p", activate = function()
  panto.ext.register_protocol { name = "demo", open = function(req) ` + c.open + ` end }
end }`,
			})
			res := ts.prompt("hi")
			if res.Status != "failed" || res.Err == nil {
				t.Fatalf("result %+v, want a failure", res)
			}
			msg := res.Err.Error()
			rest := msg
			for _, w := range c.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("error %q lacks %q (in order: %q)", msg, w, c.want)
				}
				rest = rest[i+len(w):]
			}
			if strings.Contains(msg, "second line") {
				t.Errorf("the error kept more than its first line: %q", msg)
			}
		})
	}
}

// TestLuaProtocolStreamShapes: a stream's thinking, text, tool calls and
// usage arrive as the turn's; a stream that answers nil until notified
// and one that is ready at once both work; the request table carries
// the conversation, the tools and the tool choice.
func TestLuaProtocolStreamShapes(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml":    luaProtoConfig,
		"tools/echo.lua": echoTool,
		"extensions/proto.lua": `local panto = require("panto")
seen = {}
return { name = "p", activate = function()
  panto.ext.register_protocol { name = "demo", open = function(req)
    local last = req.messages[#req.messages]
    seen[#seen + 1] = req.purpose .. " " .. last.role .. " " .. #req.tools .. " " .. req.tools[1].name .. " " ..
      req.tools[1].schema.type .. " " .. tostring(req.tool_choice) .. " " .. req.system_prompt:sub(1, 0) .. req.context:sub(1, 0) .. "ok"
    local queue
    if last.role == "tool" then
      queue = { { type = "thinking_delta", text = "the tool " }, { type = "thinking_delta", text = "answered" },
        { type = "text_delta", text = "it said " }, { type = "text_delta", text = last.blocks[1].text },
        { type = "done", usage = { input = 10, output = 4, cache_read = 2, cache_write = 1, reasoning = 3 } } }
    else
      queue = { { type = "tool_call", name = "echo", input_json = '{"message":"one"}' }, { type = "done" } }
    end
    return { next = function() return table.remove(queue, 1) end }
  end }
end }`,
	})
	res := ts.prompt("hi")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "it said echo: one" {
		t.Fatalf("result %+v", res)
	}
	if u := res.Usage; u.Input != 10 || u.Output != 4 || u.CacheRead != 2 || u.CacheWrite != 1 || u.Reasoning != 3 {
		t.Errorf("usage %+v", u)
	}
	c := ts.Agent().Conversation()
	last := c.Messages[len(c.Messages)-1]
	if len(last.Blocks) != 2 || last.Blocks[0].Type != conv.Thinking || last.Blocks[0].Text != "the tool answered" || last.StopReason != conv.StopEnd {
		t.Errorf("last message %+v", last)
	}
	if first := c.Messages[1]; first.StopReason != conv.StopToolUse || len(first.Blocks) != 1 || first.Blocks[0].ID != "call_1" {
		t.Errorf("the tool call's message %+v", first)
	}
	if got := strings.Join(luaGlobalList(t, ts, "seen"), " | "); got != "turn user 1 echo object auto ok | turn tool 1 echo object auto ok" {
		t.Errorf("requests %q", got)
	}
}

// TestLuaProtocolRegistrationCancelTurn: a stream without a cancel_turn
// of its own falls back to the registration's, given the request's
// context key; an error in cancel_turn or close is reported as the
// protocol's problem, naming its file.
func TestLuaProtocolRegistrationCancelTurn(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": luaProtoConfig,
		"extensions/proto.lua": `local panto = require("panto")
calls = {}
return { name = "p", activate = function()
  panto.ext.register_protocol { name = "demo",
    cancel_turn = function(self, key) calls[#calls + 1] = "cancel " .. tostring(key == ctx_key); error("cancel failed\nmore") end,
    open = function(req)
      ctx_key = req.context
      opened = true
      return {
        next = function() return nil end,
        close = function() calls[#calls + 1] = "close"; error("close failed") end,
      }
    end }
end }`,
	})
	r, err := ts.Start(context.Background(), []conv.Block{conv.TextBlock("hi")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	L := ts.Host().State().Lua()
	ts.RunLoop(ctx, func() bool { return L.GetGlobal("opened").Truthy() })
	ts.Cancel()
	if res := ts.Wait(ctx, r); res.Status != "cancelled" {
		t.Fatalf("result %+v", res)
	}
	if got := strings.Join(luaGlobalList(t, ts, "calls"), " "); got != "cancel true close" {
		t.Errorf("calls %q", got)
	}
	ts.mu.Lock()
	problems := strings.Join(ts.problems, "\n")
	ts.mu.Unlock()
	for _, want := range []string{"protocol 'demo' cancel_turn", "cancel failed", "protocol 'demo' close", "close failed", "proto.lua"} {
		if !strings.Contains(problems, want) {
			t.Errorf("problems lack %q:\n%s", want, problems)
		}
	}
	if strings.Contains(problems, "more") {
		t.Errorf("a problem kept more than its error's first line:\n%s", problems)
	}
	// The error is the problem's message; what failed, its subject.
	for _, want := range []string{"cancel failed (protocol 'demo' cancel_turn)", "close failed (protocol 'demo' close)"} {
		if !strings.Contains(problems, want) {
			t.Errorf("problems lack %q:\n%s", want, problems)
		}
	}
}

// TestLuaProtocolFinishedStreamNotCancelled: a stream that ended itself
// (an error event, or next raising) was not abandoned: cancel_turn does
// not run for it, close does.
func TestLuaProtocolFinishedStreamNotCancelled(t *testing.T) {
	for name, next := range map[string]string{
		"error event": `return { type = "error", kind = "invalid_request", message = "bad request" }`,
		"next raises": `error("socket closed")`,
	} {
		t.Run(name, func(t *testing.T) {
			ts := newSession(t, map[string]string{
				"config.toml": luaProtoConfig,
				"extensions/proto.lua": `local panto = require("panto")
calls = {}
return { name = "p", activate = function()
  panto.ext.register_protocol { name = "demo", open = function(req)
    return {
      next = function() ` + next + ` end,
      cancel_turn = function() calls[#calls + 1] = "cancel_turn" end,
      close = function() calls[#calls + 1] = "close" end,
    }
  end }
end }`,
			})
			if res := ts.prompt("hi"); res.Status != "failed" {
				t.Fatalf("result %+v, want a failure", res)
			}
			got := luaGlobalList(t, ts, "calls")
			if len(got) == 0 || slices.Contains(got, "cancel_turn") {
				t.Errorf("calls %q, want close only", got)
			}
		})
	}
}
