// Package screen is the terminal UI's line renderer. It keeps the
// terminal's own scrollback, like a shell session and unlike a full-screen
// application: a transcript block that is finished is printed once and
// scrolls away with the terminal; only the live tail (streaming text,
// running tools, pinned components, the editor, the status rows) is
// repainted, and only the rows of it that changed.
//
// Two layers:
//
//   - Painter works on rows. It diffs each frame's live rows against the
//     last frame's, moves the cursor relatively, and writes the changed
//     rows inside synchronized-output brackets (CSI ?2026h/l) as one
//     write. It redraws everything when it must (a resize, a change to a
//     row that has scrolled off the screen).
//   - Screen works on blocks. It keeps the transcript's blocks in order,
//     renders them (skipping the ones whose Version did not change),
//     commits the finished ones at the head of the transcript into
//     scrollback, keeps pinned blocks at the tail, and puts the bottom
//     blocks (editor, status, footer) last.
//
// The cost of a frame is the cost of the live region: blocks already
// committed are never rendered or compared again, except by a full redraw.
// docs/tui.md explains the rules in full.
package screen

import (
	"fmt"
	"io"
	"time"

	"panto/tui/render"
)

// Block is anything the screen shows: it renders to rows of exactly width
// columns, each ending in a reset (what render.Rows makes).
type Block interface {
	Render(width int) []string
}

// Versioned is a block that says when it changed. The screen reuses the
// rows of the last render while the version and the width stay the same.
// A block without a version is rendered every frame.
type Versioned interface {
	Version() uint64
}

// Pinnable is a block that can ask to stay at the live tail (a Lua
// component's set_pinned). While pinned it is shown after the transcript's
// live blocks and is not committed, even when finished.
type Pinnable interface {
	Pinned() bool
}

// Settler is a live block whose first rows are final while it still grows
// (a streaming markdown message: every top-level block but the last).
// When the block is the first live one, its settled rows are committed to
// scrollback early, which keeps the live region, and so each frame, small.
type Settler interface {
	Settled(width int) int
}

// CursorOwner is a bottom block that places the terminal cursor (the
// editor). Cursor is asked after Render; the row counts from the block's
// first row.
type CursorOwner interface {
	Cursor() (row, col int, ok bool)
}

// Screen shows a transcript and a bottom area on a terminal.
type Screen struct {
	p       *Painter
	width   int
	history []*entry // committed, in order; kept for full redraws
	// historyRows counts the rows of history as they were committed;
	// dropped says older blocks were let go (historyLimit).
	historyRowCount int
	dropped         bool
	live            []*entry // not yet committed, in transcript order
	bottom          []*entry

	frame   []string
	commit  []string
	resized bool
}

// Item is a block added to the transcript.
type Item struct {
	s *Screen
	e *entry
}

type entry struct {
	b        Block
	width    int
	version  uint64
	cached   bool
	rows     []string
	finished bool
	settled  int // rows already committed
	// committedRows is how many rows the block had when committed.
	committedRows int
}

// New returns a screen painting on out, a terminal of width columns and
// height rows with the cursor at the start of an empty line.
func New(out io.Writer, width, height int) *Screen {
	p := NewPainter(out, width, height)
	return &Screen{p: p, width: p.width}
}

// Add appends a block to the transcript. It stays live (repainted) until
// it is finished and every block before it is committed or pinned.
func (s *Screen) Add(b Block) *Item {
	e := &entry{b: b}
	s.live = append(s.live, e)
	return &Item{s: s, e: e}
}

// Print adds chunks of text (laid out like a component's chunks) as a
// finished block: a notice, a command's output.
func (s *Screen) Print(chunks ...string) {
	s.Add(Text(chunks)).Finish()
}

// Finish says the block will not change any more: the next Draw commits it
// once it reaches the head of the transcript.
func (it *Item) Finish() { it.e.finished = true }

// Remove takes a live block out of the transcript. A committed block is
// already in the terminal's scrollback and stays there.
func (it *Item) Remove() {
	s := it.s
	for i, e := range s.live {
		if e == it.e {
			s.live = append(s.live[:i], s.live[i+1:]...)
			return
		}
	}
}

// SetBottom sets the blocks shown below the transcript, in order.
func (s *Screen) SetBottom(blocks ...Block) {
	s.bottom = s.bottom[:0]
	for _, b := range blocks {
		s.bottom = append(s.bottom, &entry{b: b})
	}
}

// Size returns the terminal size.
func (s *Screen) Size() (width, height int) { return s.p.Size() }

// Resize records a new terminal size; the next Draw redraws the whole
// transcript at the new width.
func (s *Screen) Resize(width, height int) {
	s.p.Resize(width, height)
	if w, _ := s.p.Size(); w != s.width {
		s.width = w
		s.resized = true
	}
}

// Invalidate makes the next Draw a full redraw (after something else
// wrote to the terminal).
func (s *Screen) Invalidate() { s.p.Invalidate() }

// SetRedrawInterval sets the least time between two full redraws caused
// by changes above the screen (Painter.RedrawInterval).
func (s *Screen) SetRedrawInterval(d time.Duration) { s.p.RedrawInterval = d }

// SetPlain drops every style from what is written (NO_COLOR, TERM=dumb).
func (s *Screen) SetPlain(on bool) { s.p.SetPlain(on) }

// Stats returns what the painter wrote so far.
func (s *Screen) Stats() Stats { return s.p.Stats() }

// Live reports how many transcript blocks are not yet committed.
func (s *Screen) Live() int { return len(s.live) }

