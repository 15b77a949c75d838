package app

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"panto/agent"
	"panto/agent/conv"
)

// A prompt starting with "!" runs the rest as a shell command
// (agent.Session.RunShell): through the shell tool and its permission
// question, its output live in a tool block, then into the conversation
// for the model's next turn. It runs on a goroutine, as a turn does;
// Esc cancels it and keeps what it printed.

// shellRun is the user's command in progress.
type shellRun struct {
	cancel  context.CancelFunc
	started time.Time
}

// shellCommand is the command of a "!" prompt, or false.
func shellCommand(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "!") {
		return "", false
	}
	return strings.TrimSpace(t[1:]), true
}

// runShell runs the command of a "!" prompt.
func (a *App) runShell(text, command string) {
	if command == "" {
		a.scr.Print(paint(a.th, "warning", "! needs a command after it, such as !git status"))
		return
	}
	a.scr.Print("", paint(a.th, "accent", "! ")+command)
	ctx, cancel := context.WithCancel(a.ctx)
	a.shell = &shellRun{cancel: cancel, started: time.Now()}
	go func() {
		_, err := a.s.RunShell(ctx, command)
		a.s.Post(func() {
			cancel()
			a.shell = nil
			if err != nil {
				a.scr.Print(paint(a.th, "error", "✗ "+err.Error()))
				if a.ed.Text() == "" {
					a.ed.SetText(text)
				}
			}
			a.draw()
		})
	}()
}

// replayShell draws a command RunShell recorded as it was drawn live.
func (a *App) replayShell(index int, sh agent.ShellResult) {
	a.scr.Print("", paint(a.th, "accent", "! ")+sh.Command)
	input, _ := json.Marshal(map[string]string{"command": sh.Command})
	call := conv.Block{Type: conv.ToolCall, ID: "replayed-shell", Name: "shell", Arguments: string(input)}
	result := &conv.Message{Role: conv.Tool, Blocks: []conv.Block{conv.TextBlock(sh.Output)}, IsError: !sh.OK}
	a.replayCall(index, call, result)
}
