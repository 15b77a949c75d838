package editor

import (
	"strconv"
	"strings"

	"panto/tui/input"
	"panto/tui/termtext"
)

// Completer proposes completions for the text before the cursor. The app
// completes slash command names (with their descriptions) and "@" file
// paths; the editor shows the menu and applies the choice.
type Completer func(text string, pos int) Completion

// Completion is what a completer found: Items replace text[From:pos].
type Completion struct {
	From  int
	Items []Item
}

// Item is one completion.
type Item struct {
	// Text replaces the completed span.
	Text string
	// Label is what the menu shows (Text if empty).
	Label string
	// Description is shown beside the label, muted.
	Description string
}

func (it Item) label() string {
	if it.Label != "" {
		return it.Label
	}
	return it.Text
}

type menu struct {
	from     int
	items    []Item
	selected int
	// auto: opened by typing (Options.AutoMenu), where Tab accepts.
	auto bool
}

// autoOpen opens the menu after a typed character when Options.AutoMenu
// asks for it; an emptied prompt lifts an Esc's dismissal.
func (e *Editor) autoOpen(typed bool) {
	if e.text == "" {
		e.autoDismissed = false
	}
	if !typed || e.menu != nil || e.autoDismissed || e.opts.AutoMenu == nil || !e.opts.AutoMenu(e.text, e.pos) {
		return
	}
	if c, ok := e.query(); ok {
		e.menu = &menu{from: c.From, items: c.Items, auto: true}
		e.changed()
	}
}

// MenuOpen reports whether the completion menu is showing.
func (e *Editor) MenuOpen() bool { return e.menu != nil }

func (e *Editor) closeMenu() {
	if e.menu != nil {
		e.menu = nil
		e.changed()
	}
}

func (e *Editor) query() (Completion, bool) {
	if e.opts.Complete == nil {
		return Completion{}, false
	}
	c := e.opts.Complete(e.text, e.pos)
	if len(c.Items) == 0 || c.From < 0 || c.From > e.pos {
		return Completion{}, false
	}
	return c, true
}

// completeTab is Tab: one candidate is applied at once; several extend the
// text by what they share and open the menu.
func (e *Editor) completeTab() Result {
	c, ok := e.query()
	if !ok {
		return Handled
	}
	if len(c.Items) == 1 {
		e.apply(c.From, c.Items[0].Text)
		return Handled
	}
	if p := commonPrefix(c.Items); len(p) > e.pos-c.From && strings.HasPrefix(p, e.text[c.From:e.pos]) {
		e.apply(c.From, p)
	}
	e.menu = &menu{from: c.From, items: c.Items}
	e.changed()
	return Handled
}

// refreshMenu asks again after an edit, so that the menu follows typing;
// it closes when nothing matches any more.
func (e *Editor) refreshMenu() {
	if e.menu == nil {
		return
	}
	c, ok := e.query()
	if !ok {
		e.closeMenu()
		return
	}
	sel := 0
	cur := e.menu.items[e.menu.selected].Text
	for i, it := range c.Items {
		if it.Text == cur {
			sel = i
		}
	}
	e.menu = &menu{from: c.From, items: c.Items, selected: sel, auto: e.menu.auto}
	e.changed()
}

// menuKey handles the keys the open menu takes; ok is false for the
// others, which close the menu only if they are not edits.
func (e *Editor) menuKey(ev input.Event) (Result, bool) {
	m := e.menu
	key := ev.Key.String()
	if m.auto && key == "enter" && strings.TrimSpace(m.items[m.selected].Text) == e.text[m.from:e.pos] {
		// The whole name is typed already: Enter sends it.
		e.menu = nil
		e.changed()
		return Submit, true
	}
	if m.auto && key == "tab" {
		key = "enter"
	}
	switch key {
	case "tab", "down", "ctrl+n":
		m.selected = (m.selected + 1) % len(m.items)
	case "shift+tab", "up", "ctrl+p":
		m.selected = (m.selected + len(m.items) - 1) % len(m.items)
	case "enter":
		e.menu = nil
		e.apply(m.from, m.items[m.selected].Text)
	case "esc":
		e.menu = nil
		e.autoDismissed = m.auto
	default:
		return Ignored, false
	}
	e.changed()
	return Handled, true
}

// apply replaces text[from:pos] with s, one undo step.
func (e *Editor) apply(from int, s string) {
	e.save(editOther)
	e.text = e.text[:from] + s + e.text[e.pos:]
	e.pos = from + len(s)
	e.goal = -1
	e.changed()
}

func commonPrefix(items []Item) string {
	p := items[0].Text
	for _, it := range items[1:] {
		for !strings.HasPrefix(it.Text, p) {
			p = p[:len(p)-1]
		}
	}
	return strings.ToValidUTF8(p, "")
}

// renderMenu draws the open menu: a window of items around the selected
// one, labels in a column, descriptions muted.
func (e *Editor) renderMenu(width int) []string {
	m := e.menu
	if m == nil {
		return nil
	}
	n := min(len(m.items), e.opts.MenuRows)
	first := max(0, min(m.selected-n/2, len(m.items)-n))
	labelW := 0
	for _, it := range m.items[first : first+n] {
		labelW = max(labelW, termtext.Width(it.label()))
	}
	labelW = min(labelW, max(width/2, 1))
	var rows []string
	for i := first; i < first+n; i++ {
		it := m.items[i]
		label := termtext.Truncate(it.label(), labelW)
		label += strings.Repeat(" ", labelW-termtext.Width(label))
		line := "  " + label
		if i == m.selected {
			line = "  " + e.paint("accent", label)
		}
		if it.Description != "" {
			room := width - 4 - labelW
			if room > 1 {
				line += "  " + e.paint("muted", termtext.Truncate(strings.Join(strings.Fields(it.Description), " "), room))
			}
		}
		rows = append(rows, finish(line, width))
	}
	if len(m.items) > n {
		rows = append(rows, finish(e.paint("muted", "  "+strconv.Itoa(m.selected+1)+"/"+strconv.Itoa(len(m.items))), width))
	}
	return rows
}
