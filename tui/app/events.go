package app

import (
	"context"
	"fmt"
	"strings"

	"panto/agent"
	"panto/agent/conv"
)

// OnEvent is the session's observer (agent.Options.OnEvent): it turns
// the session's events into transcript blocks. It runs on the owner.
func (a *App) OnEvent(e agent.Event) {
	if a.scr == nil {
		return // before Run: nothing is shown yet
	}
	f := e.Fields
	switch e.Type {
	case "user_message":
		text, _ := f["text"].(string)
		a.dequeue(text)
		if e.Block != nil {
			a.scr.Add(hostBlock{a, e.Block}).Finish()
			a.blocks = append(a.blocks, e.Block)
		}
		if rows := a.attachedOf(f); len(rows) > 0 {
			a.scr.Print(rows...)
		}
		a.activity = "Thinking"
	case "thinking_delta":
		if e.Block == nil {
			break
		}
		if a.thinking == nil || a.thinking.b != e.Block {
			a.closeText()
			tb := &thinkingBlock{hostBlock: hostBlock{a, e.Block}}
			e.Block.SetNative(tb.chunks(a.th, a.expanded))
			tb.item = a.scr.Add(tb)
			a.thinkingBlocks = append(a.thinkingBlocks, tb)
			a.blocks = append(a.blocks, e.Block)
			a.thinking = tb
		}
		a.thinking.text, _ = f["text"].(string)
		e.Block.Touch()
		a.activity = "Thinking"
	case "thinking_complete":
		if a.thinking != nil {
			a.thinking.item.Finish()
		}
		a.thinking = nil
	case "assistant_text_delta":
		if a.text == nil || e.Block == nil || a.text.b != e.Block {
			msg := a.md.NewMessage()
			tb := &textBlock{hostBlock: hostBlock{a, e.Block}, msg: msg}
			e.Block.SetNative(msg.Render)
			tb.item = a.scr.Add(tb)
			a.blocks = append(a.blocks, e.Block)
			a.text = tb
		}
		delta, _ := f["delta"].(string)
		a.text.msg.Append(delta)
		a.activity = "Writing"
	case "assistant_text_complete":
		a.closeText()
	case "tool":
		if e.Call != nil {
			tb := &toolBlock{hostBlock: hostBlock{a, e.Call.Block}, call: e.Call}
			tb.item = a.scr.Add(tb)
			a.toolList = append(a.toolList, tb)
			a.blocks = append(a.blocks, e.Call.Block)
			a.pendingTool = tb
		}
	case "tool_details":
		if tb := a.pendingTool; tb != nil && e.Call == tb.call {
			id, _ := f["id"].(string)
			tb.name, _ = f["tool_name"].(string)
			a.tools[id] = tb
			a.pendingTool = nil
			if a.expanded != !tb.call.Collapsed() {
				tb.call.SetCollapsed(a.ctx, !a.expanded)
			}
		}
	case "tool_dispatch_start":
		name, _ := f["tool_name"].(string)
		a.activity = "Running " + name
	case "tool_result":
		id, _ := f["id"].(string)
		if tb := a.tools[id]; tb != nil {
			tb.endSub()
			tb.item.Finish()
			delete(a.tools, id)
		}
		a.activity = "Thinking"
	case "status":
		// A live status from an extension (bone's ctx.ui.status): the
		// spinner line says it while the turn runs.
		if msg, _ := f["message"].(string); msg != "" && a.run != nil {
			a.activity = msg
		}
	case "subagent_start", "subagent_tool", "subagent_end":
		a.subagentEvent(e)
	case "notice":
		msg, _ := f["message"].(string)
		a.scr.Print(paint(a.th, "warning", "⟳ ") + paint(a.th, "muted", msg))
		if kind, _ := f["kind"].(string); kind == "retry" {
			// The status line says the request is being retried, not that
			// the model is thinking, until the new request streams.
			n, _ := f["retry"].(int)
			of, _ := f["retries"].(int)
			reason, _ := f["reason"].(string)
			a.activity = fmt.Sprintf("retrying (%d/%d) after %s", n, of, reason)
		}
	case "compaction":
		before, _ := f["tokens_before"].(int64)
		a.scr.Print(paint(a.th, "muted", fmt.Sprintf("✂ compacted the conversation (%s tokens summarised)", tokens(before))))
	case "turn_end":
		if ok, _ := f["ok"].(bool); !ok {
			msg, _ := f["error"].(string)
			if msg == "cancelled" {
				a.scr.Print(paint(a.th, "warning", "⏹ cancelled"))
			} else if msg != "" {
				a.scr.Print(paint(a.th, "error", "✗ "+msg))
			}
		}
		a.closeText()
		for id, tb := range a.tools {
			tb.endSub()
			tb.item.Finish()
			delete(a.tools, id)
		}
	case "error":
		msg, _ := f["message"].(string)
		a.scr.Print(paint(a.th, "error", "✗ "+msg))
	case "session_switch":
		// A command switched the session after it returned (bone's
		// conversation.load, config.reload_tools, config.apply): the
		// screen shows what /resume or /reload would.
		a.focus = nil
		if r, _ := f["reason"].(string); r == "resume" {
			a.resetTranscriptState()
			a.scr.Print(paint(a.th, "muted", "resumed session "+short(a.s.ID())))
			a.replay(a.s.Agent().Conversation())
			break
		}
		h := a.s.Host()
		a.scr.Print(paint(a.th, "muted", fmt.Sprintf("reloaded: %d tools, %d commands, %d problems", len(h.Tools()), len(a.commandNames()), len(h.Problems()))))
	}
	a.draw()
}

