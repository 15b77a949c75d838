package app

import (
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
			tb.item.Finish()
			delete(a.tools, id)
		}
		a.activity = "Thinking"
	case "notice":
		msg, _ := f["message"].(string)
		a.scr.Print(paint(a.th, "warning", "⟳ ") + paint(a.th, "muted", msg))
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
			tb.item.Finish()
			delete(a.tools, id)
		}
	case "error":
		msg, _ := f["message"].(string)
		a.scr.Print(paint(a.th, "error", "✗ "+msg))
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

// replay prints a stored conversation (after /resume or /tree): user
// messages, assistant text as markdown, tool calls as one line each.
func (a *App) replay(c *conv.Conversation) {
	for _, m := range c.Messages {
		switch m.Role {
		case conv.User:
			a.scr.Print("", paint(a.th, "accent", "> ")+m.Text())
		case conv.Assistant:
			if t := m.Text(); t != "" {
				a.scr.Add(rowsBlock(spaced(a.md.Render(t, a.width()), a.width()))).Finish()
			}
			for _, call := range m.ToolCalls() {
				a.scr.Print("", paint(a.th, "accent", "●")+" "+paint(a.th, "tool", call.Name)+paint(a.th, "muted", "("+oneLine(call.Arguments, 60)+")"))
			}
		case conv.Tool:
			role := "muted"
			if m.IsError {
				role = "error"
			}
			a.scr.Print("  ⎿ " + paint(a.th, role, oneLine(m.Text(), 100)))
		case conv.Compaction:
			a.scr.Print(paint(a.th, "muted", "✂ (earlier messages compacted)"))
		}
	}
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
