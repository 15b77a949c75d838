package editor

import (
	"strings"

	"panto/tui/termtext"
)

// Render returns the editor's rows at width: the visible text rows, then
// the completion menu when it is open. Every row is exactly width
// columns and ends in a reset.
func (e *Editor) Render(width int) []string {
	width = max(width, 1)
	prompt := e.opts.Prompt
	pw := termtext.Width(prompt)
	if width-pw-1 < 1 { // too narrow for the prompt: the text comes first
		prompt, pw = "", 0
	}
	avail := max(width-pw-1, 1) // one column stays free for the cursor
	lay := e.layoutAt(avail)
	e.renderWidth = width
	curRow, curCol := lay.cursorRow(e.text, e.pos)

	// scroll just enough to keep the cursor in view
	maxRows := e.opts.MaxRows
	if curRow < e.scroll {
		e.scroll = curRow
	}
	if curRow >= e.scroll+maxRows {
		e.scroll = curRow - maxRows + 1
	}
	e.scroll = max(min(e.scroll, len(lay.rows)-maxRows), 0)

	var rows []string
	indent := strings.Repeat(" ", pw)
	for i := e.scroll; i < len(lay.rows) && i < e.scroll+maxRows; i++ {
		prefix := indent
		if i == 0 {
			prefix = e.paint("accent", prompt)
		}
		r := lay.rows[i]
		body := expandTabs(e.text[r.start:r.end])
		if e.text == "" && e.opts.Placeholder != "" {
			body = e.paint("muted", termtext.Truncate(e.opts.Placeholder, avail))
		}
		rows = append(rows, finish(prefix+body, width))
	}
	e.cursorRow, e.cursorCol = curRow-e.scroll, min(pw+curCol, width-1)
	e.textCols = avail
	return append(rows, e.renderMenu(width)...)
}

// Cursor returns the cursor's row and column in the rows of the last
// Render; ok is false while the editor does not have the focus.
func (e *Editor) Cursor() (row, col int, ok bool) {
	return e.cursorRow, e.cursorCol, e.focused && e.renderWidth > 0
}

func (e *Editor) paint(role, text string) string {
	if e.opts.Theme == nil || text == "" {
		return text
	}
	sgr := e.opts.Theme.Styles[role]
	if sgr == "" {
		return text
	}
	return sgr + text + termtext.Reset
}

// expandTabs turns tabs into spaces to the next stop, as the layout
// counted them.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, part := range strings.SplitAfter(s, "\t") {
		text := strings.TrimSuffix(part, "\t")
		b.WriteString(text)
		col += colsOf(text)
		if len(text) < len(part) {
			n := tabWidth - col%tabWidth
			b.WriteString(strings.Repeat(" ", n))
			col += n
		}
	}
	return b.String()
}

// finish pads a row to width and closes it with a reset, cutting it if
// it is somehow wider.
func finish(text string, width int) string {
	w := termtext.Width(text)
	if w > width {
		text = termtext.Truncate(text, width)
		w = termtext.Width(text)
	}
	return text + strings.Repeat(" ", width-w) + termtext.Reset
}
