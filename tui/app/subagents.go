package app

import (
	"fmt"
	"strings"
	"time"

	"panto/agent"
	"panto/tui/screen"
)

// subRun is a running subagent, drawn under the task call that started
// it: its definition, the tool it runs, how many it ran, for how long.
type subRun struct {
	agent, desc, tool string
	uses              int
	started           time.Time
}

// subagentEvent follows a subagent_* event: a top-level subagent (one
// the session agent's task call started) is shown under that call while
// it runs; deeper ones show as their parent's running task tool.
func (a *App) subagentEvent(e agent.Event) {
	f := e.Fields
	if d, _ := f["depth"].(int); d != 1 {
		return
	}
	id, _ := f["tool_call_id"].(string)
	tb := a.tools[id]
	if tb == nil {
		return
	}
	switch e.Type {
	case "subagent_start":
		r := &subRun{started: time.Now()}
		r.agent, _ = f["agent"].(string)
		r.desc, _ = f["description"].(string)
		if ms, ok := f["elapsed_ms"].(int64); ok {
			r.started = r.started.Add(-time.Duration(ms) * time.Millisecond)
		}
		tb.sub = r
	case "subagent_tool":
		if tb.sub == nil {
			return
		}
		if f["state"] == "running" {
			tb.sub.tool, _ = f["tool_name"].(string)
			tb.sub.uses, _ = f["tool_uses"].(int)
		} else {
			tb.sub.tool = ""
		}
	case "subagent_end":
		tb.sub = nil
	}
	tb.subVersion++
}

// endSub stops drawing the call's subagent (its call has its result).
func (t *toolBlock) endSub() {
	if t.sub != nil {
		t.sub = nil
		t.subVersion++
	}
}

// Render draws the call, and under it the subagent it runs, if any.
func (t *toolBlock) Render(width int) []string {
	rows := t.hostBlock.Render(width)
	if t.sub == nil {
		return rows
	}
	return append(rows, rowsOf([]string{t.subRow()}, width)...)
}

// subRow is the running subagent's line: "  ⎿ explore: grep · 3 tool
// uses · 12s".
func (t *toolBlock) subRow() string {
	r := t.sub
	th := t.a.th
	doing := "thinking"
	if r.tool != "" {
		doing = r.tool
	}
	parts := []string{doing}
	if r.uses > 0 {
		parts = append(parts, fmt.Sprintf("%d tool use%s", r.uses, plural(r.uses)))
	}
	parts = append(parts, fmt.Sprintf("%ds", int(time.Since(r.started).Seconds())))
	return "  ⎿ " + paint(th, "tool", r.agent) + paint(th, "muted", ": "+strings.Join(parts, " · "))
}

// Version changes with the call's block, with each subagent event, and
// every second while a subagent runs (its elapsed time).
func (t *toolBlock) Version() uint64 {
	v := t.b.Version()<<32 ^ t.subVersion<<16
	if t.sub != nil {
		v ^= uint64(time.Since(t.sub.started) / time.Second)
	}
	return v
}

// todoBlock draws the session agent's task list (the todo tool's) above
// the editor while any item is not completed.
func (a *App) todoBlock() screen.Block {
	return screen.Func(func(width int) []string {
		if a.s == nil {
			return nil
		}
		todos := a.s.Agent().Todos()
		done := 0
		for _, t := range todos {
			if t.Status == "completed" {
				done++
			}
		}
		if len(todos) == 0 || done == len(todos) {
			return nil
		}
		th := a.th
		rows := []string{paint(th, "heading", fmt.Sprintf("  Todo %d/%d", done, len(todos)))}
		const max = 10
		for i, t := range todos {
			if i == max {
				rows = append(rows, paint(th, "muted", fmt.Sprintf("    … %d more", len(todos)-max)))
				break
			}
			switch t.Status {
			case "completed":
				rows = append(rows, paint(th, "muted", "  ✔ "+t.Content))
			case "in_progress":
				text := t.Content
				if t.ActiveForm != "" {
					text = t.ActiveForm
				}
				rows = append(rows, paint(th, "accent", "  ◼ "+text))
			default:
				rows = append(rows, "  ☐ "+t.Content)
			}
		}
		return rowsOf(rows, width)
	})
}

// cmdAgents lists the subagent definitions the task tool can run, with
// the layer each comes from.
func (a *App) cmdAgents(string) {
	defs := a.s.Definitions()
	rows := []string{paint(a.th, "heading", "Subagents") + paint(a.th, "muted", " (the task tool's subagent_type; files in a layer's agents/ folder)")}
	for _, d := range defs.All() {
		tools := "all tools"
		if d.Tools != nil {
			tools = "tools: " + strings.Join(d.Tools, ", ")
			if len(d.Tools) == 0 {
				tools = "no tools"
			}
		}
		model := ""
		if d.Model != "" && d.Model != "inherit" {
			model = " · model " + d.Model
		}
		rows = append(rows, "  "+paint(a.th, "tool", d.Name)+paint(a.th, "muted", " ["+d.Source+"] "+tools+model))
		if desc := strings.Join(strings.Fields(d.Description), " "); desc != "" {
			rows = append(rows, "    "+desc)
		}
	}
	for _, err := range defs.Problems() {
		rows = append(rows, paint(a.th, "warning", "  ⚠ ")+err.Error())
	}
	a.scr.Print(strings.Join(rows, "\n"))
}
