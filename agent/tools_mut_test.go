package agent

import (
	"context"
	"slices"
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/host"
)

// TestReasoningBlocks: thinking deltas join one block until its
// signature; a redacted block stands alone; a signature with no open
// thinking block makes a block of its own; a protocol that announces a
// block before its text does not leave an empty one behind.
func TestReasoningBlocks(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{{events: []provider.Event{
		{Type: provider.ThinkingDelta, NewBlock: true},
		{Type: provider.ThinkingDelta, NewBlock: true, Text: "a"},
		{Type: provider.ThinkingDelta, Text: "b"},
		{Type: provider.ThinkingSignature, Signature: "S1"},
		{Type: provider.RedactedThinking, Data: "R"},
		text("t1"),
		{Type: provider.ThinkingSignature, Signature: "S2", ID: "x", Data: "D"},
		{Type: provider.ThinkingDelta, Text: "c"},
		{Type: provider.ThinkingDelta, NewBlock: true, Text: "d"},
		text("t2"),
		done("", conv.Usage{}),
	}}})
	res := ts.prompt("q")
	if res.Status != "completed" || res.Text != "t1t2" {
		t.Fatalf("result %+v", res)
	}
	bs := ts.Agent().Conversation().Messages[1].Blocks
	type blk struct {
		typ                 conv.BlockType
		text, sig, id, data string
		redacted            bool
	}
	want := []blk{
		{conv.Thinking, "ab", "S1", "", "", false},
		{conv.Thinking, "", "", "", "R", true},
		{conv.Text, "t1", "", "", "", false},
		{conv.Thinking, "c", "S2", "x", "D", false},
		{conv.Thinking, "d", "", "", "", false},
		{conv.Text, "t2", "", "", "", false},
	}
	if len(bs) != len(want) {
		t.Fatalf("%d blocks: %+v", len(bs), bs)
	}
	for i, w := range want {
		b := bs[i]
		got := blk{b.Type, b.Text, b.Signature, b.ID, b.Data, b.Redacted}
		if got != w {
			t.Errorf("block %d = %+v, want %+v", i, got, w)
		}
	}
	// One complete event per block, with its whole text.
	var thinking, texts []string
	for _, e := range ts.eventsOf("thinking_complete") {
		thinking = append(thinking, e.Fields["text"].(string))
	}
	for _, e := range ts.eventsOf("assistant_text_complete") {
		texts = append(texts, e.Fields["text"].(string))
	}
	if strings.Join(thinking, "|") != "ab|c|d" || strings.Join(texts, "|") != "t1|t2" {
		t.Errorf("complete events: thinking %q, text %q", thinking, texts)
	}
	if n := len(ts.eventsOf("thinking_delta")); n != 5 {
		t.Errorf("%d thinking deltas", n)
	}
}

// TestInterleavedCallArguments: argument deltas go to the call their
// index names, whatever the order; deltas and ends for an index no call
// started are ignored; a call without arguments gets an empty object.
func TestInterleavedCallArguments(t *testing.T) {
	ts, p := seqSession(t, map[string]string{"tools/echo.lua": echoTool, "tools/spy.lua": spyTool}, []seqResp{
		{events: []provider.Event{
			{Type: provider.ToolCallStart, Index: 4, ID: "A", Name: "echo"},
			{Type: provider.ToolCallStart, Index: 7, ID: "B", Name: "echo"},
			{Type: provider.ToolCallStart, Index: 9, ID: "C", Name: "spy"},
			{Type: provider.ToolCallDelta, Index: 7, Text: `{"message":`},
			{Type: provider.ToolCallDelta, Index: 4, Text: `{"message":"for A"}`},
			{Type: provider.ToolCallDelta, Index: 5, Text: `garbage`},
			{Type: provider.ToolCallEnd, Index: 6},
			{Type: provider.ToolCallEnd, Index: 4},
			{Type: provider.ToolCallDelta, Index: 7, Text: `"for B"}`},
			done("", conv.Usage{}),
		}},
		answer("ok"),
	})
	res := ts.prompt("q")
	ts.noProblems()
	if res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	calls := ts.Agent().Conversation().Messages[1].ToolCalls()
	if len(calls) != 3 || calls[0].Arguments != `{"message":"for A"}` || calls[1].Arguments != `{"message":"for B"}` || calls[2].Arguments != "{}" {
		t.Fatalf("calls %+v", calls)
	}
	trs := toolResults(ts.Agent().Conversation())
	if len(trs) != 3 || trs[0].Text() != "echo: for A" || trs[1].Text() != "echo: for B" || trs[2].Text() != "spied" {
		t.Errorf("results %+v", trs)
	}
	// The model gets the calls back with the same ids and inputs.
	sent := p.requests()[1].Messages[1].ToolCalls()
	if len(sent) != 3 || sent[1].ID != "B" || sent[2].Arguments != "{}" {
		t.Errorf("sent back %+v", sent)
	}
	// Each delta reaches observers with the input so far.
	var inputs []string
	for _, e := range ts.eventsOf("tool_delta") {
		inputs = append(inputs, e.Fields["id"].(string)+"="+e.Fields["input"].(string))
	}
	if strings.Join(inputs, " ") != `B={"message": A={"message":"for A"} B={"message":"for B"}` {
		t.Errorf("tool_delta inputs %q", inputs)
	}
	var completed []string
	for _, e := range ts.eventsOf("tool_call_complete") {
		completed = append(completed, e.Fields["id"].(string))
	}
	// A is ended by the protocol; B and C at done, in call order.
	if strings.Join(completed, " ") != "A B C" {
		t.Errorf("tool_call_complete order %q", completed)
	}
}

