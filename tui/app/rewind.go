package app

import (
	"fmt"
	"path/filepath"
	"strconv"

	"panto/agent"
)

// cmdUndo rewinds the last user turn: its files and the conversation.
func (a *App) cmdUndo(string) { a.rewind(1, agent.RestoreBoth) }

// cmdRewind opens a picker of the user messages of this branch, newest
// selected; the pick asks what to restore, then rewinds to just before
// that message.
func (a *App) cmdRewind(string) {
	turns := a.s.UserTurns()
	if len(turns) == 0 {
		a.scr.Print(paint(a.th, "muted", "nothing to rewind: no user message yet"))
		return
	}
	var items []pickItem
	for i, t := range turns {
		detail := oneLine(t.Text, 90)
		if t.Files > 0 {
			detail += fmt.Sprintf(" · %d %s changed", t.Files, "file"+plural(t.Files))
		}
		items = append(items, pickItem{label: strconv.Itoa(len(turns) - i), detail: detail, value: strconv.Itoa(len(turns) - i)})
	}
	a.picker = &picker{title: "Rewind to before a message (the number is how many turns)", items: items, sel: len(items) - 1,
		pick: func(a *App, it pickItem) {
			n, _ := strconv.Atoi(it.value)
			choices := []pickItem{
				{label: "code and conversation", value: agent.RestoreBoth},
				{label: "conversation only", detail: "keep the files as they are", value: agent.RestoreConversation},
				{label: "code only", detail: "keep the conversation", value: agent.RestoreCode},
			}
			a.picker = &picker{title: "Restore", items: choices, pick: func(a *App, c pickItem) { a.rewind(n, c.value) }}
		}}
}

// rewind runs the rewind and says what it did: the files restored and
// removed, and each file it left alone because it changed since.
func (a *App) rewind(turns int, restore string) {
	res, err := a.s.Rewind(a.ctx, turns, restore)
	if a.fail(err) {
		return
	}
	if res.Conversation {
		a.resetTranscriptState()
		a.scr.Print(paint(a.th, "muted", fmt.Sprintf("rewound %d %s; the conversation is now:", res.Turns, "turn"+plural(res.Turns))))
		a.replay(a.s.Agent().Conversation())
		a.ed.SetText(res.Text)
	}
	if restore != agent.RestoreConversation {
		a.scr.Print(paint(a.th, "muted", fmt.Sprintf("files: %d restored, %d removed (changes made by shell commands are not undone)",
			len(res.Restored), len(res.Removed))))
		for _, p := range append(append([]string{}, res.Restored...), res.Removed...) {
			a.scr.Print(paint(a.th, "muted", "  "+a.rel(p)))
		}
	}
	for _, k := range res.Kept {
		a.scr.Print(paint(a.th, "warning", "  not restored: "+a.rel(k)))
	}
}

// rel shows a path relative to the project when it is inside it.
func (a *App) rel(p string) string {
	in := a.s.Host().Session()
	if in == nil || in.Directory == "" {
		return p
	}
	if r, err := filepath.Rel(in.Directory, p); err == nil && !filepath.IsAbs(r) && len(r) > 0 && r[0] != '.' {
		return r
	}
	return p
}
