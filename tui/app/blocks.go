package app

import (
	"strconv"
	"strings"

	"panto/host"
	"panto/tui/markdown"
	"panto/tui/render"
	"panto/tui/screen"
	"panto/tui/theme"
)

// hostBlock shows a host transcript block on the screen: its Lua
// component when an extension set one, else its native rendering.
type hostBlock struct {
	a *App
	b *host.Block
}

func (h hostBlock) Render(width int) []string { return spaced(h.b.Render(h.a.ctx, width), width) }

// spaced puts one blank row above a block: messages and tool calls read
// apart, as in a chat.
func spaced(rows []string, width int) []string {
	if len(rows) == 0 {
		return rows
	}
	out := make([]string, 0, len(rows)+1)
	out = append(out, rowsOf([]string{""}, width)...)
	return append(out, rows...)
}
func (h hostBlock) Version() uint64 { return h.b.Version() }
func (h hostBlock) Pinned() bool    { return h.b.Pinned() }

// textBlock is an assistant text block: markdown, streamed, its settled
// top rows committed early, unless an extension replaced its component.
type textBlock struct {
	hostBlock
	msg  *markdown.Message
	item *screen.Item
}

func (t *textBlock) Render(width int) []string {
	if t.b.Custom() {
		return t.hostBlock.Render(width)
	}
	return spaced(t.msg.Render(width), width)
}

// Version changes with the host block (a component set) and with the
// message (a delta).
func (t *textBlock) Version() uint64 { return t.b.Version()<<32 ^ t.msg.Version() }

func (t *textBlock) Settled(width int) int {
	if t.b.Custom() {
		return 0
	}
	if n := t.msg.Settled(width); n > 0 {
		return n + 1 // and the blank row above it
	}
	return 0
}

// thinkingBlock is a reasoning block: dimmed, and collapsed to its first
// lines unless the transcript is expanded (Ctrl-O).
type thinkingBlock struct {
	hostBlock
	text string
	item *screen.Item
}

const collapsedThinking = 3

// chunks is the thinking block's native rendering.
func (t *thinkingBlock) chunks(th *theme.Theme, expanded bool) func(int) []string {
	return func(int) []string { return thinkingRows(th, t.text, expanded) }
}

// thinkingRows draws reasoning text: dimmed under a heading, its first
// lines only unless expanded.
func thinkingRows(th *theme.Theme, text string, expanded bool) []string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	more := 0
	if !expanded && len(lines) > collapsedThinking {
		lines, more = lines[:collapsedThinking], len(lines)-collapsedThinking
	}
	out := []string{paint(th, "muted", "✻ Thinking")}
	for _, l := range lines {
		out = append(out, paint(th, "comment", "  "+l))
	}
	if more > 0 {
		out = append(out, paint(th, "muted", "  … "+strconv.Itoa(more)+" more line"+plural(more)+" (ctrl+o to expand)"))
	}
	return out
}

// toolBlock is a tool call's block.
type toolBlock struct {
	hostBlock
	call *host.ToolCall
	item *screen.Item
	name string
	// sub is the subagent a task call runs (subagents.go);
	// subVersion counts its events.
	sub        *subRun
	subVersion uint64
}

// paint styles text with a theme role (plain without a theme).
func paint(th *theme.Theme, role, text string) string {
	if th == nil || text == "" {
		return text
	}
	sgr := th.Styles[role]
	if sgr == "" {
		return text
	}
	return sgr + text + "\x1b[0m"
}

// rowsOf lays chunks out as rows (the component pipeline).
func rowsOf(chunks []string, width int) []string { return render.Rows(chunks, width) }
