package app

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"panto/agent"
	"panto/host"
	"panto/tui/editor"
)

// builtin is a slash command of the app itself.
type builtin struct {
	name, args, desc string
	run              func(a *App, args string)
}

var builtinsOnce struct {
	sync.Once
	v []builtin
}

// builtins are the app's own commands; extension commands with the same
// name are shadowed (the app's are what /help lists first). The list is
// made on first use rather than by an init function (it cannot be a
// package-level value: /help's command refers back to it), so that
// package initialisation runs nothing here (docs/benchmarks.md,
// "Start-up and memory, sixth pass").
func builtins() []builtin {
	builtinsOnce.Do(func() { builtinsOnce.v = builtinList() })
	return builtinsOnce.v
}

func builtinList() []builtin {
	return []builtin{
		{"new", "", "start a new session", (*App).cmdNew},
		{"resume", "[id]", "resume a stored session (a picker without an id)", (*App).cmdResume},
		{"tree", "", "branch from an earlier message of this session", (*App).cmdTree},
		{"rewind", "", "undo turns: restore the files, the conversation or both", (*App).cmdRewind},
		{"undo", "", "undo the last turn: its file changes and its messages", (*App).cmdUndo},
		{"model", "[provider:alias]", "switch the model (a picker without one)", (*App).cmdModel},
		{"compact", "[summary]", "summarise the older messages now", (*App).cmdCompact},
		{"cost", "", "the session's usage and cost by model", (*App).cmdCost},
		{"export", "[file]", "write the session as an HTML page (markdown for a .md name)", (*App).cmdExport},
		{"reload", "", "reload the extensions, keeping the conversation", (*App).cmdReload},
		{"problems", "", "list the extensions' problems", (*App).cmdProblems},
		{"agents", "", "list the subagent definitions the task tool runs", (*App).cmdAgents},
		{"help", "", "keys and commands", (*App).cmdHelp},
		{"quit", "", "leave panto", func(a *App, _ string) { a.quit = true }},
	}
}

func findBuiltin(name string) *builtin {
	bs := builtins()
	for i := range bs {
		if bs[i].name == name {
			return &bs[i]
		}
	}
	return nil
}

// commandItems completes slash command names with their descriptions,
// the app's and the extensions' (asked afresh at every Tab).
func (a *App) commandItems() []editor.Item {
	var items []editor.Item
	for _, b := range builtins() {
		items = append(items, editor.Item{Text: "/" + b.name, Label: "/" + b.name, Description: b.desc})
	}
	for _, c := range a.s.Host().Commands() {
		if findBuiltin(c.Name) != nil {
			continue
		}
		items = append(items, editor.Item{Text: "/" + c.Name, Label: "/" + c.Name, Description: c.Description})
	}
	return items
}

// commandNames are the slash commands a user can type, the app's then
// the extensions' ones the app does not shadow, each with its "/".
func (a *App) commandNames() []string {
	var names []string
	for _, b := range builtins() {
		names = append(names, "/"+b.name)
	}
	for _, c := range a.s.Host().Commands() {
		if findBuiltin(c.Name) == nil {
			names = append(names, "/"+c.Name)
		}
	}
	return names
}

// hasCommand reports whether an extension registered the command.
func (a *App) hasCommand(name string) bool {
	for _, c := range a.s.Host().Commands() {
		if c.Name == name {
			return true
		}
	}
	return false
}

// command runs a slash line: an app command, else an extension's.
func (a *App) command(line string) {
	a.scr.Print(paint(a.th, "accent", "› ") + line)
	name, args, _ := host.ParseSlash(line)
	if b := findBuiltin(name); b != nil {
		if a.run != nil && name != "help" && name != "problems" && name != "quit" {
			a.scr.Print(paint(a.th, "warning", "a turn is running: esc cancels it"))
			return
		}
		b.run(a, args)
		return
	}
	if !a.hasCommand(name) {
		a.scr.Print(paint(a.th, "error", "✗ /"+name+": unknown command") + paint(a.th, "muted", "; the commands are "+strings.Join(a.commandNames(), " ")+" (/help describes them)"))
		return
	}
	ctx, cancel := context.WithCancel(a.ctx)
	a.cmdMu.Lock()
	a.cancelCmd = cancel
	a.cmdMu.Unlock()
	out, err := a.s.Host().RunCommandOutput(ctx, line)
	a.cmdMu.Lock()
	a.cancelCmd = nil
	a.cmdMu.Unlock()
	cancel()
	switch {
	case err != nil:
		a.scr.Print(paint(a.th, "error", "✗ "+err.Error()))
	case out.Text == "":
	case out.Markdown:
		a.scr.Add(markdownOutput{a, out.Text}).Finish()
	default:
		a.scr.Print(strings.TrimRight(out.Text, "\n"))
	}
}