// TestToolResultAttachments: a handler's image attachments follow its
// text in the result the model gets back.
func TestToolResultAttachments(t *testing.T) {
	ts, p := seqSession(t, map[string]string{
		"tools/shot.lua": `return { name = "shot", description = "d", schema = { type = "object" },
  handler = function() return { text = "a screenshot", attachments = { { media_type = "image/png", data = "iVBORw0K" } } } end }`,
	}, []seqResp{callResp("s1", "shot", `{}`), answer("seen")})
	if res := ts.prompt("look"); res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	tr := p.requests()[1].Messages[2]
	if tr.Role != conv.Tool || tr.ToolCallID != "s1" || tr.ToolName != "shot" || tr.IsError || len(tr.Blocks) != 2 ||
		tr.Blocks[0].Text != "a screenshot" || tr.Blocks[1].Type != conv.Image || tr.Blocks[1].MediaType != "image/png" || tr.Blocks[1].Data != "iVBORw0K" {
		t.Errorf("tool result %+v", tr)
	}
	// Observers see the result's fields.
	ev := ts.eventsOf("tool_result")
	if len(ev) != 1 || ev[0].Fields["output"] != "a screenshot" || ev[0].Fields["result_ok"] != true || ev[0].Fields["tool_name"] != "shot" || ev[0].Fields["id"] != "s1" {
		t.Errorf("tool_result %+v", ev)
	}
}

// TestOwnedAgentLocalTools: an owned agent offers its own tools first,
// in the order it registered them, then the host tools it selected; its
// own tool shadows a host tool of the same name, which is offered once.
func TestOwnedAgentLocalTools(t *testing.T) {
	ts := newSession(t, map[string]string{"tools/echo.lua": echoTool, "tools/spy.lua": spyTool})
	mine, echo := &host.Tool{Name: "zeta"}, &host.Tool{Name: "echo"}
	owned := &Agent{
		toolNames: []string{"spy", "echo", "missing"},
		local:     map[string]*host.Tool{"zeta": mine, "echo": echo},
		localList: []string{"zeta", "echo"},
	}
	withLoop(t, ts, func(ctx context.Context) {
		tools, err := ts.toolsFor(ctx, owned)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range tools {
			names = append(names, tool.Name)
		}
		if strings.Join(names, " ") != "zeta echo spy" || tools[1] != echo {
			t.Errorf("offered %v", names)
		}
	})
	if got := ts.toolNamesOf(owned); !slices.Equal(got, []string{"echo", "spy", "zeta"}) {
		t.Errorf("names %v", got)
	}
	if tool, ok := ts.allowedTool(owned, "echo"); !ok || tool != echo {
		t.Errorf("allowedTool(echo) = %v %v, want the agent's own", tool, ok)
	}
	if tool, ok := ts.allowedTool(owned, "spy"); !ok || tool != nil {
		t.Errorf("allowedTool(spy) = %v %v, want the host's", tool, ok)
	}
	if _, ok := ts.allowedTool(owned, "missing"); ok {
		t.Error("a selected tool the host lacks is allowed")
	}
	none := &Agent{}
	if got := ts.toolNamesOf(none); len(got) != 0 {
		t.Errorf("an agent without tools names %v", got)
	}
}

// TestTextAroundRedactedThinking: text before a redacted reasoning block
// is complete before it, and text after it is a block of its own.
func TestTextAroundRedactedThinking(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{}, []seqResp{{events: []provider.Event{
		text("before"),
		{Type: provider.RedactedThinking, Data: "R"},
		text("after"),
		done("", conv.Usage{}),
	}}})
	if res := ts.prompt("q"); res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	var got []string
	for _, e := range ts.eventsOf("assistant_text_complete") {
		got = append(got, e.Fields["text"].(string))
	}
	if strings.Join(got, "|") != "before|after" {
		t.Errorf("assistant_text_complete %q", got)
	}
	bs := ts.Agent().Conversation().Messages[1].Blocks
	if len(bs) != 3 || bs[0].Text != "before" || !bs[1].Redacted || bs[2].Text != "after" {
		t.Errorf("blocks %+v", bs)
	}
}

// TestThinkingLastIsCompleted: a response that ends on reasoning still
// completes its block, once, for the session and for an owned agent.
func TestThinkingLastIsCompleted(t *testing.T) {
	resp := func() seqResp {
		return seqResp{events: []provider.Event{{Type: provider.ThinkingDelta, Text: "only thoughts"}, done("", conv.Usage{})}}
	}
	ts, _ := seqSession(t, map[string]string{}, []seqResp{resp(), resp()})
	ts.prompt("q")
	if ev := ts.eventsOf("thinking_complete"); len(ev) != 1 || ev[0].Fields["text"] != "only thoughts" {
		t.Errorf("thinking_complete %+v", ev)
	}
	a := &Agent{sess: ts.Session, conv: &conv.Conversation{}, model: ts.Agent().Model()}
	_, ev := ownedTurn(t, ts, a, false, "q")
	if got := ev.summary(); strings.Count(got, "thinking_complete text=only thoughts") != 1 {
		t.Errorf("owned agent events:\n%s", got)
	}
}
