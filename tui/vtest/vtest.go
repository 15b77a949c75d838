// Package vtest runs terminal output through an in-process terminal
// emulator (charmbracelet/x/vt) so that tests read what a person would
// see: the cells of the screen and of the scrollback, the cursor, and how
// many bytes the program wrote to get there. It is for tests only; nothing
// in bin/panto imports it.
//
// A Terminal is an io.Writer: hand it to the renderer as its output, then
// compare Screen, Scrollback or Dump against expectations or golden files.
package vtest

import (
	"fmt"
	"image/color"
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// Terminal is an emulated terminal that counts what is written to it.
type Terminal struct {
	em     *vt.Emulator
	bytes  int
	writes int
}

// New returns an emulated terminal of w columns and h rows with the
// cursor at the top left, as a freshly opened terminal window.
func New(w, h int) *Terminal {
	em := vt.NewEmulator(w, h)
	return &Terminal{em: em}
}

// Write feeds output to the emulator.
func (t *Terminal) Write(p []byte) (int, error) {
	t.bytes += len(p)
	t.writes++
	return t.em.Write(p)
}

// Bytes is the number of bytes written so far.
func (t *Terminal) Bytes() int { return t.bytes }

// Writes is the number of Write calls so far.
func (t *Terminal) Writes() int { return t.writes }

// ResetCounts sets Bytes and Writes back to zero.
func (t *Terminal) ResetCounts() { t.bytes, t.writes = 0, 0 }

// Size returns the columns and rows.
func (t *Terminal) Size() (w, h int) { return t.em.Width(), t.em.Height() }

// Resize changes the size like a window resize. The emulator does not
// reflow lines: what the program redraws afterwards is what counts.
func (t *Terminal) Resize(w, h int) { t.em.Resize(w, h) }

// Cursor returns the cursor's column and row on the screen.
func (t *Terminal) Cursor() (x, y int) {
	p := t.em.CursorPosition()
	return p.X, p.Y
}

// CursorVisible reports whether the program left the cursor shown.
func (t *Terminal) CursorVisible() bool { return !t.em.CursorHidden() }

// Screen returns the visible rows as text, trailing blanks removed.
func (t *Terminal) Screen() []string {
	w, h := t.Size()
	rows := make([]string, h)
	for y := range h {
		rows[y] = rowText(w, func(x int) (string, int) { return cellText(t.em.CellAt(x, y)) })
	}
	return rows
}

// Scrollback returns the rows that scrolled off the top, oldest first.
func (t *Terminal) Scrollback() []string {
	sb := t.em.Scrollback()
	rows := make([]string, sb.Len())
	for y := range rows {
		line := sb.Line(y)
		rows[y] = rowText(len(line), func(x int) (string, int) { return cellText(&line[x]) })
	}
	return rows
}

// Lines returns the scrollback followed by the screen with the blank rows
// at the bottom of the screen removed: the whole transcript as a person
// scrolling back would read it.
func (t *Terminal) Lines() []string {
	all := append(t.Scrollback(), t.Screen()...)
	for len(all) > 0 && all[len(all)-1] == "" {
		all = all[:len(all)-1]
	}
	return all
}

// rowText joins the cells of one row, skipping the continuation cells of
// wide characters, and trims trailing blanks.
func rowText(w int, cell func(x int) (string, int)) string {
	var b strings.Builder
	for x := 0; x < w; {
		s, cw := cell(x)
		b.WriteString(s)
		x += max(cw, 1)
	}
	return strings.TrimRight(b.String(), " ")
}

func cellText(c *uv.Cell) (string, int) {
	if c == nil || c.Content == "" {
		return " ", 1
	}
	return c.Content, c.Width
}

// Dump renders the screen for a golden file: each row between bars, then
// the styled runs of that row ("3-7 bold fg=6" means columns 3 to 7 are
// bold in palette colour 6), and the cursor.
func (t *Terminal) Dump() string {
	w, h := t.Size()
	var b strings.Builder
	bar := "+" + strings.Repeat("-", w) + "+\n"
	b.WriteString(bar)
	for y := range h {
		var row strings.Builder
		cols := 0
		for x := 0; x < w; {
			s, cw := cellText(t.em.CellAt(x, y))
			row.WriteString(s)
			cols += max(cw, 1)
			x += max(cw, 1)
		}
		b.WriteString("|" + row.String() + strings.Repeat(" ", max(0, w-cols)) + "|")
		if runs := t.styleRuns(y); runs != "" {
			b.WriteString(" " + runs)
		}
		b.WriteByte('\n')
	}
	b.WriteString(bar)
	x, y := t.Cursor()
	fmt.Fprintf(&b, "cursor %d,%d visible=%v\n", x, y, t.CursorVisible())
	return b.String()
}

// styleRuns describes the runs of equally styled, non-default cells.
func (t *Terminal) styleRuns(y int) string {
	w, _ := t.Size()
	var runs []string
	start, cur := -1, ""
	flush := func(end int) {
		if start >= 0 && cur != "" {
			runs = append(runs, fmt.Sprintf("%d-%d %s", start, end-1, cur))
		}
	}
	for x := 0; x < w; x++ {
		c := t.em.CellAt(x, y)
		d := ""
		if c != nil {
			d = describeStyle(c)
		}
		if d != cur || start < 0 {
			flush(x)
			start, cur = x, d
		}
	}
	flush(w)
	return strings.Join(runs, "; ")
}

// Style describes the style of one cell ("" for the default).
func (t *Terminal) Style(x, y int) string {
	c := t.em.CellAt(x, y)
	if c == nil {
		return ""
	}
	return describeStyle(c)
}

func describeStyle(c *uv.Cell) string {
	s := c.Style
	var parts []string
	for _, a := range []struct {
		bit  uint8
		name string
	}{
		{1 << 0, "bold"}, {1 << 1, "dim"}, {1 << 2, "italic"}, {1 << 3, "blink"},
		{1 << 5, "reverse"}, {1 << 6, "hidden"}, {1 << 7, "strike"},
	} {
		if s.Attrs&a.bit != 0 {
			parts = append(parts, a.name)
		}
	}
	if s.Underline != 0 {
		parts = append(parts, "underline")
	}
	if s.Fg != nil {
		parts = append(parts, "fg="+colourName(s.Fg))
	}
	if s.Bg != nil {
		parts = append(parts, "bg="+colourName(s.Bg))
	}
	return strings.Join(parts, " ")
}

func colourName(c color.Color) string {
	switch c := c.(type) {
	case ansi.BasicColor:
		return fmt.Sprint(uint8(c))
	case ansi.IndexedColor:
		return fmt.Sprint(uint8(c))
	}
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}
