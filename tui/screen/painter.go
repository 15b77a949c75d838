package screen

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"time"

	"panto/tui/termtext"
)

// Terminal control sequences the painter writes. Nothing else reaches the
// terminal: rows themselves carry only SGR styles (render.Rows sanitizes).
const (
	syncBegin   = "\x1b[?2026h" // synchronized output: the terminal shows the frame at once
	syncEnd     = "\x1b[?2026l"
	hideCursor  = "\x1b[?25l"
	showCursor  = "\x1b[?25h"
	eraseLine   = "\x1b[K"               // to the end of the row
	eraseBelow  = "\x1b[J"               // from the cursor to the end of the screen
	clearAll    = "\x1b[2J\x1b[3J\x1b[H" // screen, then scrollback (some terminals push the screen into it on 2J), then home
	cursorUpFmt = 'A'
	cursorDown  = 'B'
)

// Frame is what one paint shows.
type Frame struct {
	// Commit rows are printed once, above the live region, and are never
	// repainted: they scroll into the terminal's scrollback.
	Commit []string
	// Live rows are the live region, repainted differentially.
	Live []string
	// Cursor is where the terminal cursor goes, in Live.
	Cursor Cursor
}

// Cursor is a position in the live region.
type Cursor struct {
	Row, Col int
	Visible  bool
}

// Stats counts what a painter wrote.
type Stats struct {
	Frames  int // paints that wrote something
	Redraws int // full redraws among them
	Rows    int // rows written
	Bytes   int // bytes written
}

// Painter paints frames onto a terminal that keeps its own scrollback.
// It owns the rows from the top of the live region down to the lowest row
// it has drawn on (the extent; rows below the live rows are blank) and
// addresses them only with relative cursor moves, so it never needs to
// know where on the screen it started.
//
// Which live rows can still be repainted follows from the extent alone:
// the bottom of the extent is at most the bottom of the screen, so live
// row i is on screen when i >= extent-height. When the output started
// higher up, the rows that have not yet scrolled are all on screen anyway,
// so the rule is exact, not just safe (docs/tui.md works the cases).
//
// A Painter is not safe for concurrent use: the UI goroutine owns it.
type Painter struct {
	out           io.Writer
	width, height int

	prev    []string // live rows on screen
	extent  int      // rows owned from the live top down; at least 1 (the cursor's row)
	cur     int      // live row the cursor is on
	full    bool     // the next paint redraws everything
	hidden  bool     // the cursor is hidden
	plain   bool     // strip every SGR sequence (NO_COLOR)
	lastCol int      // the cursor's column when shown

	// RedrawInterval is the least time between two full redraws caused
	// by changes above the screen (DefaultRedrawInterval). Resizes and
	// Invalidate always redraw at once.
	RedrawInterval time.Duration
	now            func() time.Time // the clock (a fake one in tests)
	lastRedraw     time.Time
	stale          bool // rows above the screen differ from what they show

	buf   bytes.Buffer
	stats Stats
}

// DefaultRedrawInterval is a Painter's RedrawInterval.
const DefaultRedrawInterval = time.Second

// NewPainter returns a painter writing to out, a terminal of width columns
// and height rows whose cursor is at the start of an empty line (where a
// shell leaves it when the program starts).
func NewPainter(out io.Writer, width, height int) *Painter {
	return &Painter{out: out, width: max(width, 1), height: max(height, 1), extent: 1,
		RedrawInterval: DefaultRedrawInterval, now: time.Now}
}

// Size returns the terminal size the painter paints for.
func (p *Painter) Size() (width, height int) { return p.width, p.height }

// Resize records a new terminal size. The next paint redraws everything:
// terminals disagree on what a resize does to the rows already shown
// (some reflow them, some cut them, some scroll), so the painter's idea
// of where its rows are is no longer to be trusted.
func (p *Painter) Resize(width, height int) {
	width, height = max(width, 1), max(height, 1)
	if width != p.width || height != p.height {
		p.width, p.height = width, height
		p.full = true
	}
}

// Invalidate makes the next paint a full redraw, for when something else
// wrote to the terminal.
func (p *Painter) Invalidate() { p.full = true }

// SetPlain makes the painter drop every style from the rows it writes:
// with NO_COLOR or TERM=dumb nothing reaches the terminal but text, even
// from a Lua component that styles its own chunks.
func (p *Painter) SetPlain(on bool) {
	if on != p.plain {
		p.plain = on
		p.full = true
	}
}

// Stats returns the counts so far.
func (p *Painter) Stats() Stats { return p.stats }