// closeText finishes the streaming text block.
func (a *App) closeText() {
	if a.text != nil {
		a.text.msg.Close()
		a.text.item.Finish()
		a.text = nil
	}
}

func tokens(n int64) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

// dequeue drops the first queued submission with this text: the session
// delivered it.
func (a *App) dequeue(text string) {
	for i, q := range a.queued {
		if q.text == text || strings.TrimSpace(q.text) == strings.TrimSpace(text) {
			a.queued = append(a.queued[:i], a.queued[i+1:]...)
			return
		}
	}
}

// replay prints a stored conversation (after /resume, /tree or
// --continue) the way it looked live: user messages, thinking
// (collapsed, Ctrl-O expands it), assistant text as markdown, each tool
// call through its tool's component (host.ReplayToolCall fires
// tool_replay, not the lifecycle events of a call that is over), and how
// a turn that did not complete ended (its error, or its cancel). Only
// the last screens are drawn (replayScreens), so a long session opens at
// once; the rest stays in the session file, and /tree browses it.
func (a *App) replay(c *conv.Conversation) {
	h := 24
	if _, th, err := a.o.Term.Size(); err == nil && th >= 3 {
		h = th
	}
	from := replayStart(c.Messages, replayScreens*h)
	if hidden := c.Offloaded + from; hidden > 0 {
		a.scr.Print(paint(a.th, "muted", fmt.Sprintf("… %d earlier message%s (/tree browses them)", hidden, plural(hidden))))
	}
	results := map[string]*conv.Message{}
	for i := from; i < len(c.Messages); i++ {
		if m := &c.Messages[i]; m.Role == conv.Tool {
			results[m.ToolCallID] = m
		}
	}
	for _, m := range c.Messages[from:] {
		switch m.Role {
		case conv.User:
			if sh, ok := agent.ShellCommandOf(&m); ok {
				a.replayShell(0, sh)
				continue
			}
			typed, atts := agent.Attachments(m.Blocks)
			a.scr.Print("", paint(a.th, "accent", "> ")+(&conv.Message{Blocks: typed}).Text())
			if len(atts) > 0 {
				a.scr.Print(a.attachRows(atts)...)
			}
		case conv.Assistant:
			a.replayAssistant(&m, results)
		case conv.Compaction:
			a.scr.Print(paint(a.th, "muted", "✂ (earlier messages compacted)"))
		}
	}
}

// replayScreens is how many screens of a stored conversation are drawn.
const replayScreens = 3

