// Package term opens the terminal for the interactive UI: raw mode on the
// input, the size, resize notifications, and the input modes the decoder
// in tui/input understands (bracketed paste, the kitty keyboard protocol's
// disambiguation, xterm's modifyOtherKeys). Close puts everything back, in
// the reverse order, so that the shell gets the terminal as it was.
package term

import (
	"errors"
	"io"
	"os"
	"strings"

	xterm "golang.org/x/term"
)

// Mode sequences. The keyboard modes are requested together: a terminal
// that knows the kitty protocol uses it (it takes precedence), one that
// knows only modifyOtherKeys uses that, and others ignore both and send
// legacy sequences, which the decoder reads too.
const (
	pasteOn      = "\x1b[?2004h"
	pasteOff     = "\x1b[?2004l"
	kittyPush    = "\x1b[>1u" // push flags: disambiguate escape codes
	kittyPop     = "\x1b[<u"
	otherKeysOn  = "\x1b[>4;2m"
	otherKeysOff = "\x1b[>4;0m"
)

// Terminal is an open interactive terminal.
type Terminal struct {
	in, out *os.File
	// Input is what the input reader should read: a descriptor of its own
	// that can be interrupted (see tui/input.Reader.Run).
	Input io.Reader
	state *xterm.State
	modes bool
}

// ErrNotTerminal is returned by Open when input or output is not a
// terminal (a pipe, a file): the interactive UI needs one.
var ErrNotTerminal = errors.New("not a terminal")

// Open puts in into raw mode and turns the input modes on (writing to
// out). Close undoes it.
func Open(in, out *os.File) (*Terminal, error) {
	if !xterm.IsTerminal(int(in.Fd())) || !xterm.IsTerminal(int(out.Fd())) {
		return nil, ErrNotTerminal
	}
	state, err := xterm.MakeRaw(int(in.Fd()))
	if err != nil {
		return nil, err
	}
	t := &Terminal{in: in, out: out, state: state}
	t.Input = interruptible(in)
	if err := t.EnableModes(); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// Size returns the columns and rows.
func (t *Terminal) Size() (width, height int, err error) {
	return xterm.GetSize(int(t.out.Fd()))
}

// EnableModes turns bracketed paste and the keyboard modes on.
func (t *Terminal) EnableModes() error {
	t.modes = true
	_, err := io.WriteString(t.out, pasteOn+kittyPush+otherKeysOn)
	return err
}

// DisableModes turns them off again (before a foreground child runs, and
// at Close).
func (t *Terminal) DisableModes() error {
	if !t.modes {
		return nil
	}
	t.modes = false
	_, err := io.WriteString(t.out, otherKeysOff+kittyPop+pasteOff)
	return err
}

// Suspend gives the terminal back as the shell had it (cooked mode, no
// input modes), for a child process run in the foreground; Resume takes
// it again.
func (t *Terminal) Suspend() error {
	err := t.DisableModes()
	if rerr := xterm.Restore(int(t.in.Fd()), t.state); err == nil {
		err = rerr
	}
	return err
}

// Resume puts the terminal back into raw mode with the input modes on.
func (t *Terminal) Resume() error {
	state, err := xterm.MakeRaw(int(t.in.Fd()))
	if err != nil {
		return err
	}
	t.state = state
	return t.EnableModes()
}

// Close restores the terminal.
func (t *Terminal) Close() error {
	err := t.DisableModes()
	if rerr := xterm.Restore(int(t.in.Fd()), t.state); err == nil {
		err = rerr
	}
	if c, ok := t.Input.(io.Closer); ok && t.Input != io.Reader(t.in) {
		c.Close()
	}
	return err
}

// ColorAllowed reports whether output may carry SGR styles: not when
// NO_COLOR is set to anything non-empty (no-color.org), nor when TERM is
// "dumb". getenv is os.Getenv in the program, a map in tests.
func ColorAllowed(getenv func(string) string) bool {
	if getenv("NO_COLOR") != "" {
		return false
	}
	return strings.TrimSpace(getenv("TERM")) != "dumb"
}
