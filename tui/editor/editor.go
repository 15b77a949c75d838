// Package editor is the prompt editor of the terminal UI: multi-line text
// with a cursor, soft-wrapped to the width (wide and combining characters
// measured as the renderer measures them), readline-style keys, undo, a
// kill buffer, bracketed paste, a history of earlier prompts persisted to
// a file, and a completion menu fed by a hook.
//
// The editor takes decoded events (tui/input) and says what it did with
// each; the app decides what Submit means (send, steer, queue) and
// handles the keys the editor leaves alone (Esc, Ctrl-C, Ctrl-D on an
// empty prompt). It is a screen block: Render gives its rows, Cursor the
// cursor's place in them, Version changes whenever either changes.
//
// Text is kept as a string with the cursor as a byte offset that always
// lies on a grapheme cluster boundary.
package editor

import (
	"strings"

	"panto/tui/input"
	"panto/tui/theme"
)

// Result says what HandleEvent did with an event.
type Result int

const (
	// Ignored: the editor has no use for the event; the app may.
	Ignored Result = iota
	// Handled: the event changed the editor (or was consumed by it).
	Handled
	// Submit: Enter was pressed on a prompt; call Take for the text.
	Submit
)

// Options configure an editor.
type Options struct {
	// Prompt starts the first row ("› " if empty); later rows are indented
	// by its width.
	Prompt string
	// Placeholder is shown, muted, while the text is empty.
	Placeholder string
	// Theme styles the prompt ("accent"), placeholder and descriptions
	// ("muted"), and the selected completion ("accent"). Nil is plain.
	Theme *theme.Theme
	// MaxRows bounds the text rows shown (8 if zero); the view scrolls
	// to keep the cursor in it.
	MaxRows int
	// MenuRows bounds the completion menu (6 if zero).
	MenuRows int
	// History holds earlier prompts (Up/Down); nil keeps none.
	History *History
	// Complete is asked on Tab; nil completes nothing.
	Complete Completer
	// AutoMenu, when set, is asked after each typed character: true opens
	// the completion menu without Tab (the app: a "/" starting the
	// prompt opens the command menu). In a menu opened so, Tab accepts
	// like Enter; Esc closes it until the prompt is emptied.
	AutoMenu func(text string, pos int) bool
}

// Editor is a multi-line prompt editor. It is not safe for concurrent
// use: the UI goroutine owns it.
type Editor struct {
	opts Options

	text string
	pos  int // byte offset of the cursor, on a cluster boundary
	goal int // column Up/Down aim for; -1 when unset

	undo     []snapshot
	lastKind editKind // what the last edit was, to merge typing into one undo step
	kill     string   // the last killed text, for Ctrl-Y

	histIdx int    // -1 when not browsing; else entries counted from the newest
	draft   string // the text being written when browsing started

	menu          *menu
	autoDismissed bool // Esc closed an automatic menu: no other until the prompt empties

	focused bool
	version uint64

	lay    layout // of the text at lay.width
	scroll int    // first text row shown

	// what the last Render found
	renderWidth          int
	textCols             int // the text area's columns
	cursorRow, cursorCol int
}

type snapshot struct {
	text string
	pos  int
}

// New returns an empty editor.
func New(opts Options) *Editor {
	if opts.Prompt == "" {
		opts.Prompt = "› "
	}
	if opts.MaxRows <= 0 {
		opts.MaxRows = 8
	}
	if opts.MenuRows <= 0 {
		opts.MenuRows = 6
	}
	return &Editor{opts: opts, goal: -1, histIdx: -1, focused: true, version: 1}
}

// Text returns the text being edited.
func (e *Editor) Text() string { return e.text }

// Pos returns the cursor's byte offset in Text.
func (e *Editor) Pos() int { return e.pos }

// Version changes whenever the rendering could.
func (e *Editor) Version() uint64 { return e.version }

func (e *Editor) changed() { e.version++ }

// SetText replaces the text (an undoable edit) and puts the cursor at its
// end.
func (e *Editor) SetText(s string) {
	e.save(editOther)
	e.text = sanitize(s)
	e.pos = len(e.text)
	e.goal = -1
	e.closeMenu()
	e.changed()
}

// Insert types s at the cursor, as a paste would.
func (e *Editor) Insert(s string) {
	s = sanitize(s)
	if s == "" {
		return
	}
	e.save(editOther)
	e.insert(s)
}

// SetFocus says whether the editor has the keyboard: without it the
// cursor is not shown (a focused component has it).
func (e *Editor) SetFocus(on bool) {
	if e.focused != on {
		e.focused = on
		e.changed()
	}
}

// Take returns the text, records it in the history and clears the
// editor. The error is the history file's; the text is returned anyway.
func (e *Editor) Take() (string, error) {
	text := e.text
	var err error
	if e.opts.History != nil {
		err = e.opts.History.Add(text)
	}
	e.text, e.pos, e.goal = "", 0, -1
	e.undo = e.undo[:0]
	e.lastKind = editNone
	e.histIdx, e.draft = -1, ""
	e.scroll = 0
	e.closeMenu()
	e.changed()
	return text, err
}

