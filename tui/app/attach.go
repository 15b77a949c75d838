package app

import (
	"context"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"panto/agent"
	"panto/agent/conv"
)

// A prompt with @path mentions is sent with what they name attached
// (agent.Session.Attach): the files are read on a goroutine, because
// the permission policy may ask about a path outside the project and
// the question is answered here, on the owner. Meanwhile the prompt is
// neither sent nor in the editor; Esc gives it back.

// attaching is the attach in progress.
type attaching struct {
	cancel  context.CancelFunc
	started time.Time
}

// sendAttached reads the mentions of text and then sends it as submit
// would; a mention that cannot be attached is an error row and the
// prompt goes back into the editor, to be corrected.
func (a *App) sendAttached(text string, followup bool) {
	ctx, cancel := context.WithCancel(a.ctx)
	a.attach = &attaching{cancel: cancel, started: time.Now()}
	go func() {
		blocks, _, err := a.s.Attach(ctx, text)
		a.s.Post(func() {
			cancelled := ctx.Err() != nil
			cancel()
			a.attach = nil
			if err != nil {
				if cancelled {
					err = context.Canceled
				}
				a.scr.Print("", paint(a.th, "accent", "> ")+text)
				a.scr.Print(paint(a.th, "error", "✗ "+attachError(err)) + paint(a.th, "muted", " (the prompt is back in the editor)"))
				if a.ed.Text() == "" {
					a.ed.SetText(text)
				}
				a.draw()
				return
			}
			a.send(append([]conv.Block{conv.TextBlock(text)}, blocks...), text, followup)
			a.draw()
		})
	}()
}

func attachError(err error) string {
	if err == context.Canceled {
		return "not sent: attaching the @ files was cancelled"
	}
	return "not sent: " + err.Error()
}

// attachRows are the rows under a user message for what its @path
// mentions attached.
func (a *App) attachRows(atts []agent.Attachment) []string {
	var rows []string
	for _, at := range atts {
		rows = append(rows, a.attachRow(at.Kind, at.Summary()))
	}
	return rows
}

func (a *App) attachRow(kind, summary string) string {
	if kind == "binary" {
		return paint(a.th, "warning", "  ⎿ ") + paint(a.th, "muted", summary)
	}
	return paint(a.th, "muted", "  ⎿ attached "+summary)
}

// attachedOf reads the user_message event's attachments field.
func (a *App) attachedOf(f map[string]any) []string {
	list, _ := f["attachments"].([]any)
	var rows []string
	for _, x := range list {
		m, _ := x.(map[string]any)
		kind, _ := m["kind"].(string)
		summary, _ := m["summary"].(string)
		rows = append(rows, a.attachRow(kind, summary))
	}
	return rows
}

// autoMenu says when typing opens the completion menu by itself: a "/"
// starting the prompt (the commands), and an @ starting a word (the
// project's files, as Claude Code and pi offer them).
func autoMenu(text string, pos int) bool {
	if strings.HasPrefix(text, "/") && pos == len(text) && !strings.ContainsAny(text, " \t\n") {
		return true
	}
	start := pos
	for start > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:start])
		if unicode.IsSpace(r) {
			break
		}
		start -= n
	}
	return strings.HasPrefix(text[start:pos], "@")
}
