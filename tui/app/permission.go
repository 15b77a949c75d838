package app

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"panto/permission"
	"panto/tui/input"
	"panto/tui/termtext"
)

// permPrompt is a tool call the permission policy asks about, shown
// inline above the editor until the user answers: the call (the command
// for shell, a diff for edit and write), the answers, and a reason line
// that typing fills (sent with a denial).
type permPrompt struct {
	q       permission.Question
	choices []permChoice
	sel     int
	reason  string
	reply   chan permission.Answer
	preview []string // the call's diff or command, painted
}

type permChoice struct {
	label string
	ans   permission.Answer
}

// Ask puts a question to the user; the session calls it from a turn's
// goroutine (agent.Options.Ask) and waits for the answer. A cancelled
// turn takes the question away.
func (a *App) Ask(ctx context.Context, q permission.Question) permission.Answer {
	p := &permPrompt{q: q, reply: make(chan permission.Answer, 1)}
	a.s.Post(func() {
		p.build(a)
		a.perms = append(a.perms, p)
		a.draw()
	})
	select {
	case ans := <-p.reply:
		return ans
	case <-ctx.Done():
		a.s.Post(func() {
			a.dropPrompt(p)
			a.draw()
		})
		return permission.Answer{Reason: "the turn was cancelled"}
	}
}

func (a *App) dropPrompt(p *permPrompt) {
	for i, x := range a.perms {
		if x == p {
			a.perms = append(a.perms[:i], a.perms[i+1:]...)
			return
		}
	}
}

// build makes the answers and the preview.
func (p *permPrompt) build(a *App) {
	rule := p.q.Verdict.Suggest
	p.choices = []permChoice{{"Allow once", permission.Answer{Allow: true}}}
	if rule != "" {
		p.choices = append(p.choices,
			permChoice{"Allow for this session: " + rule, permission.Answer{Allow: true, Scope: permission.Session}},
			permChoice{"Always allow " + rule + " in this project (.panto/local/config.toml)", permission.Answer{Allow: true, Scope: permission.Always, Where: "project"}})
		if f := a.s.RuleFile("user"); f != "" {
			p.choices = append(p.choices, permChoice{"Always allow " + rule + " for you (" + displayHome(f, a.o.Home) + ")", permission.Answer{Allow: true, Scope: permission.Always, Where: "user"}})
		}
	}
	p.choices = append(p.choices, permChoice{"Deny (type a reason for the model first, if you like)", permission.Answer{}})
	p.preview = callPreview(a, p.q.Call)
}

func displayHome(path, home string) string {
	if home != "" && strings.HasPrefix(path, home+string(filepath.Separator)) {
		return "~" + path[len(home):]
	}
	return path
}

// handle takes the keys while a prompt is open: ↑↓ choose, Enter
// answers, Esc denies, typing edits the reason.
func (p *permPrompt) handle(a *App, ev input.Event) {
	switch {
	case ev.Is("up") || ev.Is("ctrl+p"):
		if p.sel > 0 {
			p.sel--
		}
	case ev.Is("down") || ev.Is("ctrl+n") || ev.Is("tab"):
		if p.sel < len(p.choices)-1 {
			p.sel++
		}
	case ev.Is("enter"):
		ans := p.choices[p.sel].ans
		if !ans.Allow {
			ans.Reason = strings.TrimSpace(p.reason)
		}
		a.answer(p, ans)
	case ev.Is("esc"):
		a.answer(p, permission.Answer{Reason: strings.TrimSpace(p.reason)})
	case ev.Is("backspace"):
		if p.reason != "" {
			_, size := lastRune(p.reason)
			p.reason = p.reason[:len(p.reason)-size]
		}
	case ev.Kind == input.KindKey && ev.Text != "":
		p.reason += ev.Text
		p.sel = len(p.choices) - 1 // a reason is for a denial
	}
}

