// Package render turns what a component returns into terminal rows. A
// component hands back content chunks, not rows: each chunk starts a new
// line and may hold several lines or lines longer than the terminal. The
// engine splits them, sanitizes them (only SGR styles survive; cursor
// movement and other controls would let a component draw outside its
// rows), wraps them to the width, replays the style in effect at the start
// of each continuation row, pads every row to exactly the width and ends
// it with a reset, so that any row can be repainted on its own.
package render

import (
	"strings"

	"panto/tui/termtext"
)

// Rows renders chunks to rows of exactly width columns. Zero chunks give
// zero rows; a width below 1 gives none.
func Rows(chunks []string, width int) []string {
	if width < 1 || len(chunks) == 0 {
		return nil
	}
	rows := make([]string, 0, len(chunks))
	termtext.Layout(strings.Join(chunks, "\n"), width, func(r termtext.Row) {
		rows = append(rows, finish(r.Text, r.Width, width))
	})
	return rows
}

// Lines lays chunks out at width without padding or the trailing reset:
// what a native component's render(width) hands to Lua, so that a wrapper
// can add chunks and send everything through Rows again (laying out rows
// that already fit changes nothing).
func Lines(chunks []string, width int) []string {
	if len(chunks) == 0 {
		return nil
	}
	var lines []string
	termtext.Layout(strings.Join(chunks, "\n"), width, func(r termtext.Row) {
		text := r.Text
		if r.Open {
			text += termtext.Reset
		}
		lines = append(lines, text)
	})
	return lines
}

// Diagnostic is the dim row shown instead of a component whose render
// failed, so that one broken extension costs one row, not the screen.
func Diagnostic(msg string, width int) string {
	if width < 1 {
		return ""
	}
	msg = strings.Join(strings.Fields(msg), " ") // one line
	text := termtext.Truncate("⚠ "+msg, width)
	return finish("\x1b[2m"+text, termtext.Width(text), width)
}

// finish pads a row to width (the padding keeps the row's style, so a
// background colour reaches the edge) and adds the trailing reset.
func finish(text string, w, width int) string {
	var b strings.Builder
	b.Grow(len(text) + width - w + len(termtext.Reset))
	b.WriteString(text)
	for ; w < width; w++ {
		b.WriteByte(' ')
	}
	b.WriteString(termtext.Reset)
	return b.String()
}
