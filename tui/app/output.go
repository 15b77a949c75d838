package app

import (
	"bytes"
	"strings"
	"sync"

	"panto/host"
)

// Output is where Lua's print and io.write go while the UI owns the
// terminal (agent.Options.Stdout and Stderr): each complete line becomes
// a transcript row instead of scribbling over the screen. Before Run,
// lines wait; a partial line waits for its newline.
func (a *App) Output() *Writer { return &a.out }

// Writer collects output lines for the transcript.
type Writer struct {
	mu      sync.Mutex
	partial bytes.Buffer
	lines   []string
	notify  func()
}

func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.partial.Write(p)
	data := w.partial.Bytes()
	if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
		for _, l := range strings.Split(string(data[:i]), "\n") {
			w.lines = append(w.lines, l)
		}
		rest := append([]byte(nil), data[i+1:]...)
		w.partial.Reset()
		w.partial.Write(rest)
	}
	notify := w.notify
	w.mu.Unlock()
	if notify != nil {
		notify()
	}
	return len(p), nil
}

// take returns the complete lines so far.
func (w *Writer) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	l := w.lines
	w.lines = nil
	return l
}

// Problem is the host's problem reporter while the UI runs
// (agent.Options.Report): each problem becomes a warning row.
func (a *App) Problem(p host.Problem) {
	if p.Stage == host.StageRender {
		return // the block shows its own diagnostic row
	}
	a.probMu.Lock()
	a.problems = append(a.problems, p.String())
	a.probMu.Unlock()
	if a.s != nil {
		a.s.Post(a.flushOutput)
	}
}

// flushOutput prints what Lua printed and the problems reported since
// the last time (on the owner).
func (a *App) flushOutput() {
	if a.scr == nil {
		return
	}
	if lines := a.out.take(); len(lines) > 0 {
		a.scr.Print(strings.Join(lines, "\n"))
	}
	a.probMu.Lock()
	ps := a.problems
	a.problems = nil
	a.probMu.Unlock()
	for _, p := range ps {
		a.scr.Print(paint(a.th, "warning", "⚠ ") + p)
	}
	a.draw()
}
