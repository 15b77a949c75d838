// Package sse reads a text/event-stream body (Server-Sent Events, as the
// WHATWG HTML standard defines the format) one event at a time. It is
// the framing layer under the built-in model protocols: Anthropic
// Messages, OpenAI Chat Completions and OpenAI Responses all stream
// their responses this way.
//
// The format, briefly:
//
//	event: content_block_delta        a field: name, colon, optional space, value
//	data: {"type":"content_block_delta",
//	data:  "index":0}                 data lines join with "\n"
//	: ping                            a line starting with ':' is a comment
//	                                  an empty line dispatches the event
//
// Lines end with LF, CRLF or a lone CR. A field line without a colon is a
// field with an empty value; unknown fields are ignored; a leading BOM is
// skipped. An event with no data lines is not dispatched (the standard's
// rule), which is also how comment-only keep-alives disappear.
//
// Two choices go beyond the standard, both for streams that end badly:
// a body that ends right after a complete line of a pending event still
// dispatches that event (some OpenAI-compatible servers omit the final
// blank line), while a body that ends in the middle of a line is
// reported as io.ErrUnexpectedEOF, so that a protocol can tell a cut
// connection from a finished one.
package sse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Event is one dispatched event. Data aliases the reader's buffer: it is
// valid until the next call to Next, which is what lets a decoder parse
// the JSON in place without a copy per event.
type Event struct {
	// Type is the event field ("" when the event had none; the standard
	// calls that "message").
	Type string
	// Data is the data lines joined with "\n", without the final newline.
	Data []byte
	// ID is the last id field seen on the stream (it persists across
	// events, as the standard says).
	ID string
}

// DefaultMaxEventSize bounds one event's data and one line. A
// response.completed event of OpenAI Responses repeats the whole
// response, so it must be generous; the bound exists so that a broken
// server cannot grow memory without end.
const DefaultMaxEventSize = 64 << 20

// ErrTooLarge is returned when a line or an event's data exceeds the
// reader's limit.
var ErrTooLarge = errors.New("sse: event larger than the limit")

// Reader reads events from a stream. It buffers the input itself rather
// than through bufio, because a lone CR ending a line needs one byte of
// look-ahead that may not have arrived yet, and a line may be far longer
// than any fixed buffer.
type Reader struct {
	src    io.Reader
	srcErr error // sticky error from src, acted on once the buffer is drained

	buf  []byte // buffered input is buf[r:w]
	r, w int

	skipLF  bool // the last line ended in CR at the buffer's end: a following LF belongs to it
	started bool // past the optional BOM
	max     int

	data    []byte // the pending event's data
	hasData bool
	typ     []byte
	id      string
	err     error // sticky result once Next failed or hit the end
}

// NewReader reads events from r with DefaultMaxEventSize.
func NewReader(r io.Reader) *Reader {
	return &Reader{src: r, buf: make([]byte, 16<<10), max: DefaultMaxEventSize}
}

// SetMaxEventSize changes the limit (n <= 0 restores the default).
func (r *Reader) SetMaxEventSize(n int) {
	if n <= 0 {
		n = DefaultMaxEventSize
	}
	r.max = n
}

// Next returns the next event. At the end of the stream it returns
// io.EOF; a stream cut inside a line, or inside an event whose data
// never arrived, gives io.ErrUnexpectedEOF; a read error is returned as
// is. Once Next failed it keeps failing the same way.
func (r *Reader) Next() (Event, error) {
	if r.err != nil {
		return Event{}, r.err
	}
	r.data = r.data[:0]
	r.hasData = false
	r.typ = r.typ[:0]
	for {
		line, complete, err := r.readLine()
		if err != nil {
			if err == io.EOF && complete && r.hasData {
				// The body ended after a whole line of a pending event:
				// dispatch it (see the package doc), then report EOF.
				r.err = io.EOF
				return r.event(), nil
			}
			if err == io.EOF && (!complete || len(r.typ) > 0) {
				err = io.ErrUnexpectedEOF
			}
			r.err = err
			return Event{}, err
		}
		if len(line) == 0 {
			if r.hasData {
				return r.event(), nil
			}
			r.typ = r.typ[:0]
			continue
		}
		if err := r.field(line); err != nil {
			r.err = err
			return Event{}, err
		}
	}
}