// HandleEvent applies one input event.
func (e *Editor) HandleEvent(ev input.Event) Result {
	switch ev.Kind {
	case input.KindPaste:
		e.Insert(ev.Text)
		e.refreshMenu()
		return Handled
	case input.KindKey:
	default:
		return Ignored
	}
	if e.menu != nil {
		if r, ok := e.menuKey(ev); ok {
			return r
		}
	}
	r := e.key(ev)
	if r == Handled && e.menu != nil {
		e.refreshMenu()
	}
	if r == Handled {
		e.autoOpen(ev.Text != "")
	}
	return r
}

// key applies a key press. Bindings follow readline (and so bash, zsh's
// emacs mode and most prompts) where it has one.
func (e *Editor) key(ev input.Event) Result {
	k := ev.Key
	if ev.Text != "" {
		e.typeText(ev.Text)
		return Handled
	}
	name := k.String()
	switch name {
	case "enter":
		if e.pos > 0 && e.text[e.pos-1] == '\\' {
			// a backslash before Enter continues the prompt on a new line,
			// for terminals that cannot tell Shift+Enter from Enter
			e.save(editOther)
			e.text = e.text[:e.pos-1] + e.text[e.pos:]
			e.pos--
			e.insert("\n")
			return Handled
		}
		return Submit
	case "shift+enter", "alt+enter", "ctrl+j":
		e.save(editOther)
		e.insert("\n")
	case "left", "ctrl+b":
		e.moveTo(prevCluster(e.text, e.pos))
	case "right", "ctrl+f":
		e.moveTo(nextCluster(e.text, e.pos))
	case "alt+b", "ctrl+left", "alt+left":
		e.moveTo(wordStart(e.text, e.pos))
	case "alt+f", "ctrl+right", "alt+right":
		e.moveTo(wordEnd(e.text, e.pos))
	case "home", "ctrl+a":
		e.moveTo(lineStart(e.text, e.pos))
	case "end", "ctrl+e":
		e.moveTo(lineEnd(e.text, e.pos))
	case "ctrl+home", "alt+<":
		e.moveTo(0)
	case "ctrl+end", "alt+>":
		e.moveTo(len(e.text))
	case "up", "ctrl+p":
		return e.vertical(-1)
	case "down", "ctrl+n":
		return e.vertical(+1)
	case "backspace", "ctrl+h":
		if e.pos == 0 {
			return Handled
		}
		e.deleteRange(prevCluster(e.text, e.pos), e.pos, editDeleteBack, false)
	case "delete", "ctrl+d":
		if name == "ctrl+d" && e.text == "" {
			return Ignored // the app's: quit on an empty prompt
		}
		if e.pos < len(e.text) {
			e.deleteRange(e.pos, nextCluster(e.text, e.pos), editDeleteForward, false)
		}
	case "ctrl+w":
		e.deleteRange(spaceWordStart(e.text, e.pos), e.pos, editKill, true)
	case "alt+backspace", "ctrl+backspace", "ctrl+alt+h":
		e.deleteRange(wordStart(e.text, e.pos), e.pos, editKill, true)
	case "alt+d", "ctrl+delete":
		e.deleteRange(e.pos, wordEnd(e.text, e.pos), editKill, true)
	case "ctrl+k":
		end := lineEnd(e.text, e.pos)
		if end == e.pos && end < len(e.text) {
			end++ // at the end of a line: join the next one
		}
		e.deleteRange(e.pos, end, editKill, true)
	case "ctrl+u":
		start := lineStart(e.text, e.pos)
		if start == e.pos && start > 0 {
			start-- // at the start of a line: join the previous one
		}
		e.deleteRange(start, e.pos, editKill, true)
	case "ctrl+y":
		if e.kill != "" {
			e.save(editOther)
			e.insert(e.kill)
		}
	case "ctrl+_", "ctrl+z", "ctrl+/", "ctrl+7":
		e.Undo()
	case "tab":
		return e.completeTab()
	default:
		return Ignored
	}
	return Handled
}

// typeText inserts typed characters; a run of them is one undo step,
// split at spaces so that undo takes back a word at a time.
func (e *Editor) typeText(s string) {
	s = sanitize(s)
	if s == "" {
		return
	}
	kind := editType
	if strings.TrimSpace(s) == "" {
		kind = editTypeSpace
	}
	e.save(kind)
	e.insert(s)
}

func (e *Editor) moveTo(pos int) {
	e.goal = -1
	e.lastKind = editNone
	if pos != e.pos {
		e.pos = pos
		e.changed()
	}
}

// sanitize keeps what a prompt can hold: text, newlines and tabs. Other
// control characters and escape sequences have no place in it.
func sanitize(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || c == 0xc2 {
			clean = false // 0xc2 leads the C1 controls U+0080-U+009F
			break
		}
	}
	if clean {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\r':
			b.WriteByte('\n')
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
