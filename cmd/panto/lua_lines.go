package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"panto/internal/luacli"
	"panto/tui/editor"
	"panto/tui/input"
	"panto/tui/term"
	"panto/tui/termtext"
)

// termLines is `panto lua`'s line editor on a terminal: the prompt
// editor of the terminal UI (readline keys, undo, a kill buffer,
// bracketed paste) drawn in place below the output, with a history kept
// across runs in the data home. The terminal is raw only while a line is
// read: a chunk runs with the terminal as the shell had it, so that its
// output, io.read and Ctrl-C (SIGINT, "interrupted!") work as in the
// reference interpreter.
type termLines struct {
	in, out *os.File
	tail    *lineTail      // what the REPL's output left on the cursor's row
	t       *term.Terminal // opened on the first ReadLine
	dec     input.Decoder
	hist    *editor.History
	pending []input.Event // decoded and not yet applied: keys typed ahead
}

// newTermLines returns a line editor for in and out, or nil when they
// are not both a terminal. The REPL's standard output must be written
// through tail.
func newTermLines(in, out *os.File, tail *lineTail) *termLines {
	if !isTerminal(in) || !isTerminal(out) {
		return nil
	}
	return &termLines{in: in, out: out, tail: tail}
}

// lineTail passes output on and keeps what it wrote after its last
// newline: a chunk that ends with io.write("x ") leaves "x " on the row
// where the next prompt goes, and the editor draws the prompt after it,
// as readline does, instead of erasing it.
type lineTail struct {
	w    io.Writer
	tail []byte
	long bool // more than maxTail bytes since the newline
}

const maxTail = 200

func (lt *lineTail) Write(p []byte) (int, error) {
	n, err := lt.w.Write(p)
	p = p[:n]
	if i := strings.LastIndexByte(string(p), '\n'); i >= 0 {
		lt.tail, lt.long, p = lt.tail[:0], false, p[i+1:]
	}
	if len(lt.tail)+len(p) > maxTail {
		lt.long = true
		lt.tail = lt.tail[:0]
	} else if !lt.long {
		lt.tail = append(lt.tail, p...)
	}
	return n, err
}

// prefix is the text on the cursor's row to draw before the prompt, and
// whether a new row must be started instead (the text is too wide, or
// holds what the editor cannot redraw).
func (lt *lineTail) prefix(width int) (string, bool) {
	if lt == nil {
		return "", false
	}
	if lt.long {
		return "", true
	}
	s := string(lt.tail)
	if i := strings.LastIndexByte(s, '\r'); i >= 0 {
		s = s[i+1:]
	}
	if s == "" {
		return "", false
	}
	if strings.ContainsFunc(s, func(r rune) bool { return r < ' ' }) || termtext.Width(s) > width/2 {
		return "", true
	}
	return s, false
}

// luaHistoryPath is where the REPL's history lives: lua_history in the
// data home ($XDG_DATA_HOME/panto, else ~/.local/share/panto), or ""
// (kept in memory) when there is none.
func luaHistoryPath(getenv func(string) string) string {
	if x := getenv("XDG_DATA_HOME"); filepath.IsAbs(x) {
		return filepath.Join(x, "panto", "lua_history")
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "share", "panto", "lua_history")
	}
	return ""
}

func (tl *termLines) open() error {
	if tl.t != nil {
		return tl.t.Resume()
	}
	t, err := term.Open(tl.in, tl.out)
	if err != nil {
		return err
	}
	tl.t = t
	if tl.hist, err = editor.LoadHistory(luaHistoryPath(os.Getenv), 0); err != nil {
		tl.hist, _ = editor.LoadHistory("", 0) // an unreadable file: this run's lines only
	}
	return nil
}

// Close gives the terminal back for good.
func (tl *termLines) Close() error {
	if tl.t == nil {
		return nil
	}
	return tl.t.Close()
}

func (tl *termLines) SaveLine(chunk string) {
	if tl.hist != nil {
		tl.hist.Add(chunk) // a history that cannot be written is no reason to stop
	}
}

