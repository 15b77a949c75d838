package app

import (
	"context"
	"strings"
	"time"

	"panto/agent"
	"panto/agent/conv"
	"panto/host"
	"panto/tui/editor"
	"panto/tui/input"
)

// handle routes one input event: a picker or a focused component first,
// then the app's keys, then the editor.
func (a *App) handle(ev input.Event) {
	defer a.draw()
	if ev.Is("ctrl+c") || (a.picker == nil && a.focus == nil && len(a.perms) == 0 && a.globalKey(ev)) {
		if ev.Is("ctrl+c") {
			a.interrupt()
		}
		return
	}
	if len(a.perms) > 0 {
		a.perms[0].handle(a, ev)
		return
	}
	if a.picker != nil {
		a.picker.handle(a, ev)
		return
	}
	if a.focus != nil {
		if ev.Is("esc") || !a.focus.Pinned() {
			a.focus = nil
			a.ed.SetFocus(true)
			return
		}
		if handled, err := a.focus.HandleInput(a.ctx, ev.Raw); err != nil || !handled {
			a.focus = nil
			a.ed.SetFocus(true)
		}
		return
	}
	switch a.ed.HandleEvent(ev) {
	case editor.Submit:
		text, _ := a.ed.Take()
		a.submit(text, false)
	case editor.Ignored:
		if ev.Is("ctrl+d") && a.ed.Text() == "" {
			a.quit = true
		}
	}
}

// globalKey handles the app's own keys; true means handled.
func (a *App) globalKey(ev input.Event) bool {
	switch {
	case ev.Is("esc") && a.run != nil && !a.ed.MenuOpen():
		a.cancelTurn()
		return true
	case ev.Is("esc") && a.attach != nil && !a.ed.MenuOpen():
		a.attach.cancel()
		return true
	case ev.Is("esc") && a.shell != nil && !a.ed.MenuOpen():
		a.shell.cancel()
		return true
	case ev.Is("alt+enter") && a.run != nil:
		if text := strings.TrimSpace(a.ed.Text()); text != "" {
			full, _ := a.ed.Take()
			a.submit(full, true)
		}
		return true
	case ev.Is("ctrl+o"):
		a.toggleExpanded()
		return true
	case ev.Is("shift+tab") && !a.ed.MenuOpen():
		if p := a.s.Permissions(); p != nil {
			p.SetMode(p.Mode().Next(a.yolo))
			a.scr.Print(paint(a.th, "muted", "  permission mode: "+string(p.Mode())))
		}
		return true
	case ev.Is("ctrl+g"):
		a.focusNext()
		return true
	}
	return false
}

// interrupt is Ctrl-C: cancel a running turn; else clear the prompt;
// else quit when pressed twice.
func (a *App) interrupt() {
	switch {
	case a.picker != nil:
		a.picker = nil
	case a.run != nil:
		a.cancelTurn()
	case a.ed.Text() != "":
		a.ed.SetText("")
	case time.Since(a.quitArmed) < 2*time.Second:
		a.quit = true
	default:
		a.quitArmed = time.Now()
		a.scr.Print(paintNil(a, "muted", "press Ctrl-C again to quit"))
	}
}

func paintNil(a *App, role, s string) string { return paint(a.th, role, s) }

func (a *App) cancelTurn() {
	if a.run != nil && !a.cancelled {
		a.cancelled = true
		a.s.Cancel()
		a.activity = "Cancelling"
	}
}

// submit sends what the user typed: a slash command, a message for a
// new turn, or (while a turn runs) a steering message or a follow-up.
func (a *App) submit(text string, followup bool) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if strings.HasPrefix(strings.TrimSpace(text), "/") && !followup {
		a.command(strings.TrimSpace(text))
		return
	}
	if command, ok := shellCommand(text); ok && !followup {
		if a.run != nil || a.shell != nil || a.attach != nil {
			a.scr.Print(paint(a.th, "warning", "wait for the running turn or command before a !command (esc cancels it)"))
			if a.ed.Text() == "" {
				a.ed.SetText(text)
			}
			return
		}
		a.runShell(text, command)
		return
	}
	if a.shell != nil {
		a.scr.Print(paint(a.th, "warning", "a !command is running: wait, or esc to cancel it"))
		if a.ed.Text() == "" {
			a.ed.SetText(text)
		}
		return
	}
	if a.attach != nil {
		// One prompt at a time: the one waiting for its files goes first.
		a.scr.Print(paint(a.th, "warning", "the prompt before is attaching its @ files: wait, or esc to cancel it"))
		if a.ed.Text() == "" {
			a.ed.SetText(text)
		}
		return
	}
	if agent.HasMentions(text) {
		a.sendAttached(text, followup)
		return
	}
	a.send([]conv.Block{conv.TextBlock(text)}, text, followup)
}

// send starts a turn with blocks, or queues them while one runs; text
// is what was typed.
func (a *App) send(blocks []conv.Block, text string, followup bool) {
	if a.run != nil {
		a.s.Agent().Submit(blocks, followup)
		a.queued = append(a.queued, queuedMsg{text: text, followup: followup})
		return
	}
	r, err := a.s.Start(a.ctx, blocks)
	if err != nil {
		// The prompt was not sent: it stays in the transcript, as a sent
		// one would, above why (and in the history, for ↑).
		a.scr.Print("", paint(a.th, "accent", "> ")+text)
		a.scr.Print(paint(a.th, "error", "✗ "+err.Error()))
		return
	}
	a.beginTurn(r)
}

func (a *App) beginTurn(r *agent.Run) {
	a.run, a.started, a.cancelled = r, time.Now(), false
	a.activity = "Thinking"
}

// turnFinished runs when the session's turn (and what was queued during
// it) ended.
func (a *App) turnFinished(res agent.Result) {
	a.activity = ""
	a.closeText()
	a.queued = nil
}

// toggleExpanded is Ctrl-O: tool outputs and thinking in full, or
// collapsed; the whole transcript is drawn again.
func (a *App) toggleExpanded() {
	a.expanded = !a.expanded
	for _, tb := range a.thinkingBlocks {
		tb.b.SetNative(tb.chunks(a.th, a.expanded))
	}
	for _, tb := range a.toolList {
		tb.call.SetCollapsed(context.WithoutCancel(a.ctx), !a.expanded)
	}
	a.scr.Invalidate()
}

// focusNext gives the keyboard to the next pinned Lua component
// (Ctrl-G), newest first; its handleInput then receives the raw input
// bytes, and Esc gives the keyboard back to the prompt.
func (a *App) focusNext() {
	var pinned []*host.Block
	for _, b := range a.blocks {
		if b.Pinned() {
			pinned = append(pinned, b)
		}
	}
	if len(pinned) == 0 {
		a.scr.Print(paint(a.th, "muted", "no pinned component takes input"))
		return
	}
	next := pinned[len(pinned)-1]
	for i, b := range pinned {
		if b == a.focus && i > 0 {
			next = pinned[i-1]
		}
	}
	a.focus = next
	a.ed.SetFocus(false)
	a.scr.Print(paint(a.th, "muted", "a pinned "+next.Kind+" component has the keyboard (esc gives it back)"))
}
