package agent

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"panto/agent/conv"
	"panto/host"
)

// toolsFor lists the tools an agent offers the model: every registered
// tool for the session agent; for an owned agent, its own tools and the
// host tools it selected.
func (s *Session) toolsFor(ctx context.Context, a *Agent) ([]*host.Tool, error) {
	var out []*host.Tool
	err := s.owner.do(ctx, func() {
		if s.host.State() == nil {
			return
		}
		if a.borrowed {
			out = s.host.Tools()
			return
		}
		a.mu.Lock()
		names, local, order := a.toolNames, a.local, a.localList
		a.mu.Unlock()
		for _, n := range order {
			out = append(out, local[n])
		}
		for _, n := range names {
			if local[n] != nil {
				continue
			}
			if tool := s.host.Tool(n); tool != nil {
				out = append(out, tool)
			}
		}
	})
	return out, err
}

// allowedTool is the tool a call may run for agent a: nil when the agent
// does not offer it.
func (s *Session) allowedTool(a *Agent, name string) (*host.Tool, bool) {
	if a.borrowed {
		return nil, s.host.Tool(name) != nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if t := a.local[name]; t != nil {
		return t, true
	}
	return nil, contains(a.toolNames, name) && s.host.Tool(name) != nil
}

// toolNamesOf lists an agent's tool names, sorted, for messages.
func (s *Session) toolNamesOf(a *Agent) []string {
	var names []string
	if a.borrowed {
		for _, t := range s.host.Tools() {
			names = append(names, t.Name)
		}
		return names
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	names = append(names, a.localList...)
	for _, n := range a.toolNames {
		if a.local[n] == nil && s.host.Tool(n) != nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// runTools dispatches the calls of one assistant message together (their
// handlers interleave while they await), waits for all of them, then
// fires their results and persists them in call order. A call that
// cannot run (unknown tool, invalid input) gets an error result the
// model sees; cancellation leaves every call with a result too, so the
// conversation stays valid for the next request. The store records
// that the calls of message msgID were dispatched before they run: a
// panto killed meanwhile leaves that record, and resuming answers the
// calls as interrupted rather than as never run.
func (t *turn) runTools(msgID string, calls []*pendingCall) error {
	s, a := t.s, t.a
	t.judge(calls)
	if err := a.markDispatched(msgID); err != nil {
		return err
	}
	// The files that write tools will change, as they are before: the
	// checkpoints /rewind restores.
	snaps := make([]*fileSnap, len(calls))
	werr := s.owner.await(t.ctx, func(signal func()) {
		pending := len(calls)
		finished := func() {
			pending--
			if pending == 0 {
				signal()
			}
		}
		if s.host.State() == nil {
			signal()
			return
		}
		for i, c := range calls {
			snaps[i] = t.snapshot(c)
			if c.tc == nil {
				c.tc = s.host.BeginQuietToolCall(0)
				c.tc.Details(t.ctx, c.name, c.id)
			}
			switch tool, ok := s.allowedTool(a, c.name); {
			case c.invalid != "":
				c.tc.Fail(c.invalid)
			case !ok:
				c.tc.Fail(fmt.Sprintf("unknown tool '%s' (available: %s)", c.name, listOrNone(s.toolNamesOf(a))))
			case t.offered != nil && !t.offered[c.name]:
				c.tc.Fail(fmt.Sprintf("tool '%s' was not offered in this request (a bone before_turn tool_filter)", c.name))
			case c.denied != "":
				c.tc.Fail(c.denied)
			case tool != nil:
				c.tc.Bind(tool)
			}
			if t.ev.hostEvents() {
				t.ev.emit(Event{Type: "tool_dispatch_start", Fields: map[string]any{"index": c.tc.Index, "tool_name": c.name, "id": c.id}, Call: c.tc})
				c.tc.OnOutput = t.streamTo(c)
			}
			c.tc.Dispatch(t.ctx, a)
		}
		for _, c := range calls {
			c.tc.OnFinished(finished)
		}
	})
	if werr != nil && t.ctx.Err() == nil {
		return werr
	}
	// Results, in call order, even when the turn was cancelled meanwhile
	// (the calls were then interrupted and their results are errors).
	ctx := context.WithoutCancel(t.ctx)
	results := make([]conv.Message, len(calls))
	s.owner.do(ctx, func() {
		for i, c := range calls {
			if s.host.State() != nil {
				c.tc.Await(t.ctx)
			}
			results[i] = toolMessage(c)
			results[i].Metadata = s.takeSubagentLink(a, c.id)
			if t.ev.hostEvents() {
				t.ev.emit(Event{Type: "tool_output_delta", Fields: map[string]any{"index": c.tc.Index, "tool_name": c.name, "id": c.id,
					"delta": c.tc.ResultDelta(), "output": results[i].Text(), "partial": false}, Call: c.tc})
				t.ev.emit(Event{Type: "tool_result", Fields: map[string]any{"index": c.tc.Index, "tool_name": c.name, "id": c.id,
					"output": c.tc.Output, "result_ok": c.tc.OK}, Call: c.tc})
			}
		}
	})
	if t.ev.hostEvents() && s.hooks.Has("PostToolUse") && t.ctx.Err() == nil {
		for i, c := range calls {
			if results[i].IsError || len(results[i].Blocks) == 0 {
				continue
			}
			if extra := t.postToolUse(c, results[i].Text()); extra != "" {
				results[i].Blocks[0].Text += "\n\n" + extra
			}
		}
	}
	for i, c := range calls {
		if !t.ev.hostEvents() {
			t.ev.emit(Event{Type: "tool_result", Fields: map[string]any{"tool_name": c.name, "id": c.id, "output": results[i].Text(), "result_ok": !results[i].IsError}})
		}
		if _, err := a.appendMessage(results[i]); err != nil {
			return err
		}
		if snaps[i] != nil {
			if err := t.checkpoint(c, snaps[i]); err != nil {
				return err
			}
		}
	}
	return t.ctx.Err()
}

// streamTo tells the session's observers each piece of output a call's
// handler streams: tool_output_delta with partial true and the piece as
// delta. Unlike the Lua event it carries no accumulated output, which
// would make --mode json's output grow with the square of a command's.
func (t *turn) streamTo(c *pendingCall) func(string) {
	return func(delta string) {
		t.ev.emit(Event{Type: "tool_output_delta", Fields: map[string]any{"index": c.tc.Index, "tool_name": c.name, "id": c.id,
			"delta": delta, "partial": true}, Call: c.tc})
	}
}

// toolMessage is the tool result message of a finished call.
func toolMessage(c *pendingCall) conv.Message {
	m := conv.Message{Role: conv.Tool, ToolCallID: c.id, ToolName: c.name, Time: time.Now()}
	tc := c.tc
	if tc == nil || !tc.Done() {
		m.IsError = true
		m.Blocks = []conv.Block{conv.TextBlock("the call did not run: the session's Lua state was closed")}
		return m
	}
	m.IsError = !tc.OK
	m.Blocks = []conv.Block{conv.TextBlock(tc.Output)}
	for _, att := range tc.Attachments {
		m.Blocks = append(m.Blocks, conv.Block{Type: conv.Image, MediaType: att.MediaType, Data: att.Data})
	}
	return m
}

func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