func (r *Reader) event() Event {
	ev := Event{Data: r.data, ID: r.id}
	if len(r.typ) > 0 {
		ev.Type = internType(r.typ)
	}
	return ev
}

// field interprets one non-empty line.
func (r *Reader) field(line []byte) error {
	if line[0] == ':' {
		return nil // a comment
	}
	name, value := line, []byte(nil)
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		name, value = line[:i], line[i+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	}
	switch string(name) {
	case "data":
		if r.hasData {
			r.data = append(r.data, '\n')
		}
		if len(r.data)+len(value) > r.max {
			return fmt.Errorf("%w (%d bytes)", ErrTooLarge, r.max)
		}
		r.data = append(r.data, value...)
		r.hasData = true
	case "event":
		r.typ = append(r.typ[:0], value...)
	case "id":
		if bytes.IndexByte(value, 0) < 0 {
			r.id = string(value)
		}
	}
	// "retry" and unknown fields do not matter to a client that never
	// reconnects.
	return nil
}

// readLine returns the next line without its terminator; the slice is
// valid until the next call. At the end of the input it returns io.EOF
// with complete true when nothing was pending, and false when a partial
// line was (the partial line is dropped).
func (r *Reader) readLine() (line []byte, complete bool, err error) {
	scanned := 0 // bytes of buf[r:w] known to hold no terminator
	for {
		if r.skipLF && r.r < r.w {
			if r.buf[r.r] == '\n' {
				r.r++
			}
			r.skipLF = false
		}
		if !r.started && r.w-r.r >= 3 || r.srcErr != nil {
			if !r.started && bytes.HasPrefix(r.buf[r.r:r.w], []byte("\xEF\xBB\xBF")) {
				r.r += 3
			}
			r.started = true
		}
		if !r.skipLF && r.started {
			b := r.buf[r.r+scanned : r.w]
			end := bytes.IndexByte(b, '\n')
			seg := b
			if end >= 0 {
				seg = b[:end]
			}
			if cr := bytes.IndexByte(seg, '\r'); cr >= 0 {
				end = cr
			}
			if end >= 0 {
				at := r.r + scanned + end
				line = r.buf[r.r:at]
				if r.buf[at] == '\r' {
					if at+1 < r.w {
						if r.buf[at+1] == '\n' {
							at++
						}
					} else {
						r.skipLF = true
					}
				}
				r.r = at + 1
				return line, true, nil
			}
			scanned = r.w - r.r
			if scanned > r.max+64 {
				return nil, false, fmt.Errorf("%w (%d bytes)", ErrTooLarge, r.max)
			}
		}
		if r.srcErr != nil {
			if r.skipLF {
				r.skipLF = false
				continue
			}
			pending := r.w > r.r
			r.r = r.w
			return nil, !pending, r.srcErr
		}
		r.fill()
	}
}

// fill reads more input, compacting or growing the buffer first.
func (r *Reader) fill() {
	if r.r > 0 {
		n := copy(r.buf, r.buf[r.r:r.w])
		r.r, r.w = 0, n
	}
	if r.w == len(r.buf) {
		grown := make([]byte, 2*len(r.buf))
		copy(grown, r.buf[:r.w])
		r.buf = grown
	}
	for i := 0; i < 100; i++ {
		n, err := r.src.Read(r.buf[r.w:])
		r.w += n
		if err != nil {
			r.srcErr = err
			return
		}
		if n > 0 {
			return
		}
	}
	r.srcErr = io.ErrNoProgress
}

// internType avoids an allocation per event for the event names the
// model APIs send most.
func internType(b []byte) string {
	for _, s := range commonTypes {
		if string(b) == s {
			return s
		}
	}
	return string(b)
}

var commonTypes = [...]string{
	"content_block_delta", "content_block_start", "content_block_stop",
	"message_start", "message_delta", "message_stop", "ping", "error",
	"response.output_text.delta", "response.function_call_arguments.delta",
	"response.reasoning_summary_text.delta", "response.output_item.added",
	"response.output_item.done", "response.completed",
}
