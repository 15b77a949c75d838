package app

import (
	"strings"

	"panto/tui/input"
	"panto/tui/termtext"
)

// picker is a list the user picks one item of (/resume, /tree, /model):
// Up/Down move, typing filters, Enter picks, Esc closes.
type picker struct {
	title  string
	items  []pickItem
	filter string
	sel    int
	pick   func(a *App, it pickItem)
}

type pickItem struct {
	label, detail, value string
	depth                int
}

// visible is the items the filter keeps.
func (p *picker) visible() []pickItem {
	if p.filter == "" {
		return p.items
	}
	f := strings.ToLower(p.filter)
	var out []pickItem
	for _, it := range p.items {
		if strings.Contains(strings.ToLower(it.label+" "+it.detail), f) {
			out = append(out, it)
		}
	}
	return out
}

func (p *picker) handle(a *App, ev input.Event) {
	vis := p.visible()
	switch {
	case ev.Is("esc"):
		a.picker = nil
	case ev.Is("up") || ev.Is("ctrl+p"):
		if p.sel > 0 {
			p.sel--
		}
	case ev.Is("down") || ev.Is("ctrl+n") || ev.Is("tab"):
		if p.sel < len(vis)-1 {
			p.sel++
		}
	case ev.Is("enter"):
		a.picker = nil
		if p.sel < len(vis) {
			p.pick(a, vis[p.sel])
		}
	case ev.Is("backspace"):
		if p.filter != "" {
			_, size := lastRune(p.filter)
			p.filter = p.filter[:len(p.filter)-size]
			p.sel = 0
		}
	case ev.Kind == input.KindKey && ev.Text != "":
		p.filter += ev.Text
		p.sel = 0
	}
}

func lastRune(s string) (rune, int) {
	r := []rune(s)
	last := r[len(r)-1]
	return last, len(string(last))
}

// maxPickerRows bounds the rows the list takes.
const maxPickerRows = 10

// rows renders the picker: a title with the filter, then a window of
// items around the selection.
func (p *picker) rows(a *App, width int) []string {
	vis := p.visible()
	head := paint(a.th, "accent", p.title)
	if p.filter != "" {
		head += paint(a.th, "muted", "  filter: ") + p.filter
	}
	head += paint(a.th, "muted", "  (↑↓ enter esc)")
	out := []string{head}
	if len(vis) == 0 {
		out = append(out, paint(a.th, "muted", "  nothing matches"))
		return rowsOf(out, width)
	}
	start := 0
	if p.sel >= maxPickerRows {
		start = p.sel - maxPickerRows + 1
	}
	for i := start; i < len(vis) && i < start+maxPickerRows; i++ {
		it := vis[i]
		mark := "  "
		label := strings.Repeat("  ", it.depth) + it.label
		if i == p.sel {
			mark = paint(a.th, "accent", "❯ ")
			label = paint(a.th, "accent", label)
		}
		line := mark + label
		if it.detail != "" {
			room := width - termtext.Width(line) - 3
			if room > 8 {
				line += "  " + paint(a.th, "muted", termtext.Truncate(it.detail, room))
			}
		}
		out = append(out, termtext.Truncate(line, width))
	}
	if len(vis) > maxPickerRows {
		out = append(out, paint(a.th, "muted", "  … "+itoa(len(vis))+" in all"))
	}
	return rowsOf(out, width)
}
