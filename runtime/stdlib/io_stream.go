package stdlib

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"

	"panto/runtime"
)

// bufMode is a stream's buffering mode, as set by file:setvbuf.
type bufMode int

const (
	bufFull bufMode = iota
	bufLine
	bufNone
)

const (
	// writeBufSize is the default output buffer, glibc's usual st_blksize:
	// output becomes visible to other readers of the file at about the same
	// points as with the reference.
	writeBufSize = 4096
	// readBufSize is the read-ahead; only timing depends on it.
	readBufSize = 16384
	// setvbufDefault is LUAL_BUFFERSIZE, setvbuf's default size.
	setvbufDefault = 1024
)

// stream is panto's counterpart of a C FILE*: a buffered file with the
// stdio behaviour Lua's io library relies on. Input is read ahead into
// rbuf so that "n" and "l" can look one byte ahead; output is kept in wbuf
// and written according to the buffering mode. Switching between reading
// and writing resynchronises the OS file position, so update modes ("r+",
// "w+", "a+") work without explicit seeks.
//
// The standard streams are "pass-through": io.stdout and io.stderr write
// straight to the host's writers (L.Stdout(), L.Stderr()), which print
// also uses, so the two stay in order; io.stdin reads (with read-ahead)
// from L.Stdin(). They are resolved at each use so that a host may
// redirect them at any time.
type stream struct {
	file *os.File // regular files, temporary files and pipes

	src  func() io.Reader // standard input
	sink func() io.Writer // standard output and error

	readable, writable bool
	std                bool   // a standard file: close refuses
	beforeRead         func() // runs before reading from the OS (stdin)

	rbuf []byte // unread input is rbuf[rpos:]
	rpos int
	eof  bool  // end of file reached during the current read call
	err  error // error seen during the current read call (ferror)

	wbuf  []byte
	mode  bufMode
	size  int
	dirty bool // registered with the owner as having pending output

	closed bool
	owner  *fileSet

	// lua is the state running the read in progress (set by gRead): reads
	// that may block wait through its Blocking, and what is read is
	// charged to its memory limit. pending is a blocking read that an
	// interruption abandoned (io_blocking.go).
	lua     *runtime.State
	pending *pendingRead

	// popen streams
	proc             *exec.Cmd
	procOut, procErr *syncBuffer // child output to replay into the host's writers
	outSink, errSink io.Writer
}

// errBadFD is what C's stdio reports for an operation the stream's mode
// does not allow (reading a file opened "w", writing one opened "r").
var errBadFD = syscall.EBADF

// errNoSeek is lseek's error on pipes and terminals.
var errNoSeek = syscall.ESPIPE

// reader returns where input comes from.
func (s *stream) reader() io.Reader {
	if s.file != nil {
		return s.file
	}
	if s.src != nil {
		return s.src()
	}
	return nil
}

// writer returns where output goes.
func (s *stream) writer() io.Writer {
	if s.file != nil {
		return s.file
	}
	if s.sink != nil {
		return s.sink()
	}
	return nil
}

// seeker returns the seekable object behind the stream, or nil: a
// standard stream can seek when the host gave an *os.File.
func (s *stream) seeker() io.Seeker {
	if s.file != nil {
		return s.file
	}
	var v any
	if s.src != nil {
		v = s.src()
	} else if s.sink != nil {
		v = s.sink()
	}
	if f, ok := v.(*os.File); ok {
		return f
	}
	return nil
}

// clearErr starts a read call, as clearerr does.
func (s *stream) clearErr() {
	s.eof = false
	s.err = nil
}

// buffered returns the unread input.
func (s *stream) buffered() []byte { return s.rbuf[s.rpos:] }

