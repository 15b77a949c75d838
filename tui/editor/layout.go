package editor

import (
	"github.com/clipperhouse/uax29/v2/graphemes"

	"panto/tui/termtext"
)

// vrow is one visual row of the text: text[start:end], soft-wrapped or
// ending at a newline (or the end of the text).
type vrow struct {
	start, end int
	// soft says the next row continues the same line (a wrap, not a
	// newline): an offset equal to end then belongs to the next row.
	soft bool
}

type layout struct {
	text  string // the text laid out (equal strings compare fast when unchanged)
	width int    // the text area's columns
	rows  []vrow
}

// tabWidth matches termtext's tab stops.
const tabWidth = termtext.TabWidth

// clusterCols is the width of a cluster at column col (tabs reach the
// next stop).
func clusterCols(c string, col int) int {
	if c == "\t" {
		return tabWidth - col%tabWidth
	}
	return termtext.ClusterWidth(c)
}

// wrapText lays the text out in rows of at most avail columns, breaking
// after a space where it can and inside a word only when the word is
// longer than a row. A space that does not fit hangs at the end of its
// row: the editor keeps one column free on the right for the cursor, and
// that is where the hanging space goes.
func wrapText(text string, avail int) []vrow {
	avail = max(avail, 1)
	var rows []vrow
	start := 0
	for {
		end := lineEnd(text, start)
		rows = wrapLine(rows, text, start, end, avail)
		if end >= len(text) {
			return rows
		}
		start = end + 1
	}
}

func wrapLine(rows []vrow, text string, start, end, avail int) []vrow {
	rowStart := start
	w := 0
	lastBreak := -1 // offset after the last space on this row
	g := graphemes.FromString(text[start:end])
	for g.Next() {
		c := g.Value()
		o, e := start+g.Start(), start+g.End()
		cw := clusterCols(c, w)
		if w+cw > avail {
			switch {
			case c == " ":
				rows = append(rows, vrow{rowStart, e, true})
				rowStart, w, lastBreak = e, 0, -1
				continue
			case lastBreak > rowStart:
				rows = append(rows, vrow{rowStart, lastBreak, true})
				rowStart = lastBreak
				w = colsOf(text[rowStart:o])
			default:
				if o > rowStart {
					rows = append(rows, vrow{rowStart, o, true})
					rowStart = o
				}
				w = 0
			}
			lastBreak = -1
			cw = clusterCols(c, w)
			if w+cw > avail && o > rowStart { // the word still does not fit
				rows = append(rows, vrow{rowStart, o, true})
				rowStart, w = o, 0
				cw = clusterCols(c, 0)
			}
		}
		w += cw
		if c == " " {
			lastBreak = e
		}
	}
	return append(rows, vrow{rowStart, end, false})
}

// colsOf is the width of a piece of one row.
func colsOf(s string) int {
	w := 0
	g := graphemes.FromString(s)
	for g.Next() {
		w += clusterCols(g.Value(), w)
	}
	return w
}

// layoutAt returns the layout for a text area of avail columns.
func (e *Editor) layoutAt(avail int) *layout {
	if e.lay.rows == nil || e.lay.width != avail || e.lay.text != e.text {
		e.lay = layout{text: e.text, width: avail, rows: wrapText(e.text, avail)}
	}
	return &e.lay
}

// cursorRow finds the row and column of a byte offset.
func (l *layout) cursorRow(text string, pos int) (row, col int) {
	for i, r := range l.rows {
		if pos < r.start {
			break
		}
		if pos < r.end || (pos == r.end && !r.soft) {
			return i, colsOf(text[r.start:pos])
		}
	}
	last := len(l.rows) - 1
	return last, colsOf(text[l.rows[last].start:min(pos, l.rows[last].end)])
}

// offsetAt finds the offset in a row closest to a column at or before it.
func (l *layout) offsetAt(text string, row, col int) int {
	r := l.rows[row]
	g := graphemes.FromString(text[r.start:r.end])
	w := 0
	best := r.start
	for g.Next() {
		cw := clusterCols(g.Value(), w)
		if w+cw > col {
			break
		}
		w += cw
		best = r.start + g.End()
	}
	if r.soft && best == r.end && best > r.start {
		best = prevClusterIn(text, r.start, best) // the end of a wrapped row is the next row's start
	}
	return best
}

func prevClusterIn(text string, start, pos int) int {
	g := graphemes.FromString(text[start:pos])
	last := 0
	for g.Next() {
		last = g.Start()
	}
	return start + last
}