// Paint shows f. It writes only the live rows that differ from the last
// frame, inside synchronized-output brackets, as one Write. When a row
// that changed has scrolled above the screen, or after Resize or
// Invalidate, it redraws everything instead: it clears the screen and the
// scrollback and prints history() (the rows committed so far, at the
// current width), then f. history is called only then.
func (p *Painter) Paint(f Frame, history func() []string) error {
	p.buf.Reset()
	switch {
	case p.full:
		p.redraw(f, history)
	case p.stale || p.changedOffscreen(f):
		// A row above the screen changed. Redrawing costs the whole
		// transcript, and a component taller than the screen that
		// changes its top every frame (a header with a timer over a long
		// output) would cost that every frame; so redraws for this reason
		// come at most once per RedrawInterval, and in between only the
		// rows on screen are painted (those above stay as they were,
		// until the redraw).
		if now := p.now(); now.Sub(p.lastRedraw) >= p.RedrawInterval {
			p.redraw(f, history)
		} else {
			p.stale = true
			p.diff(f)
		}
	default:
		p.diff(f)
	}
	if p.buf.Len() == 0 {
		return nil
	}
	p.stats.Frames++
	p.stats.Bytes += p.buf.Len()
	_, err := p.out.Write(p.buf.Bytes())
	return err
}

// rowAt returns row i of the frame seen from the old live top: the
// commit rows first, then the live rows.
func rowAt(f *Frame, i int) (string, bool) {
	if i < len(f.Commit) {
		return f.Commit[i], true
	}
	i -= len(f.Commit)
	if i < len(f.Live) {
		return f.Live[i], true
	}
	return "", false
}

// changedOffscreen reports whether a row that scrolled above the screen
// would change.
func (p *Painter) changedOffscreen(f Frame) bool {
	off := p.extent - p.height
	n := len(f.Commit) + len(f.Live)
	for i := 0; i < off; i++ {
		row, ok := rowAt(&f, i)
		var old string
		had := i < len(p.prev)
		if had {
			old = p.prev[i]
		}
		if ok != had || row != old {
			return true
		}
		if i >= n && i >= len(p.prev) {
			break
		}
	}
	return false
}

func (p *Painter) begin() {
	p.buf.WriteString(syncBegin)
	if !p.hidden {
		p.buf.WriteString(hideCursor)
		p.hidden = true
	}
}

func (p *Painter) diff(f Frame) {
	n := len(f.Commit) + len(f.Live)
	started := false
	start := func() {
		if !started {
			p.begin()
			started = true
		}
	}
	off := p.extent - p.height // rows above the screen cannot be painted
	for i := max(off, 0); i < n; i++ {
		row, _ := rowAt(&f, i)
		if i < len(p.prev) && p.prev[i] == row {
			continue
		}
		if i >= len(p.prev) && i < p.extent && row == "" {
			continue // a blank row over a blank row
		}
		start()
		p.moveTo(i)
		p.writeRow(row)
	}
	if n < len(p.prev) && n >= off {
		start()
		p.moveTo(n)
		p.buf.WriteString("\r" + eraseBelow)
	}
	k := len(f.Commit)
	if len(f.Live) == 0 && k > 0 {
		// The live region starts on the line after the commit, even empty.
		start()
		p.moveTo(k)
	}
	if started || p.cursorMoved(f) {
		start()
		p.placeCursor(f, k)
		p.buf.WriteString(syncEnd)
	}
	p.settle(f, k)
}

// cursorMoved reports whether the frame's cursor differs from where the
// last paint left it.
func (p *Painter) cursorMoved(f Frame) bool {
	c := f.Cursor
	want := c.Visible && c.Row >= 0 && c.Row < len(f.Live) && len(f.Commit)+c.Row >= p.extent-p.height
	if !want {
		return !p.hidden
	}
	return p.hidden || p.cur != len(f.Commit)+c.Row || p.lastCol != c.Col
}

// placeCursor puts the cursor where the frame wants it (the rows before k
// are the commit rows).
func (p *Painter) placeCursor(f Frame, k int) {
	c := f.Cursor
	if !c.Visible || c.Row < 0 || c.Row >= len(f.Live) || k+c.Row < p.extent-p.height {
		return // stays hidden
	}
	p.moveTo(k + c.Row)
	p.buf.WriteString("\x1b[")
	p.buf.WriteString(strconv.Itoa(min(max(c.Col, 0), p.width-1) + 1))
	p.buf.WriteByte('G')
	p.buf.WriteString(showCursor)
	p.hidden = false
	p.lastCol = c.Col
}

// settle moves the live top below the k commit rows.
func (p *Painter) settle(f Frame, k int) {
	p.prev = append(p.prev[:0], f.Live...)
	p.cur -= k
	p.extent -= k
	if p.extent < 1 {
		p.extent = 1
	}
	// cur may now be negative: when the commit rows were on screen
	// already, nothing was written and the cursor is still on one of them.
}

