package app

import (
	"path/filepath"
	"strconv"
	"time"

	"panto/agent"
	"panto/tui/screen"
	"panto/tui/status"
)

func itoa(n int) string { return strconv.Itoa(n) }

// project is the session's project folder.
func (a *App) project() string {
	if in := a.s.Host().Session(); in != nil && in.Directory != "" {
		return in.Directory
	}
	return "."
}

func (a *App) width() int {
	w, _, err := a.o.Term.Size()
	if err != nil || w < 10 {
		return 80
	}
	return w
}

// activityRows is the spinner line while a turn runs.
func (a *App) activityRows(width int) []string {
	if a.run == nil && a.shell != nil {
		return status.ActivityRows(status.Activity{Label: "Running shell", Elapsed: time.Since(a.shell.started), Hint: "esc to cancel"}, a.th, width)
	}
	if a.run == nil && a.attach != nil {
		return status.ActivityRows(status.Activity{Label: "Attaching files", Elapsed: time.Since(a.attach.started), Hint: "esc to cancel"}, a.th, width)
	}
	if a.run == nil {
		return nil
	}
	label := a.activity
	if label == "" {
		label = "Working"
	}
	return status.ActivityRows(status.Activity{Label: label, Elapsed: time.Since(a.started), Hint: "esc to cancel · enter to steer · alt+enter to queue"}, a.th, width)
}

// queueBlock shows the submissions waiting for delivery.
func (a *App) queueBlock() screen.Block {
	return screen.Func(func(width int) []string {
		if len(a.queued) == 0 {
			return nil
		}
		var rows []string
		for _, q := range a.queued {
			kind := "steering"
			if q.followup {
				kind = "follow-up"
			}
			rows = append(rows, paint(a.th, "muted", "  queued "+kind+": ")+oneLine(q.text, width))
		}
		return rowsOf(rows, width)
	})
}

// pickerBlock shows the open picker, if any.
func (a *App) pickerBlock() screen.Block {
	return screen.Func(func(width int) []string {
		if a.picker == nil {
			return nil
		}
		return a.picker.rows(a, width)
	})
}

// permBlock shows the permission question being asked, if any.
func (a *App) permBlock() screen.Block {
	return screen.Func(func(width int) []string {
		if len(a.perms) == 0 {
			return nil
		}
		return a.perms[0].rows(a, width)
	})
}

// footerRows is the status footer: project, model, usage, context fill,
// and the extensions' problems.
func (a *App) footerRows(width int) []string {
	f := status.Footer{Project: a.project(), Home: a.o.Home}
	if in := a.s.Host().Session(); in != nil {
		f.Model, f.Reasoning = in.Model, in.Reasoning
	}
	if m := a.s.Agent().Model(); m != nil {
		f.Window = int(m.ContextWindow())
	}
	u, _ := a.s.Agent().Usage()
	f.Input, f.Output, f.CacheRead, f.CacheWrite = int(u.Input), int(u.Output), int(u.CacheRead), int(u.CacheWrite)
	if total, complete, priced := a.s.Agent().TotalCost(); priced {
		f.Cost = agent.FormatUSD(total)
		if !complete {
			f.Cost = "≥" + f.Cost
		}
	}
	msgs, tokens, total := a.s.Agent().ContextStats()
	f.Context, f.ContextMessages, f.Messages = int(tokens), msgs, total
	if n := len(a.s.Host().Problems()); n > 0 {
		f.Notice = itoa(n) + " extension problem" + plural(n) + " (/problems)"
	}
	if err := a.s.ModelError(); err != nil {
		f.Notice = err.Error()
	}
	if p := a.s.Permissions(); p != nil {
		f.Mode = string(p.Mode())
	}
	return status.FooterRows(f, a.th, width)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// welcome prints the session's header once.
func (a *App) welcome() {
	h := a.s.Host()
	name := filepath.Base(a.project())
	line := paint(a.th, "accent", "panto") + paint(a.th, "muted", " · "+name+" · "+itoa(len(h.Tools()))+" tools, "+itoa(len(a.commandNames()))+" commands · /help")
	a.scr.Print(line)
}
