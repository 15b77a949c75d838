package stdlib

import (
	"io"
	"os"
	"os/exec"

	"panto/runtime"
)

// Reads and waits that can block for ever (a terminal or a pipe with
// nobody writing, a child that does not exit) go through the state's
// Blocking, so that a cancelled context, a passed deadline or Interrupt
// ends them: the read is abandoned, the child killed, and the call raises
// the interruption. Regular files never block that way and are read
// directly.

// pendingRead is a read of a blocking stream that an interruption
// abandoned. It goes on in its goroutine; what it reads is handed to the
// stream's next read, so no input is lost.
type pendingRead struct {
	done chan struct{}
	buf  []byte
	err  error
}

// mayBlock tells whether reading the stream can wait indefinitely:
// standard input, pipes (popen), terminals, sockets.
func (s *stream) mayBlock() bool {
	if s.src != nil || s.proc != nil {
		return true
	}
	if s.file == nil {
		return false
	}
	fi, err := s.file.Stat()
	return err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeCharDevice|os.ModeSocket|os.ModeDevice) != 0
}

// readSome reads into p from r, as r.Read does, through the running
// state's Blocking when the stream may block.
func (s *stream) readSome(r io.Reader, p []byte) (int, error) {
	L := s.lua
	if L == nil || (s.pending == nil && !s.mayBlock()) {
		return r.Read(p)
	}
	if s.pending == nil {
		pr := &pendingRead{done: make(chan struct{}), buf: make([]byte, len(p))}
		go func() {
			var n int
			n, pr.err = r.Read(pr.buf)
			pr.buf = pr.buf[:n]
			close(pr.done)
		}()
		s.pending = pr
	}
	pr := s.pending
	// Blocking raises the interruption if one ends the wait; the read
	// stays pending for the next call.
	L.Blocking(func(stop <-chan struct{}) {
		select {
		case <-pr.done:
		case <-stop:
		}
	})
	<-pr.done
	n := copy(p, pr.buf)
	pr.buf = pr.buf[n:]
	if len(pr.buf) > 0 {
		return n, nil // the rest goes to the next read
	}
	s.pending = nil
	return n, pr.err
}

// waitChild waits for a started command through Blocking: an
// interruption kills it (the call then raises the interruption).
func waitChild(L *runtime.State, cmd *exec.Cmd) error {
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	finished := false
	defer func() {
		if !finished {
			// Interrupted: the child is killed with what it started,
			// and reaped in the background so that it leaves no zombie.
			killTree(cmd.Process.Pid)
			go func() { <-done }()
		}
	}()
	L.Blocking(func(stop <-chan struct{}) {
		select {
		case err = <-done:
			finished = true
		case <-stop:
		}
	})
	if !finished {
		// Blocking did not raise: the stop came from a source that was
		// cleared meanwhile. Wait for the child as usual.
		err = <-done
		finished = true
	}
	return err
}