// markdownOutput is a command's output marked as markdown ({ text,
// markdown = true }): rendered as an assistant message is, at the
// screen's width, so it reads like the model's answers.
type markdownOutput struct {
	a    *App
	text string
}

func (m markdownOutput) Render(width int) []string {
	return rowsOf(spaced(m.a.md.Render(m.text, width), width), width)
}

// Version is constant: the text never changes (a resize renders again).
func (m markdownOutput) Version() uint64 { return 0 }

func (a *App) fail(err error) bool {
	if err != nil {
		a.scr.Print(paint(a.th, "error", "✗ "+err.Error()))
		return true
	}
	return false
}

func (a *App) resetTranscriptState() {
	a.text, a.thinking, a.pendingTool, a.focus = nil, nil, nil, nil
	a.tools = map[string]*toolBlock{}
	a.thinkingBlocks, a.toolList, a.blocks = nil, nil, nil
	a.ed.SetFocus(true)
}

func (a *App) cmdNew(string) {
	if a.fail(a.s.New(a.ctx)) {
		return
	}
	a.resetTranscriptState()
	a.scr.Print(paint(a.th, "muted", "new session "+short(a.s.ID())))
}

func short(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

func (a *App) cmdResume(args string) {
	if args != "" {
		a.resume(args)
		return
	}
	list, err := a.s.Store().ListBounded(50)
	if a.fail(err) {
		return
	}
	var items []pickItem
	for _, in := range list {
		if in.ID == a.s.ID() {
			continue
		}
		detail := fmt.Sprintf("%s · %d messages · %s", in.Modified.Local().Format("Jan 2 15:04"), in.MessageCount, oneLine(in.LastUserMessage, 80))
		items = append(items, pickItem{label: short(in.ID), detail: detail, value: in.ID})
	}
	if len(items) == 0 {
		a.scr.Print(paint(a.th, "muted", "no other stored sessions for this project"))
		return
	}
	a.picker = &picker{title: "Resume a session", items: items, pick: func(a *App, it pickItem) { a.resume(it.value) }}
}

func (a *App) resume(id string) {
	if a.fail(a.s.Resume(a.ctx, id)) {
		return
	}
	a.resetTranscriptState()
	a.scr.Print(paint(a.th, "muted", "resumed session "+short(a.s.ID())))
	a.replay(a.s.Agent().Conversation())
}

func (a *App) cmdTree(string) {
	nodes, err := a.s.Tree()
	if a.fail(err) {
		return
	}
	depth := map[string]int{}
	var items []pickItem
	for _, n := range nodes {
		d := 0
		if n.ParentID != "" {
			d = depth[n.ParentID]
			if p := parentChildren(nodes, n.ParentID); p > 1 {
				d++
			}
		}
		depth[n.ID] = d
		mark := ""
		if n.Current {
			mark = "• "
		}
		items = append(items, pickItem{label: mark + string(n.Role), detail: oneLine(n.Text, 100), value: n.ID, depth: d})
	}
	a.picker = &picker{title: "Branch from a message", items: items, sel: len(items) - 1, pick: func(a *App, it pickItem) {
		if a.fail(a.s.Branch(a.ctx, it.value)) {
			return
		}
		a.resetTranscriptState()
		a.scr.Print(paint(a.th, "muted", "branched; the conversation is now:"))
		a.replay(a.s.Agent().Conversation())
	}}
}

func parentChildren(nodes []agent.TreeNode, id string) int {
	for _, n := range nodes {
		if n.ID == id {
			return len(n.Children)
		}
	}
	return 0
}

func (a *App) cmdModel(args string) {
	if args != "" {
		a.setModel(args)
		return
	}
	cfg := a.s.Host().Config()
	var items []pickItem
	names := make([]string, 0, len(cfg.Providers))
	for n := range cfg.Providers {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, pn := range names {
		p := cfg.Providers[pn]
		aliases := make([]string, 0, len(p.Models))
		for al := range p.Models {
			aliases = append(aliases, al)
		}
		sort.Strings(aliases)
		// A provider without its API key is marked, with the variable to
		// set, rather than found out at the next prompt.
		missing := ""
		if err := a.s.KeyError(pn); err != nil {
			missing = "no API key"
			if v := keyVariable(err.Error()); v != "" {
				missing += ": set " + v
			}
		}
		for _, al := range aliases {
			it := pickItem{label: pn + ":" + al, detail: p.Models[al] + " · " + p.Protocol, value: pn + ":" + al}
			if missing != "" {
				it.label += " ✗"
				it.detail = missing + " · " + it.detail
			}
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		a.scr.Print(paint(a.th, "muted", "no models are configured (see docs/providers.md)"))
		return
	}
	a.picker = &picker{title: "Switch the model", items: items, pick: func(a *App, it pickItem) { a.setModel(it.value) }}
}

func (a *App) setModel(ref string) {
	if a.fail(a.s.SetModel(ref, "")) {
		return
	}
	a.scr.Print(paint(a.th, "muted", "model: "+a.s.Host().Session().Model))
	if provider, _, ok := strings.Cut(ref, ":"); ok {
		if err := a.s.KeyError(provider); err != nil {
			a.scr.Print(paint(a.th, "warning", "⚠ "+err.Error()))
		}
	}
}

// keyVariable is the environment variable a missing-key error names.
func keyVariable(msg string) string {
	const marker = "set the environment variable "
	i := strings.Index(msg, marker)
	if i < 0 {
		return ""
	}
	rest := msg[i+len(marker):]
	if j := strings.IndexAny(rest, " ,)"); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

func (a *App) cmdCompact(summary string) {
	a.activity, a.started = "Compacting", time.Now()
	a.draw()
	err := a.s.Compact(a.ctx, summary)
	a.activity = ""
	a.fail(err)
}

func (a *App) cmdReload(string) {
	if a.fail(a.s.Reload(a.ctx)) {
		return
	}
	a.focus = nil
	h := a.s.Host()
	a.scr.Print(paint(a.th, "muted", fmt.Sprintf("reloaded: %d tools, %d commands, %d problems", len(h.Tools()), len(a.commandNames()), len(h.Problems()))))
}

func (a *App) cmdProblems(string) {
	ps := a.s.Host().Problems()
	if len(ps) == 0 {
		a.scr.Print(paint(a.th, "muted", "no problems"))
		return
	}
	var rows []string
	for _, p := range ps {
		rows = append(rows, paint(a.th, "warning", "⚠ ")+p.String())
	}
	a.scr.Print(strings.Join(rows, "\n"))
}

func (a *App) cmdHelp(string) {
	rows := []string{
		paint(a.th, "heading", "Keys"),
		"  enter send · shift+enter / alt+enter new line · tab complete · ↑↓ history · / opens the command menu",
		"  @path attaches a file (tab completes it) · !command runs it in the shell, its output goes to the model · esc cancels either",
		"  while a turn runs: enter steers · alt+enter queues a follow-up · esc or ctrl+c cancels",
		"  ctrl+o expand/collapse tool output and thinking · ctrl+g focus a pinned component · ctrl+d / ctrl+c twice quit",
		"  shift+tab cycle the permission mode (default, accept-edits, plan) · a permission question: ↑↓ enter, type a reason, esc denies",
		paint(a.th, "heading", "Commands"),
	}
	type entry struct{ name, desc string }
	var entries []entry
	width := 0
	for _, b := range builtins() {
		entries = append(entries, entry{strings.TrimSpace("/" + b.name + " " + b.args), b.desc})
	}
	for _, c := range a.s.Host().Commands() {
		if findBuiltin(c.Name) == nil {
			entries = append(entries, entry{"/" + c.Name, c.Description})
		}
	}
	for _, e := range entries {
		width = max(width, len(e.name))
	}
	for _, e := range entries {
		rows = append(rows, "  "+e.name+strings.Repeat(" ", width-len(e.name)+2)+paint(a.th, "muted", e.desc))
	}
	a.scr.Print(strings.Join(rows, "\n"))
}