// Draw renders the live blocks, commits what is finished, and paints.
func (s *Screen) Draw() error {
	w := s.width
	s.commit = s.commit[:0]
	kept := s.live[:0]
	head := true // still in the leading run of committable blocks
	for _, e := range s.live {
		if !head {
			kept = append(kept, e)
			continue
		}
		if e.pinned() {
			kept = append(kept, e)
			continue
		}
		rows := e.render(w)
		if e.finished {
			if !s.resized && e.settled < len(rows) {
				s.commit = append(s.commit, rows[e.settled:]...)
			}
			e.settled = 0
			s.keep(e, len(rows))
			continue
		}
		head = false
		if st, ok := e.b.(Settler); ok {
			n := min(st.Settled(w), len(rows))
			switch {
			case s.resized:
				e.settled = n // the redraw prints them from the history
			case n > e.settled:
				s.commit = append(s.commit, rows[e.settled:n]...)
				e.settled = n
			}
		}
		kept = append(kept, e)
	}
	for i := len(kept); i < len(s.live); i++ {
		s.live[i] = nil
	}
	s.live = kept
	s.resized = false

	s.frame = s.frame[:0]
	for _, e := range s.live {
		if !e.pinned() {
			s.frame = e.appendLive(s.frame, w)
		}
	}
	for _, e := range s.live {
		if e.pinned() {
			s.frame = e.appendLive(s.frame, w)
		}
	}
	var cur Cursor
	for _, e := range s.bottom {
		top := len(s.frame)
		s.frame = append(s.frame, e.render(w)...)
		if co, ok := e.b.(CursorOwner); ok && !cur.Visible {
			if row, col, ok := co.Cursor(); ok {
				cur = Cursor{Row: top + row, Col: col, Visible: true}
			}
		}
	}
	return s.p.Paint(Frame{Commit: s.commit, Live: s.frame, Cursor: cur}, s.historyRows)
}

// historyLimit bounds the committed rows a Screen keeps for redraws: a
// long session's output is not held in memory for ever. A redraw after a
// resize reprints the last historyLimit rows or so (the terminal's
// scrollback had more; the session file has everything).
const historyLimit = 5000

// historyNote heads a redraw after older blocks were let go.
const historyNote = "… (earlier output not kept: /tree)"

// keep adds a committed block to the history. Past half as much again
// as historyLimit rows, the oldest blocks go, down to historyLimit (in
// batches, so a commit does not copy the history each time).
func (s *Screen) keep(e *entry, rows int) {
	e.committedRows = rows
	s.history = append(s.history, e)
	s.historyRowCount += rows
	if s.historyRowCount <= historyLimit*3/2 {
		return
	}
	drop := 0
	for drop < len(s.history)-1 && s.historyRowCount > historyLimit {
		s.historyRowCount -= s.history[drop].committedRows
		drop++
	}
	// A new array, so that the dropped blocks can be collected.
	s.history = append(make([]*entry, 0, len(s.history)-drop+64), s.history[drop:]...)
	s.dropped = true
}

// historyRows is the committed rows at the current width, for a redraw.
func (s *Screen) historyRows() []string {
	var rows []string
	if s.dropped {
		rows = append(rows, render.Rows([]string{historyNote}, s.width)...)
	}
	for _, e := range s.history {
		rows = append(rows, e.render(s.width)...)
	}
	for _, e := range s.live { // at most one live block has settled rows
		if e.settled > 0 {
			r := e.render(s.width)
			rows = append(rows, r[:min(e.settled, len(r))]...)
		}
	}
	return rows
}

// Detach erases the live region so that a foreground child process can
// use the terminal; the next Draw paints it again below the child's
// output.
func (s *Screen) Detach() error { return s.p.Detach() }

// Close leaves the cursor below the live region for the shell.
func (s *Screen) Close() error { return s.p.Close() }

func (e *entry) appendLive(frame []string, w int) []string {
	rows := e.render(w)
	return append(frame, rows[min(e.settled, len(rows)):]...)
}

// render returns the block's rows at width, from the cache when the block
// has a version that did not change.
func (e *entry) render(width int) []string {
	v, versioned := e.b.(Versioned)
	var ver uint64
	if versioned {
		ver = v.Version()
		if e.cached && e.width == width && e.version == ver {
			return e.rows
		}
	}
	e.rows = safeRender(e.b, width)
	e.width, e.version, e.cached = width, ver, versioned
	return e.rows
}

// safeRender renders a block; a block that panics costs one diagnostic
// row, not the session.
func safeRender(b Block, width int) (rows []string) {
	defer func() {
		if r := recover(); r != nil {
			rows = []string{render.Diagnostic(fmt.Sprint("render failed: ", r), width)}
		}
	}()
	return b.Render(width)
}

// pinned reports whether the block is shown at the live tail. A block
// whose first rows are already committed keeps its place: moving it would
// reorder the transcript around rows that are in the scrollback.
func (e *entry) pinned() bool {
	p, ok := e.b.(Pinnable)
	return ok && e.settled == 0 && p.Pinned()
}

// Text is a block of fixed chunks.
type Text []string

// Render lays the chunks out at width.
func (t Text) Render(width int) []string { return render.Rows(t, width) }

// Version is constant: the text never changes.
func (t Text) Version() uint64 { return 0 }

// Func adapts a function to a Block (rendered every frame).
type Func func(width int) []string

// Render calls f.
func (f Func) Render(width int) []string { return f(width) }