// fill reads more input into rbuf. It returns false at end of file or on
// error (recorded in s.eof / s.err).
func (s *stream) fill() bool {
	if s.eof || s.err != nil {
		return false
	}
	if !s.readable {
		s.err = errBadFD
		return false
	}
	if len(s.wbuf) > 0 {
		if err := s.flushWrites(); err != nil {
			s.err = err
			return false
		}
	}
	if s.beforeRead != nil {
		s.beforeRead()
	}
	r := s.reader()
	if r == nil {
		s.eof = true
		return false
	}
	if s.proc != nil {
		s.replayChild()
		defer s.replayChild()
	}
	if s.rpos == len(s.rbuf) {
		s.rbuf, s.rpos = s.rbuf[:0], 0
	}
	if cap(s.rbuf)-len(s.rbuf) < readBufSize/4 {
		nb := make([]byte, len(s.rbuf)-s.rpos, len(s.rbuf)-s.rpos+readBufSize)
		copy(nb, s.rbuf[s.rpos:])
		s.rbuf, s.rpos = nb, 0
	}
	for tries := 0; ; tries++ {
		n, err := s.readSome(r, s.rbuf[len(s.rbuf):cap(s.rbuf)])
		s.rbuf = s.rbuf[:len(s.rbuf)+n]
		if err != nil {
			if err == io.EOF {
				s.eof = true
			} else {
				s.err = err
			}
			return n > 0
		}
		if n > 0 {
			return true
		}
		if tries > 100 {
			// A reader that keeps returning nothing: treat as end.
			s.eof = true
			return false
		}
	}
}

// peek returns the next input byte without consuming it.
func (s *stream) peek() (byte, bool) {
	if s.rpos >= len(s.rbuf) && !s.fill() {
		return 0, false
	}
	return s.rbuf[s.rpos], true
}

// prepareWrite makes the stream ready for output: unread input is given
// back to the file (by seeking) so the write lands where the program
// thinks it is.
func (s *stream) prepareWrite() error {
	if !s.writable {
		return errBadFD
	}
	if n := len(s.rbuf) - s.rpos; n > 0 {
		if sk := s.seeker(); sk != nil {
			if _, err := sk.Seek(int64(-n), io.SeekCurrent); err != nil {
				return err
			}
		}
	}
	s.rbuf, s.rpos = s.rbuf[:0], 0
	s.eof = false
	return nil
}

// write outputs p according to the buffering mode. It takes a string so
// that Lua strings are written without a copy.
func (s *stream) write(p string) error {
	if err := s.prepareWrite(); err != nil {
		return err
	}
	if s.sink != nil {
		w := s.sink()
		if w == nil {
			return nil // a host without that stream: output is dropped
		}
		if _, err := io.WriteString(w, p); err != nil {
			return err
		}
		if s.mode == bufNone || (s.mode == bufLine && strings.IndexByte(p, '\n') >= 0) {
			return flushWriter(w)
		}
		return nil
	}
	if s.proc != nil {
		s.replayChild()
	}
	if s.mode == bufNone {
		if err := s.flushWrites(); err != nil {
			return err
		}
		_, err := s.file.WriteString(p)
		return err
	}
	if len(s.wbuf) == 0 && len(p) >= s.size {
		// Large writes skip the buffer, as fwrite does.
		_, err := s.file.WriteString(p)
		return err
	}
	if s.wbuf == nil {
		s.wbuf = make([]byte, 0, s.size)
	}
	s.wbuf = append(s.wbuf, p...)
	if !s.dirty && s.owner != nil {
		s.owner.markDirty(s)
	}
	if len(s.wbuf) >= s.size || (s.mode == bufLine && strings.IndexByte(p, '\n') >= 0) {
		return s.flushWrites()
	}
	return nil
}

// flushWrites writes out the pending output.
func (s *stream) flushWrites() error {
	if len(s.wbuf) == 0 {
		return nil
	}
	_, err := s.file.Write(s.wbuf)
	s.wbuf = s.wbuf[:0]
	return err
}

