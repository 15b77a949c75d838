package input

import (
	"context"
	"errors"
	"io"
	"os"
	"time"
)

// EscTimeout is how long a lone ESC waits for the rest of a sequence
// before it counts as the Escape key. Terminals send a sequence in one
// write, so locally the rest arrives within a millisecond; over ssh a
// sequence can be split, and 50 ms covers that without making Escape feel
// slow (vim's ttimeoutlen defaults to 100 ms, tmux's escape-time to 500).
const EscTimeout = 50 * time.Millisecond

// Reader decodes events from a terminal's input.
type Reader struct {
	r io.Reader
	// Timeout is the ESC disambiguation timeout (EscTimeout by default).
	Timeout time.Duration
	dec     Decoder
	// leftover holds bytes read after a Run was told to stop.
	leftover []byte
}

type chunk struct {
	b   []byte
	err error
}

// deadliner is an input whose blocked Read can be interrupted: an
// *os.File on a pollable descriptor, such as the one term.Open returns.
type deadliner interface {
	SetReadDeadline(time.Time) error
}

// NewReader returns a reader of r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: r, Timeout: EscTimeout}
}

// Run reads input and sends the decoded events until ctx is done or the
// input fails (io.EOF when it ends). When r takes read deadlines, Run
// returns only after its read has stopped, and bytes read meanwhile are
// kept for the next Run: the caller may hand the terminal to a child
// process (run_foreground) and call Run again afterwards. Without
// deadlines a read may still be pending when Run returns, so Run must not
// be called again.
func (rd *Reader) Run(ctx context.Context, events chan<- Event) error {
	chunks := make(chan chunk)
	stop := make(chan struct{})
	done := make(chan struct{})
	go rd.readLoop(chunks, stop, done)

	var timer *time.Timer
	var expired <-chan time.Time
	stopTimer := func() {
		if timer != nil {
			timer.Stop()
			timer, expired = nil, nil
		}
	}
	defer stopTimer()
	send := func(evs []Event) bool {
		for _, ev := range evs {
			select {
			case events <- ev:
			case <-ctx.Done():
				return false
			}
		}
		return true
	}
	feed := func(b []byte) bool {
		stopTimer()
		if !send(rd.dec.Feed(b)) {
			return false
		}
		if rd.dec.Pending() && !rd.dec.InPaste() {
			timer = time.NewTimer(rd.Timeout)
			expired = timer.C
		}
		return true
	}
	halt := func() error {
		close(stop)
		if d, ok := rd.r.(deadliner); ok && d.SetReadDeadline(time.Now()) == nil {
			<-done
			d.SetReadDeadline(time.Time{})
		}
		return ctx.Err()
	}
	if len(rd.leftover) > 0 {
		b := rd.leftover
		rd.leftover = nil
		if !feed(b) {
			return halt()
		}
	}
	for {
		select {
		case <-ctx.Done():
			return halt()
		case c := <-chunks:
			if !feed(c.b) {
				return halt()
			}
			if c.err != nil {
				send(rd.dec.Flush())
				return c.err
			}
		case <-expired:
			timer, expired = nil, nil
			if !send(rd.dec.Flush()) {
				return halt()
			}
		}
	}
}

// readLoop reads until an error, or until stop: what a read returns after
// stop is kept in leftover.
func (rd *Reader) readLoop(chunks chan<- chunk, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	buf := make([]byte, 4096)
	for {
		n, err := rd.r.Read(buf)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			select {
			case <-stop:
				rd.leftover = append(rd.leftover, buf[:n]...)
				return
			default:
				err = nil // a deadline set by someone else; read on
			}
		}
		c := chunk{b: append([]byte(nil), buf[:n]...), err: err}
		select {
		case chunks <- c:
		case <-stop:
			rd.leftover = append(rd.leftover, c.b...)
			return
		}
		if err != nil {
			return
		}
	}
}