// ReadLine edits one line in raw mode and returns it with the terminal
// back in the mode a chunk runs in. It reads the terminal itself, in
// this goroutine, and only until the line is done: keys typed after
// Enter, in the same read, are kept for the next line, and nothing reads
// the terminal while a chunk runs (its io.read gets the input).
func (tl *termLines) ReadLine(prompt string) (string, error) {
	if err := tl.open(); err != nil {
		return "", err
	}
	defer tl.t.Suspend()
	width := func() int {
		if w, _, err := tl.t.Size(); err == nil && w > 0 {
			return w
		}
		return 80
	}
	before, newRow := tl.tail.prefix(width())
	if newRow {
		io.WriteString(tl.out, "\r\n")
	}
	ed := editor.New(editor.Options{Prompt: before + prompt, History: tl.hist, MaxRows: 1 << 20})
	d := &inlineDraw{w: tl.out}
	// A resize interrupts a blocked read (when the input takes
	// deadlines) so that the line is drawn again at the new width.
	f, deadlines := tl.t.Input.(*os.File)
	if deadlines && f.SetReadDeadline(time.Time{}) != nil {
		deadlines = false
	}
	var resized atomic.Bool
	if deadlines {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go func() {
			for range term.Resizes(ctx) {
				resized.Store(true)
				f.SetReadDeadline(time.Now())
			}
		}()
	}
	d.draw(ed, width())
	var line string
	var err error
	// handle applies one event and reports whether the line is done.
	handle := func(ev input.Event) bool {
		switch {
		case ev.Is("enter"):
			d.finish(ed, width(), "")
			line = ed.Text() // the REPL saves whole chunks (SaveLine), not lines
			return true
		case ev.Is("ctrl+c"):
			d.finish(ed, width(), "^C")
			err = luacli.ErrInterrupt
			return true
		case ev.Is("ctrl+d") && ed.Text() == "":
			d.finish(ed, width(), "")
			err = io.EOF
			return true
		case ev.Is("ctrl+l"):
			io.WriteString(tl.out, "\x1b[H\x1b[2J")
			d.rows, d.cursor = 0, 0
		case ev.Is("tab"):
			ed.Insert("\t")
		default:
			ed.HandleEvent(ev)
		}
		d.draw(ed, width())
		return false
	}
	buf := make([]byte, 4096)
	for {
		for len(tl.pending) > 0 {
			ev := tl.pending[0]
			tl.pending = tl.pending[1:]
			if handle(ev) {
				return line, err
			}
		}
		if deadlines {
			var at time.Time
			if tl.dec.Pending() && !tl.dec.InPaste() {
				at = time.Now().Add(input.EscTimeout)
			}
			f.SetReadDeadline(at)
		}
		n, rerr := tl.t.Input.Read(buf)
		if n > 0 {
			tl.pending = append(tl.pending, tl.dec.Feed(buf[:n])...)
			continue
		}
		switch {
		case errors.Is(rerr, os.ErrDeadlineExceeded):
			if resized.Swap(false) {
				d.draw(ed, width())
			} else {
				tl.pending = append(tl.pending, tl.dec.Flush()...) // a lone ESC is the Escape key
			}
		case rerr != nil:
			d.finish(ed, width(), "")
			return "", rerr
		}
	}
}

// inlineDraw draws the editor's rows where the prompt is, below what was
// printed before, and redraws them in place as they change: it knows how
// many rows it drew and on which of them it left the cursor.
type inlineDraw struct {
	w      io.Writer
	rows   int // rows drawn last time
	cursor int // the row of those the cursor is on
}

func (d *inlineDraw) draw(ed *editor.Editor, width int) {
	rows := ed.Render(width)
	row, col, _ := ed.Cursor()
	var b strings.Builder
	d.home(&b)
	for i, r := range rows {
		if i > 0 {
			b.WriteString("\r\n")
		}
		b.WriteString(trimRow(r))
	}
	// from the last row to the cursor
	if up := len(rows) - 1 - row; up > 0 {
		fmt.Fprintf(&b, "\x1b[%dA", up)
	}
	b.WriteString("\r")
	if col > 0 {
		fmt.Fprintf(&b, "\x1b[%dC", col)
	}
	d.rows, d.cursor = len(rows), row
	io.WriteString(d.w, b.String())
}

// finish draws the final state with mark after the text ("^C"), leaves
// the cursor below it and forgets it: the next line draws afresh.
func (d *inlineDraw) finish(ed *editor.Editor, width int, mark string) {
	rows := ed.Render(width)
	var b strings.Builder
	d.home(&b)
	for i, r := range rows {
		if i > 0 {
			b.WriteString("\r\n")
		}
		b.WriteString(trimRow(r))
	}
	b.WriteString(mark + "\r\n")
	d.rows, d.cursor = 0, 0
	io.WriteString(d.w, b.String())
}

// home moves to the first row drawn and clears from there down.
func (d *inlineDraw) home(b *strings.Builder) {
	if d.cursor > 0 {
		fmt.Fprintf(b, "\x1b[%dA", d.cursor)
	}
	b.WriteString("\r\x1b[J")
}

// trimRow drops the padding the editor gives every row (the screen below
// the prompt is cleared instead), so that copying from the terminal
// copies no trailing spaces, and a row that fills the width does not
// leave the cursor waiting to wrap.
func trimRow(r string) string {
	r = strings.TrimSuffix(r, termtext.Reset)
	return strings.TrimRight(r, " ")
}
