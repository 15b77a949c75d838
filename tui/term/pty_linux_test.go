package term

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"golang.org/x/sys/unix"
	xterm "golang.org/x/term"

	"panto/tui/input"
)

// openPTY returns the controller and the terminal side of a new
// pseudo-terminal.
func openPTY(t *testing.T) (ctl, tty *os.File) {
	t.Helper()
	ctl, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	fd := int(ctl.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close(); ctl.Close() })
	return ctl, tty
}

func TestOpenOnPTY(t *testing.T) {
	ctl, tty := openPTY(t)
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Col: 91, Row: 27}); err != nil {
		t.Fatal(err)
	}
	before, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	term, err := Open(tty, tty)
	if err != nil {
		t.Fatal(err)
	}
	if w, h, err := term.Size(); err != nil || w != 91 || h != 27 {
		t.Errorf("size = %d x %d, %v", w, h, err)
	}
	raw, _ := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if raw.Lflag&(unix.ICANON|unix.ECHO) != 0 {
		t.Error("not in raw mode")
	}
	buf := make([]byte, 64)
	n, _ := ctl.Read(buf)
	if want := pasteOn + kittyPush + otherKeysOn; string(buf[:n]) != want {
		t.Errorf("modes written %q, want %q", buf[:n], want)
	}

	// input typed on the keyboard reaches the decoder through Input, and
	// the reader can be stopped (its read interrupted)
	rd := input.NewReader(term.Input)
	events := make(chan input.Event, 4)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- rd.Run(ctx, events) }()
	ctl.Write([]byte("\x1b[13;2u"))
	select {
	case ev := <-events:
		if !ev.Is("shift+enter") {
			t.Errorf("got %s", ev.Key)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no input")
	}
	cancel()
	select {
	case <-errc:
	case <-time.After(5 * time.Second):
		t.Fatal("the reader did not stop")
	}

	if err := term.Close(); err != nil {
		t.Fatal(err)
	}
	n, _ = ctl.Read(buf)
	if !bytes.Contains(buf[:n], []byte(pasteOff)) || !bytes.Contains(buf[:n], []byte(kittyPop)) {
		t.Errorf("Close wrote %q", buf[:n])
	}
	after, _ := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if after.Lflag != before.Lflag || after.Iflag != before.Iflag || after.Oflag != before.Oflag {
		t.Error("Close did not restore the terminal mode")
	}
	if !xterm.IsTerminal(int(tty.Fd())) {
		t.Error("tty lost")
	}
}