// answer sends the answer and closes the prompt, saying in the
// transcript what was decided.
func (a *App) answer(p *permPrompt, ans permission.Answer) {
	a.dropPrompt(p)
	what := "allowed"
	switch {
	case !ans.Allow:
		what = "denied"
		if ans.Reason != "" {
			what += ": " + ans.Reason
		}
	case ans.Scope == permission.Session:
		what = "allowed for this session (" + p.q.Verdict.Suggest + ")"
	case ans.Scope == permission.Always:
		what = "always allowed (" + p.q.Verdict.Suggest + ", " + ans.Where + " config)"
	}
	role := "success"
	if !ans.Allow {
		role = "error"
	}
	a.scr.Print(paint(a.th, role, "  "+p.q.Call.Tool+" "+what))
	p.reply <- ans
}

// rows draws the prompt.
func (p *permPrompt) rows(a *App, width int) []string {
	head := paint(a.th, "warning", "● "+p.q.Call.Tool) + " " + paint(a.th, "muted", p.q.Verdict.Reason)
	out := []string{termtext.Truncate(head, width)}
	for _, l := range p.preview {
		out = append(out, termtext.Truncate(l, width))
	}
	for i, c := range p.choices {
		mark, label := "  ", c.label
		if i == p.sel {
			mark, label = paint(a.th, "accent", "❯ "), paint(a.th, "accent", label)
		}
		out = append(out, termtext.Truncate(mark+label, width))
	}
	reason := p.reason
	if reason == "" {
		reason = paint(a.th, "muted", "(none)")
	}
	out = append(out, termtext.Truncate(paint(a.th, "muted", "  reason: ")+reason+paint(a.th, "muted", "   ↑↓ enter · esc denies"), width))
	return rowsOf(out, width)
}

// maxPreview bounds the lines of a call's preview.
const maxPreview = 12

// callPreview is what the prompt shows of a call: the command of a
// command tool, a diff for edit and write, else the input.
func callPreview(a *App, c permission.Call) []string {
	var in map[string]any
	json.Unmarshal([]byte(c.Input), &in)
	str := func(k string) string { s, _ := in[k].(string); return s }
	var lines []string
	switch {
	case c.HasCommand:
		for _, l := range strings.Split(c.Command, "\n") {
			lines = append(lines, "  $ "+l)
		}
	case c.Tool == "edit" && c.HasPath:
		lines = append(lines, "  "+c.Path)
		lines = append(lines, diffLines(a, str("old_string"), str("new_string"))...)
	case c.Tool == "write" && c.HasPath:
		old := ""
		path := c.Path
		if !filepath.IsAbs(path) {
			path = filepath.Join(a.project(), path)
		}
		if data, err := os.ReadFile(path); err == nil {
			old = string(data)
			lines = append(lines, "  "+c.Path+" (replaces it)")
		} else {
			lines = append(lines, "  "+c.Path+" (new file)")
		}
		lines = append(lines, diffLines(a, old, str("content"))...)
	case c.HasPath:
		lines = append(lines, "  "+c.Path)
	default:
		if c.Input != "" && c.Input != "{}" {
			lines = append(lines, "  "+oneLine(c.Input, 200))
		}
	}
	if len(lines) > maxPreview {
		n := len(lines) - maxPreview
		lines = append(lines[:maxPreview], paint(a.th, "muted", "  … "+itoa(n)+" more lines"))
	}
	return lines
}

// diffLines is a one-hunk diff: the lines both texts start and end with
// are left out, the rest shown as removed and added.
func diffLines(a *App, old, new string) []string {
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	}
	ol, nl := split(old), split(new)
	pre := 0
	for pre < len(ol) && pre < len(nl) && ol[pre] == nl[pre] {
		pre++
	}
	suf := 0
	for suf < len(ol)-pre && suf < len(nl)-pre && ol[len(ol)-1-suf] == nl[len(nl)-1-suf] {
		suf++
	}
	var out []string
	for _, l := range ol[pre : len(ol)-suf] {
		out = append(out, paint(a.th, "error", "  - "+l))
	}
	for _, l := range nl[pre : len(nl)-suf] {
		out = append(out, paint(a.th, "success", "  + "+l))
	}
	return out
}