// replayStart is the first message to draw so that about rows rows are
// drawn: a user or assistant message (a tool result shows with its
// call). Rows are counted before wrapping, so at least that many come.
func replayStart(ms []conv.Message, rows int) int {
	n := 0
	for i := len(ms) - 1; i >= 0; i-- {
		n += replayRows(&ms[i])
		if n < rows {
			continue
		}
		for j := i; j < len(ms); j++ {
			if ms[j].Role == conv.User || ms[j].Role == conv.Assistant {
				return j
			}
		}
		return len(ms)
	}
	return 0
}

// replayRows is about how many rows replay draws for m.
func replayRows(m *conv.Message) int {
	switch m.Role {
	case conv.User:
		typed, atts := agent.Attachments(m.Blocks)
		return 2 + strings.Count((&conv.Message{Blocks: typed}).Text(), "\n") + len(atts)
	case conv.Assistant:
		n := 0
		for _, b := range m.Blocks {
			switch b.Type {
			case conv.Text, conv.Thinking:
				n += 2 + strings.Count(b.Text, "\n")
			case conv.ToolCall:
				n += 6 // a blank row, the call, up to three result rows and "… +n lines"
			}
		}
		return n
	case conv.Compaction:
		return 1
	}
	return 0
}

// replayAssistant prints one stored assistant message, block by block in
// the order the model produced them, then its error or cancel.
func (a *App) replayAssistant(m *conv.Message, results map[string]*conv.Message) {
	var text strings.Builder
	flush := func() {
		if t := text.String(); strings.TrimSpace(t) != "" {
			a.scr.Add(rowsBlock(spaced(a.md.Render(t, a.width()), a.width()))).Finish()
		}
		text.Reset()
	}
	calls := 0
	for _, b := range m.Blocks {
		switch b.Type {
		case conv.Text:
			text.WriteString(b.Text)
		case conv.Thinking:
			flush()
			if strings.TrimSpace(b.Text) != "" {
				a.scr.Add(&replayedThinking{a: a, text: b.Text}).Finish()
			}
		case conv.ToolCall:
			flush()
			calls++
			a.replayCall(calls, b, results[b.ID])
		}
	}
	flush()
	switch m.StopReason {
	case conv.StopCancelled:
		a.scr.Print(paint(a.th, "warning", "⏹ cancelled"))
	case conv.StopError:
		if m.Error != "" {
			a.scr.Print(paint(a.th, "error", "✗ "+m.Error))
		}
	}
}

// replayCall draws a stored tool call through its tool's component; a
// call whose turn ended before it ran says so.
func (a *App) replayCall(index int, call conv.Block, result *conv.Message) {
	output, ok := "(no result: the turn ended before the call ran)", false
	if result != nil {
		output, ok = result.Text(), !result.IsError
	}
	tc := a.s.Host().ReplayToolCall(context.WithoutCancel(a.ctx), index, call.Name, call.ID, call.Arguments, output, ok)
	if a.expanded {
		tc.SetCollapsed(context.WithoutCancel(a.ctx), false)
	}
	tb := &toolBlock{hostBlock: hostBlock{a, tc.Block}, call: tc, name: call.Name}
	tb.item = a.scr.Add(tb)
	tb.item.Finish()
	a.toolList = append(a.toolList, tb)
	a.blocks = append(a.blocks, tc.Block)
}

// replayedThinking is stored reasoning: drawn as live thinking is, and
// expanded with it by Ctrl-O.
type replayedThinking struct {
	a    *App
	text string
}

func (r *replayedThinking) Render(width int) []string {
	return spaced(rowsOf(thinkingRows(r.a.th, r.text, r.a.expanded), width), width)
}

// rowsBlock is a block of ready rows (re-rendered from markdown at a new
// width would need the source; replayed history keeps its rows).
type rowsBlock []string

func (r rowsBlock) Render(width int) []string { return rowsOf(r, width) }

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// Version changes with Ctrl-O, the only thing that changes the rows.
func (r *replayedThinking) Version() uint64 {
	if r.a.expanded {
		return 1
	}
	return 0
}
