// Package trustui is the terminal UI's workspace trust dialog: before a
// session loads a project's .panto/ layer that the user has not trusted
// with its current contents, it names the folder, lists what would run
// and where its providers would send requests, and asks. It runs on the
// raw terminal before the session's own UI starts, so nothing of the
// project has run while the question is on screen.
package trustui

import (
	"context"
	"fmt"
	"io"
	"strings"

	"panto/extension/trust"
	"panto/tui/input"
	"panto/tui/termtext"
)

// Answer is the user's choice.
type Answer int

const (
	// Decline continues the session without the project's code and
	// credential-bearing settings.
	Decline Answer = iota
	// Trust records the folder as trusted and loads it.
	Trust
	// Quit ends panto without a session (Ctrl-C, Ctrl-D).
	Quit
)

// Options say how to draw.
type Options struct {
	// Width is the terminal's width in columns (0: 80).
	Width int
	// Plain draws without colour.
	Plain bool
}

// Ask shows the dialog for s on out and reads keys from in until the
// user answers: Up/Down (or j/k, Tab) move between the two choices, Enter
// takes the one selected, 1/y trusts, 2/n/Esc declines, Ctrl-C/Ctrl-D
// quits. The dialog is erased when it ends and one line says what was
// decided. in is read through a tui/input.Reader: given the terminal's
// interruptible input, no read is left pending when Ask returns.
func Ask(ctx context.Context, in io.Reader, out io.Writer, s trust.Summary, o Options) (Answer, error) {
	if o.Width <= 0 {
		o.Width = 80
	}
	d := &dialog{out: out, s: s, o: o, selected: 0}
	d.draw()
	ctx, cancel := context.WithCancel(ctx)
	events := make(chan input.Event)
	done := make(chan error, 1)
	go func() { done <- input.NewReader(in).Run(ctx, events) }()
	finish := func(a Answer, err error) (Answer, error) {
		cancel()
		<-done
		d.erase()
		d.result(a)
		return a, err
	}
	for {
		select {
		case ev := <-events:
			if a, ok := d.key(ev); ok {
				return finish(a, nil)
			}
			d.draw()
		case err := <-done:
			done <- err // finish waits for it
			if err == io.EOF || err == nil {
				err = nil
			}
			return finish(Quit, err)
		case <-ctx.Done():
			return finish(Quit, ctx.Err())
		}
	}
}

// dialog is the dialog's state.
type dialog struct {
	out      io.Writer
	s        trust.Summary
	o        Options
	selected int // 0: trust, 1: do not trust
	drawn    int // rows on screen
}

// key handles one event; ok is true when it answers.
func (d *dialog) key(ev input.Event) (Answer, bool) {
	if ev.Kind != input.KindKey {
		return 0, false
	}
	switch {
	case ev.Is("ctrl+c"), ev.Is("ctrl+d"):
		return Quit, true
	case ev.Is("esc"), ev.Is("n"), ev.Is("2"):
		return Decline, true
	case ev.Is("y"), ev.Is("1"):
		return Trust, true
	case ev.Is("enter"):
		if d.selected == 0 {
			return Trust, true
		}
		return Decline, true
	case ev.Is("up"), ev.Is("k"), ev.Is("shift+tab"):
		d.selected = 0
	case ev.Is("down"), ev.Is("j"), ev.Is("tab"):
		d.selected = 1
	}
	return 0, false
}

// lines is the dialog's text.
func (d *dialog) lines() []string {
	s := d.s
	l := []string{
		d.style("1", "Do you trust this folder?"),
		"",
		"  " + s.Root,
		"",
		"Its .panto/ folder holds code and settings panto would load:",
	}
	if len(s.Entries) > 0 {
		l = append(l, "  extensions and tools (run with your permissions, can read your environment):")
		for _, e := range s.Entries {
			l = append(l, "    "+e)
		}
	}
	for _, p := range s.Providers {
		base := p.BaseURL
		if base == "" {
			base = "the protocol's default URL"
		}
		line := fmt.Sprintf("  provider %s", p.Name)
		if p.Protocol != "" {
			line += " (" + p.Protocol + ")"
		}
		line += " → " + base
		if p.APIKeyEnv != "" {
			line += ", key $" + p.APIKeyEnv
		}
		if len(p.Headers) > 0 {
			line += ", headers " + strings.Join(p.Headers, ", ")
		}
		l = append(l, line)
	}
	if len(s.MCPServers) > 0 {
		l = append(l, "  MCP servers (programs it would start, or URLs it would reach):")
		for _, m := range s.MCPServers {
			l = append(l, "    "+m)
		}
	}
	if len(s.Hooks) > 0 {
		l = append(l, "  hooks (shell commands it would run at tool calls, prompts and session start):")
		for _, h := range s.Hooks {
			l = append(l, "    "+h)
		}
	}
	if s.Files > 0 {
		l = append(l, fmt.Sprintf("  %d other file(s) (configuration, skills, data)", s.Files))
	}
	l = append(l, "",
		d.choice(0, "1. Yes, trust this folder"),
		d.choice(1, "2. No, continue without its extensions, tools and provider settings"),
		"",
		d.style("2", "Enter to confirm · Esc to decline · panto trust --revoke DIR undoes a yes"))
	return l
}

func (d *dialog) choice(i int, text string) string {
	if d.selected == i {
		return d.style("1;36", "❯ "+text)
	}
	return "  " + text
}

func (d *dialog) style(sgr, s string) string {
	if d.o.Plain {
		return s
	}
	return "\x1b[" + sgr + "m" + s + "\x1b[0m"
}

// draw paints the dialog over its previous rows. Each row is cut to the
// width so that none wraps, which keeps the row count exact.
func (d *dialog) draw() {
	var b strings.Builder
	d.home(&b)
	rows := d.lines()
	for _, r := range rows {
		b.WriteString(termtext.Truncate(r, d.o.Width-1))
		b.WriteString("\r\n")
	}
	d.drawn = len(rows)
	io.WriteString(d.out, b.String())
}

// home moves the cursor to the dialog's first row and clears below.
func (d *dialog) home(b *strings.Builder) {
	if d.drawn > 0 {
		fmt.Fprintf(b, "\x1b[%dA", d.drawn)
	}
	b.WriteString("\r\x1b[J")
}

func (d *dialog) erase() {
	var b strings.Builder
	d.home(&b)
	d.drawn = 0
	io.WriteString(d.out, b.String())
}

// result leaves one line saying what was decided.
func (d *dialog) result(a Answer) {
	var msg string
	switch a {
	case Trust:
		msg = "trusted " + d.s.Root
	case Decline:
		msg = "not trusted: " + d.s.Root + " (its .panto/ extensions, tools and provider settings are not loaded; panto trust trusts it later)"
	default:
		return
	}
	io.WriteString(d.out, termtext.Truncate(msg, d.o.Width-1)+"\r\n")
}
