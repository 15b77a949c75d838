package editor

import (
	"bufio"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// History is the list of earlier prompts of one project, kept in a file
// of JSON Lines: one JSON string per line, oldest first, so that a prompt
// with newlines is one line and appending never rewrites the file.
type History struct {
	path    string
	limit   int
	entries []string
}

// DefaultHistoryLimit is how many prompts a history keeps.
const DefaultHistoryLimit = 1000

// LoadHistory reads the history in path (a missing file is an empty
// history). Lines that are not JSON strings are skipped. When the file
// holds more than twice limit entries it is rewritten with the newest
// limit ones. limit <= 0 means DefaultHistoryLimit. An empty path keeps
// the history in memory only.
func LoadHistory(path string, limit int) (*History, error) {
	if limit <= 0 {
		limit = DefaultHistoryLimit
	}
	h := &History{path: path, limit: limit}
	if path == "" {
		return h, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return h, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 64<<20) // a pasted prompt can be large
	lines := 0
	for sc.Scan() {
		lines++
		var s string
		if json.Unmarshal(sc.Bytes(), &s) == nil && s != "" {
			h.entries = append(h.entries, s)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(h.entries) > limit {
		h.entries = h.entries[len(h.entries)-limit:]
	}
	if lines > 2*limit {
		if err := h.rewrite(); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// Entries returns the prompts, oldest first.
func (h *History) Entries() []string { return h.entries }

// Add appends a prompt. Blank prompts and a repeat of the newest one are
// not recorded.
func (h *History) Add(s string) error {
	if strings.TrimSpace(s) == "" || (len(h.entries) > 0 && h.entries[len(h.entries)-1] == s) {
		return nil
	}
	h.entries = append(h.entries, s)
	if len(h.entries) > h.limit {
		h.entries = h.entries[len(h.entries)-h.limit:]
	}
	if h.path == "" {
		return nil
	}
	line, _ := json.Marshal(s)
	if err := os.MkdirAll(filepath.Dir(h.path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(h.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// rewrite replaces the file with the entries kept, through a temporary
// file so that a crash leaves the old one whole.
func (h *History) rewrite() error {
	var b strings.Builder
	for _, s := range h.entries {
		line, _ := json.Marshal(s)
		b.Write(line)
		b.WriteByte('\n')
	}
	tmp := h.path + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, h.path)
}

// vertical moves the cursor a row up or down; past the first or last row
// it browses the history.
func (e *Editor) vertical(dir int) Result {
	avail := e.textCols
	if avail == 0 {
		avail = 80 // not rendered yet
	}
	lay := e.layoutAt(avail)
	row, col := lay.cursorRow(e.text, e.pos)
	if e.goal < 0 {
		e.goal = col
	}
	target := row + dir
	if target < 0 || target >= len(lay.rows) {
		return e.browse(dir)
	}
	goal := e.goal
	e.pos = lay.offsetAt(e.text, target, goal)
	e.goal = goal
	e.lastKind = editNone
	e.changed()
	return Handled
}

// browse steps through the history: dir -1 to older prompts, +1 back
// towards the draft.
func (e *Editor) browse(dir int) Result {
	h := e.opts.History
	if h == nil || len(h.entries) == 0 {
		return Handled
	}
	n := len(h.entries)
	idx := e.histIdx
	switch {
	case dir < 0 && idx+1 < n:
		if idx < 0 {
			e.draft = e.text
		}
		idx++
	case dir > 0 && idx >= 0:
		idx--
	default:
		return Handled
	}
	if idx < 0 {
		e.text = e.draft
	} else {
		e.text = h.entries[n-1-idx]
	}
	e.histIdx = idx
	e.pos = len(e.text)
	if dir < 0 {
		// older: the cursor goes to the end of the first line, so that Up
		// keeps going back through a multi-line prompt's history
		e.pos = lineEnd(e.text, 0)
	}
	e.goal = -1
	e.lastKind = editNone
	e.closeMenu()
	e.changed()
	return Handled
}