// moveTo moves the cursor to column 0 of live row i (seen from the old
// live top), growing the extent with new lines when i is below it.
func (p *Painter) moveTo(i int) {
	switch {
	case i < p.cur:
		p.csi(p.cur-i, cursorUpFmt)
	case i > p.cur && i < p.extent:
		p.csi(i-p.cur, cursorDown)
	case i > p.cur:
		if p.cur < p.extent-1 {
			p.csi(p.extent-1-p.cur, cursorDown)
		}
		for j := p.extent; j <= i; j++ {
			p.buf.WriteString("\r\n")
		}
		p.extent = i + 1
	}
	p.cur = i
	p.buf.WriteByte('\r')
}

func (p *Painter) csi(n int, final byte) {
	p.buf.WriteString("\x1b[")
	if n != 1 {
		p.buf.WriteString(strconv.Itoa(n))
	}
	p.buf.WriteByte(final)
}

// writeRow writes one row at the cursor (column 0). The padding a row
// carries is dropped when it is unstyled and the rest of the line erased
// instead: fewer bytes, and a terminal that reflows on resize has less to
// wrap.
func (p *Painter) writeRow(row string) {
	p.stats.Rows++
	if p.plain {
		row = stripSGR(row)
	}
	text, trimmed := trimPadding(row)
	p.buf.WriteString(text)
	if trimmed || len(text) < p.width {
		p.buf.WriteString(eraseLine)
	}
}

// trimPadding removes the trailing reset and the unstyled spaces before
// it, keeping a reset when the text still holds a style.
func trimPadding(row string) (string, bool) {
	body := strings.TrimSuffix(row, termtext.Reset)
	text := strings.TrimRight(body, " ")
	if len(text) == len(body) {
		return row, false
	}
	if strings.IndexByte(text, '\x1b') < 0 {
		return text, true
	}
	if !styleAtEnd(text).IsDefault() {
		return row, false // styled padding (a background) must reach the edge
	}
	return text + termtext.Reset, true
}

// stripSGR removes the SGR sequences of a row (rows hold no other
// escape sequences).
func stripSGR(s string) string {
	if strings.IndexByte(s, '\x1b') < 0 {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := i + 2
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
			j++
		}
		if j < len(s) && s[j] == 'm' {
			j++
		}
		s = s[j:]
	}
}

// styleAtEnd replays the SGR sequences of s.
func styleAtEnd(s string) termtext.Style {
	var st termtext.Style
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			return st
		}
		s = s[i+2:]
		j := 0
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
			j++
		}
		if j < len(s) && s[j] == 'm' {
			st.Apply(s[:j])
		}
		s = s[j:]
	}
}

// redraw clears the screen and the scrollback and prints everything.
func (p *Painter) redraw(f Frame, history func() []string) {
	p.stats.Redraws++
	p.lastRedraw, p.stale = p.now(), false
	p.begin()
	p.buf.WriteString(clearAll)
	var above []string
	if history != nil {
		above = history()
	}
	first := true
	line := func(row string) {
		if !first {
			p.buf.WriteString("\r\n")
		}
		first = false
		p.writeRow(row)
	}
	for _, r := range above {
		line(r)
	}
	for _, r := range f.Commit {
		line(r)
	}
	if !first {
		p.buf.WriteString("\r\n") // the live region starts on a fresh line
	}
	first = true
	for _, r := range f.Live {
		line(r)
	}
	p.prev = append(p.prev[:0], f.Live...)
	p.extent = max(len(f.Live), 1)
	p.cur = max(len(f.Live)-1, 0)
	p.full = false
	p.placeCursor(f, 0)
	p.buf.WriteString(syncEnd)
}

// Close leaves the terminal for the shell: the cursor goes to the line
// after the live region, shown. The rows stay on screen.
func (p *Painter) Close() error {
	p.buf.Reset()
	p.buf.WriteString(syncBegin)
	p.moveTo(len(p.prev))
	p.buf.WriteString(showCursor + syncEnd)
	p.hidden = false
	_, err := p.out.Write(p.buf.Bytes())
	p.prev = p.prev[:0]
	p.extent, p.cur = 1, 0
	return err
}

// Detach erases the live region and forgets it, leaving the cursor at its
// top with the committed rows above: what a child process started in the
// foreground should see. The next paint starts a new live region at
// wherever the cursor is then, below what the child printed.
func (p *Painter) Detach() error {
	p.buf.Reset()
	p.buf.WriteString(syncBegin)
	p.moveTo(0)
	p.buf.WriteString(eraseBelow + showCursor + syncEnd)
	p.hidden = false
	_, err := p.out.Write(p.buf.Bytes())
	p.prev = p.prev[:0]
	p.extent, p.cur = 1, 0
	return err
}