// flush is fflush: pending output goes to the OS (or the host's writer is
// flushed, for the standard streams).
func (s *stream) flush() error {
	if s.sink != nil {
		return flushWriter(s.sink())
	}
	if s.file == nil {
		return nil
	}
	return s.flushWrites()
}

// flushWriter flushes w when it is buffered (bufio.Writer and friends).
func flushWriter(w io.Writer) error {
	if f, ok := w.(interface{ Flush() error }); ok {
		return f.Flush()
	}
	return nil
}

// seek is fseek followed by ftell.
func (s *stream) seek(offset int64, whence int) (int64, error) {
	sk := s.seeker()
	if sk == nil {
		return 0, errNoSeek
	}
	if s.file != nil {
		if err := s.flushWrites(); err != nil {
			return 0, err
		}
	}
	if whence == io.SeekCurrent {
		offset -= int64(len(s.rbuf) - s.rpos)
	}
	pos, err := sk.Seek(offset, whence)
	if err != nil {
		return 0, err
	}
	s.rbuf, s.rpos = s.rbuf[:0], 0
	s.eof = false
	return pos, nil
}

// setvbuf changes the buffering mode, writing out pending output first.
func (s *stream) setvbuf(mode bufMode, size int64) error {
	var err error
	if s.file != nil {
		err = s.flushWrites()
	}
	s.mode = mode
	if size <= 0 || size > 1<<30 {
		size = writeBufSize
	}
	s.size = int(size)
	return err
}

// closeFile flushes and closes a regular file. The first error wins.
func (s *stream) closeFile() error {
	err := s.flushWrites()
	s.wbuf = nil
	s.rbuf, s.rpos = nil, 0
	if s.file != nil {
		if cerr := s.file.Close(); err == nil {
			err = cerr
		}
	}
	if s.owner != nil {
		s.owner.forget(s)
	}
	return err
}

// closeProcess is pclose: the pipe is closed and the command waited for.
// Output the child wrote to a non-file host writer is replayed now.
func (s *stream) closeProcess() (*os.ProcessState, error) {
	werr := s.flushWrites()
	s.wbuf = nil
	s.rbuf, s.rpos = nil, 0
	s.file.Close()
	if s.owner != nil {
		s.owner.forget(s)
	}
	var err error
	if s.lua != nil {
		err = waitChild(s.lua, s.proc)
	} else {
		err = s.proc.Wait()
	}
	s.replayChild()
	ps := s.proc.ProcessState
	if ps == nil && err == nil {
		err = werr
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		err = nil
	}
	return ps, err
}

// discard closes a stream that became unreachable without being closed,
// as the reference's __gc would: pending output is written, a command is
// waited for in the background.
func (s *stream) discard() {
	if s.closed || s.std {
		return
	}
	s.closed = true
	if s.proc != nil {
		s.flushWrites()
		s.file.Close()
		go s.proc.Wait()
		return
	}
	s.flushWrites()
	if s.file != nil {
		s.file.Close()
	}
}

// syncBuffer collects a child's output while the script runs; the copy
// goroutine of os/exec writes to it concurrently.
type syncBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	b.buf = append(b.buf, p...)
	b.mu.Unlock()
	return len(p), nil
}

// take returns and clears the collected output.
func (b *syncBuffer) take() []byte {
	b.mu.Lock()
	out := b.buf
	b.buf = nil
	b.mu.Unlock()
	return out
}

// replayChild writes what a popen'ed command sent to its standard output
// or error so far into the host's writers. It runs on the script's
// goroutine at each operation on the stream, so the output shows up about
// when the reference (where the child writes to the terminal itself)
// would show it, without racing with the script's own writes.
func (s *stream) replayChild() {
	replay := func(b *syncBuffer, w io.Writer) {
		if b == nil || w == nil {
			return
		}
		if p := b.take(); len(p) > 0 {
			w.Write(p)
		}
	}
	replay(s.procOut, s.outSink)
	replay(s.procErr, s.errSink)
}
