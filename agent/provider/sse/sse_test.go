package sse

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// got is an event as the tests compare it.
type got struct{ Type, Data, ID string }

// readAll drains a reader, returning the events and the final error.
func readAll(r *Reader) ([]got, error) {
	var evs []got
	for {
		ev, err := r.Next()
		if err != nil {
			return evs, err
		}
		evs = append(evs, got{ev.Type, string(ev.Data), ev.ID})
		if len(evs) > 1e6 {
			return evs, errors.New("runaway")
		}
	}
}

// readers feeds the same input in the ways a network delivers it: all at
// once, a byte at a time (every multi-byte character and every CRLF
// split), and in halves.
var readers = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"whole", func(r io.Reader) io.Reader { return r }},
	{"one byte", iotest.OneByteReader},
	{"half", iotest.HalfReader},
	{"data with err", iotest.DataErrReader},
}

func TestReader(t *testing.T) {
	long := strings.Repeat("é", 300_000) // 600 KB on one line, beyond any buffer
	cases := []struct {
		name  string
		input string
		want  []got
		err   error
	}{
		{"one event", "event: ping\ndata: {}\n\n", []got{{"ping", "{}", ""}}, io.EOF},
		{"no event field", "data: x\n\n", []got{{"", "x", ""}}, io.EOF},
		{"data lines join with LF", "data: a\ndata: b\ndata:\ndata: c\n\n", []got{{"", "a\nb\n\nc", ""}}, io.EOF},
		{"comments are skipped", ": keep-alive\n\n: x\ndata: 1\n: y\n\n", []got{{"", "1", ""}}, io.EOF},
		{"CRLF", "event: a\r\ndata: 1\r\n\r\ndata: 2\r\n\r\n", []got{{"a", "1", ""}, {"", "2", ""}}, io.EOF},
		{"lone CR", "event: a\rdata: 1\r\rdata: 2\r\r", []got{{"a", "1", ""}, {"", "2", ""}}, io.EOF},
		{"mixed terminators", "data: 1\r\ndata: 2\rdata: 3\n\r\n", []got{{"", "1\n2\n3", ""}}, io.EOF},
		{"one space is stripped, no more", "data:x\n\ndata:  y\n\n", []got{{"", "x", ""}, {"", " y", ""}}, io.EOF},
		{"field without colon", "data\n\n", []got{{"", "", ""}}, io.EOF},
		{"colons in the value stay", "data: {\"a\":\"b:c\"}\n\n", []got{{"", `{"a":"b:c"}`, ""}}, io.EOF},
		{"unknown fields and retry are ignored", "retry: 10\nfoo: bar\ndata: 1\n\n", []got{{"", "1", ""}}, io.EOF},
		{"id persists across events", "id: 7\ndata: a\n\ndata: b\n\n", []got{{"", "a", "7"}, {"", "b", "7"}}, io.EOF},
		{"event without data is not dispatched", "event: a\n\ndata: 1\n\n", []got{{"", "1", ""}}, io.EOF},
		{"type does not leak into the next event", "event: a\ndata: 1\n\ndata: 2\n\n", []got{{"a", "1", ""}, {"", "2", ""}}, io.EOF},
		{"leading BOM", "\xEF\xBB\xBFdata: 1\n\n", []got{{"", "1", ""}}, io.EOF},
		{"BOM only at the start", "data: 1\n\n\xEF\xBB\xBFdata: 2\n\n", []got{{"", "1", ""}}, io.EOF},
		{"empty stream", "", nil, io.EOF},
		{"blank lines only", "\n\n\r\n", nil, io.EOF},
		{"last event without blank line", "data: 1\n\ndata: [DONE]\n", []got{{"", "1", ""}, {"", "[DONE]", ""}}, io.EOF},
		{"last event ending in CR", "data: 1\r", []got{{"", "1", ""}}, io.EOF},
		{"cut inside a line", "data: 1\n\ndata: {\"ty", []got{{"", "1", ""}}, io.ErrUnexpectedEOF},
		{"cut after the event field", "data: 1\n\nevent: message_stop\n", []got{{"", "1", ""}}, io.ErrUnexpectedEOF},
		{"multi-byte text", "data: {\"t\":\"日本語 ünïcödé 🎉\"}\n\n", []got{{"", `{"t":"日本語 ünïcödé 🎉"}`, ""}}, io.EOF},
		{"a very long line", "event: big\ndata: " + long + "\n\ndata: next\n\n", []got{{"big", long, ""}, {"", "next", ""}}, io.EOF},
	}
	for _, c := range cases {
		for _, rd := range readers {
			t.Run(c.name+"/"+rd.name, func(t *testing.T) {
				evs, err := readAll(NewReader(rd.wrap(strings.NewReader(c.input))))
				if !equal(evs, c.want) {
					t.Errorf("events\n got %q\nwant %q", evs, c.want)
				}
				if err != c.err {
					t.Errorf("error %v, want %v", err, c.err)
				}
			})
		}
	}
}

func TestReaderLimit(t *testing.T) {
	for _, input := range []string{
		"data: " + strings.Repeat("x", 2000) + "\n\n",                     // one long line
		strings.Repeat("data: "+strings.Repeat("x", 100)+"\n", 30) + "\n", // many lines
	} {
		r := NewReader(strings.NewReader("data: ok\n\n" + input))
		r.SetMaxEventSize(1000)
		evs, err := readAll(r)
		if len(evs) != 1 || !errors.Is(err, ErrTooLarge) {
			t.Errorf("got %q, %v; want the first event then ErrTooLarge", evs, err)
		}
		if _, err2 := r.Next(); err2 != err {
			t.Errorf("the error must be sticky: %v then %v", err, err2)
		}
	}
}

func TestReaderError(t *testing.T) {
	boom := errors.New("connection reset")
	r := NewReader(io.MultiReader(strings.NewReader("data: 1\n\ndata: 2"), iotest.ErrReader(boom)))
	evs, err := readAll(r)
	if len(evs) != 1 || err != boom {
		t.Errorf("got %q, %v; want one event then the read error", evs, err)
	}
}

// TestDataIsReused documents the aliasing contract: Data is valid until
// the next call.
func TestDataIsReused(t *testing.T) {
	r := NewReader(strings.NewReader("data: first\n\ndata: 2nd!!\n\n"))
	a, _ := r.Next()
	keep := bytes.Clone(a.Data)
	b, _ := r.Next()
	if string(keep) != "first" || string(b.Data) != "2nd!!" {
		t.Errorf("got %q, %q", keep, b.Data)
	}
}

func equal(a, b []got) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
