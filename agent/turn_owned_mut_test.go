package agent

import (
	"context"
	"strings"
	"sync"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider"
)

// captureEvents is an owned agent's event sink: no host events, each
// event recorded.
type captureEvents struct {
	mu  sync.Mutex
	evs []Event
}

func (c *captureEvents) hostEvents() bool { return false }
func (c *captureEvents) emit(e Event) {
	c.mu.Lock()
	c.evs = append(c.evs, e)
	c.mu.Unlock()
}

func (c *captureEvents) summary() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, e := range c.evs {
		s := e.Type
		for _, k := range []string{"text", "delta", "tool_name", "input", "output", "result_ok", "turn", "ok"} {
			if v, ok := e.Fields[k]; ok {
				switch v := v.(type) {
				case string:
					s += " " + k + "=" + v
				case rawJSON:
					s += " " + k + "=" + string(v)
				case bool:
					if v {
						s += " " + k + "=true"
					} else {
						s += " " + k + "=false"
					}
				case int:
					s += " " + k + "=" + itoa(v)
				}
			}
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

// ownedTurn runs one turn of an owned agent over the session's model.
func ownedTurn(t *testing.T, ts *testSession, a *Agent, dispatch bool, prompt string) (Result, *captureEvents) {
	t.Helper()
	ev := &captureEvents{}
	var res Result
	withLoop(t, ts, func(ctx context.Context) {
		tr := &turn{a: a, s: ts.Session, ctx: ctx, ev: ev, lane: a, dispatch: dispatch, purpose: "agent"}
		res = tr.run([]conv.Block{conv.TextBlock(prompt)})
	})
	return res, ev
}

// TestOwnedAgentEvents: an owned agent's observers get one event per
// delta and one complete event per block, the tool events with the
// call's name and input, and the results, in order; its requests are
// the agent's purpose.
func TestOwnedAgentEvents(t *testing.T) {
	ts, p := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{
		{events: []provider.Event{
			{Type: provider.ThinkingDelta, Text: "hm"},
			text("a"), text("b"),
			{Type: provider.ToolCallStart, Index: 0, ID: "c1", Name: "echo"},
			{Type: provider.ToolCallDelta, Index: 0, Text: `{"message":"x"}`},
			done("", conv.Usage{}),
		}},
		answer("fin"),
	})
	a := &Agent{sess: ts.Session, conv: &conv.Conversation{}, model: ts.Agent().Model(), toolNames: []string{"echo"}, system: "owned system"}
	res, ev := ownedTurn(t, ts, a, true, "go")
	if res.Status != "completed" || res.Text != "fin" || res.Requests != 2 {
		t.Fatalf("result %+v", res)
	}
	want := strings.Join([]string{
		"user_message text=go",
		"turn_start turn=1",
		"thinking_delta delta=hm",
		"thinking_complete text=hm",
		"assistant_text_delta delta=a",
		"assistant_text_delta delta=b",
		"assistant_text_complete text=ab",
		"tool",
		"tool_details tool_name=echo",
		`tool_delta delta={"message":"x"} tool_name=echo input={"message":"x"}`,
		`tool_call_complete tool_name=echo input={"message":"x"}`,
		"assistant_message",
		"tool_result tool_name=echo output=echo: x result_ok=true",
		"assistant_text_delta delta=fin",
		"assistant_text_complete text=fin",
		"assistant_message",
		"turn_end turn=1 ok=true",
	}, "\n")
	if got := ev.summary(); got != want {
		t.Errorf("events:\n%s\nwant:\n%s", got, want)
	}
	for _, r := range p.requests() {
		if r.Purpose != "agent" || r.System != "owned system" || len(r.Tools) != 1 {
			t.Errorf("request purpose %q system %q tools %d", r.Purpose, r.System, len(r.Tools))
		}
	}
	// The session agent saw none of it.
	if n := ts.Agent().Conversation().Len(); n != 0 || len(ts.eventsOf("tool_result")) != 0 {
		t.Errorf("the session agent has %d messages", n)
	}
	if n := a.Conversation().Len(); n != 4 {
		t.Errorf("the owned agent has %d messages", n)
	}
}

// TestOwnedAgentWithoutTools: an agent that dispatches nothing hands the
// model's calls back in its result, after one request.
func TestOwnedAgentWithoutTools(t *testing.T) {
	ts, p := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{
		callResp("c1", "echo", `{"message":"x"}`),
		answer("unused"),
	})
	a := &Agent{sess: ts.Session, conv: &conv.Conversation{}, model: ts.Agent().Model()}
	res, ev := ownedTurn(t, ts, a, false, "go")
	if res.Status != "completed" || res.Requests != 1 || len(p.requests()) != 1 {
		t.Fatalf("result %+v", res)
	}
	if len(res.ToolCalls) != 1 || res.ToolCalls[0].ID != "c1" || res.ToolCalls[0].Arguments != `{"message":"x"}` {
		t.Errorf("tool calls %+v", res.ToolCalls)
	}
	if strings.Contains(ev.summary(), "tool_result") {
		t.Errorf("a call ran:\n%s", ev.summary())
	}
	if n := len(p.requests()[0].Tools); n != 0 {
		t.Errorf("%d tools offered", n)
	}
}

// TestOwnedAgentMaxRequests: an owned agent's own bound stops its turn.
func TestOwnedAgentMaxRequests(t *testing.T) {
	ts, p := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{
		callResp("c1", "echo", `{"message":"1"}`),
		callResp("c2", "echo", `{"message":"2"}`),
		answer("unused"),
	})
	a := &Agent{sess: ts.Session, conv: &conv.Conversation{}, model: ts.Agent().Model(), toolNames: []string{"echo"}, maxRequests: 2}
	res, ev := ownedTurn(t, ts, a, true, "go")
	want := "the turn stopped after 2 model requests (the limit is max_requests = 2): the model kept calling tools"
	if res.Status != "failed" || res.Err == nil || res.Err.Error() != want || len(p.requests()) != 2 {
		t.Fatalf("result %+v", res)
	}
	if !strings.HasSuffix(ev.summary(), "turn_end turn=1 ok=false") {
		t.Errorf("events end:\n%s", ev.summary())
	}
}
