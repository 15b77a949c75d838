//go:build unix

package term

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// interruptible opens the terminal behind in a second time, as a file
// description of its own. Go's poller serves reads of a terminal opened by
// name, so a read deadline can stop a blocked read: the input reader needs
// that to give the keyboard to a foreground child. A dup of in would not
// do: O_NONBLOCK belongs to the file description, so it would leak into
// the child's stdin (and in.Fd() would turn it off again under us).
// Linux reopens any descriptor through /proc; elsewhere the controlling
// terminal is reopened when in is the standard input. Failing both, in
// itself is returned (reads then cannot be interrupted).
func interruptible(in *os.File) io.Reader {
	if f, err := os.OpenFile(fmt.Sprintf("/proc/self/fd/%d", in.Fd()), os.O_RDONLY|syscall.O_NOCTTY, 0); err == nil {
		return f
	}
	if in == os.Stdin {
		if f, err := os.OpenFile("/dev/tty", os.O_RDONLY|syscall.O_NOCTTY, 0); err == nil {
			return f
		}
	}
	return in
}

// Resizes sends a value each time the terminal window changes size
// (SIGWINCH), until ctx is done.
func Resizes(ctx context.Context) <-chan struct{} {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGWINCH)
	out := make(chan struct{}, 1)
	go func() {
		defer signal.Stop(sig)
		for {
			select {
			case <-ctx.Done():
				return
			case <-sig:
				select {
				case out <- struct{}{}:
				default: // one pending notice is enough: the size is read afresh
				}
			}
		}
	}()
	return out
}
