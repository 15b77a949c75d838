package app

import (
	"fmt"
	"strconv"
	"strings"

	"panto/agent"
	"panto/agent/conv"
	"panto/tui/theme"
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

// replay prints a stored conversation (after /resume, /tree or
// --continue) the way it looked live, as far as the stored messages
// allow: user messages, thinking (collapsed), assistant text as
// markdown, each tool call with its result's first lines under it. The
// tools' own renderers are not run again: they are event handlers of the
// extensions, and replaying events would run extension code for turns
// that are over. Only the last screens are drawn (replayScreens), so a
// long session opens at once; the rest stays in the session file, and
// /tree browses it.
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
			a.scr.Print("", paint(a.th, "accent", "> ")+m.Text())
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
		return 2 + strings.Count(m.Text(), "\n")
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
// the order the model produced them.
func (a *App) replayAssistant(m *conv.Message, results map[string]*conv.Message) {
	var text strings.Builder
	flush := func() {
		if t := text.String(); strings.TrimSpace(t) != "" {
			a.scr.Add(rowsBlock(spaced(a.md.Render(t, a.width()), a.width()))).Finish()
		}
		text.Reset()
	}
	for _, b := range m.Blocks {
		switch b.Type {
		case conv.Text:
			text.WriteString(b.Text)
		case conv.Thinking:
			flush()
			if strings.TrimSpace(b.Text) != "" {
				a.scr.Add(rowsBlock(spaced(thinkingRows(a.th, b.Text, a.expanded), a.width()))).Finish()
			}
		case conv.ToolCall:
			flush()
			a.scr.Print("")
			a.scr.Print(replayedCall(a.th, b, results[b.ID])...)
		}
	}
	flush()
}

// replayedCall is a stored tool call: a dot coloured by the result, the
// tool's name and its arguments on one line, then up to three lines of
// the result ("no result" for a call whose turn ended before it ran).
func replayedCall(th *theme.Theme, call conv.Block, result *conv.Message) []string {
	dot := "muted"
	if result != nil {
		dot = "success"
		if result.IsError {
			dot = "error"
		}
	}
	rows := []string{paint(th, dot, "●") + " " + paint(th, "tool", call.Name) + " " + paint(th, "muted", oneLine(call.Arguments, 80))}
	if result == nil {
		return append(rows, "  ⎿ "+paint(th, "muted", "(no result)"))
	}
	role := "muted"
	if result.IsError {
		role = "error"
	}
	lines := strings.Split(strings.TrimRight(result.Text(), "\n"), "\n")
	const shown = 3
	for i, l := range lines {
		if i == shown {
			rows = append(rows, "    "+paint(th, "muted", "… +"+strconv.Itoa(len(lines)-shown)+" lines"))
			break
		}
		prefix := "    "
		if i == 0 {
			prefix = "  ⎿ "
		}
		rows = append(rows, prefix+paint(th, role, strings.TrimRight(l, " \t")))
	}
	return rows
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
