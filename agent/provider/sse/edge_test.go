package sse

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// TestLimitBoundary: an event of exactly the limit passes, one byte more
// fails, whether the bytes come on one line or several (the joining LFs
// count); a limit of zero or less is the default.
func TestLimitBoundary(t *testing.T) {
	const max = 100
	for _, c := range []struct {
		name  string
		input string
		ok    bool
	}{
		{"one line at the limit", "data: " + strings.Repeat("x", max) + "\n\n", true},
		{"one line past it", "data: " + strings.Repeat("x", max+1) + "\n\n", false},
		{"two lines at the limit", "data: " + strings.Repeat("x", 49) + "\ndata: " + strings.Repeat("y", 50) + "\n\n", true},
		{"two lines past it", "data: " + strings.Repeat("x", 50) + "\ndata: " + strings.Repeat("y", 50) + "\n\n", false},
	} {
		for _, rd := range readers {
			t.Run(c.name+"/"+rd.name, func(t *testing.T) {
				r := NewReader(rd.wrap(strings.NewReader(c.input)))
				r.SetMaxEventSize(max)
				evs, err := readAll(r)
				if c.ok && (len(evs) != 1 || err != io.EOF) {
					t.Errorf("got %d events, %v; want the event", len(evs), err)
				}
				if !c.ok && (len(evs) != 0 || !errors.Is(err, ErrTooLarge)) {
					t.Errorf("got %d events, %v; want ErrTooLarge", len(evs), err)
				}
			})
		}
	}
	r := NewReader(strings.NewReader("data: " + strings.Repeat("x", 5000) + "\n\n"))
	r.SetMaxEventSize(0)
	if evs, err := readAll(r); len(evs) != 1 || err != io.EOF {
		t.Errorf("a zero limit is the default: %d events, %v", len(evs), err)
	}
}

// TestIDWithNUL: an id containing NUL is ignored (the previous one
// stays), as the HTML standard says.
func TestIDWithNUL(t *testing.T) {
	evs, err := readAll(NewReader(strings.NewReader("id: 1\ndata: a\n\nid: 2\x003\ndata: b\n\nid:\ndata: c\n\nid: 5\ndata: d\n\nid: \x006\ndata: e\n\n")))
	// An id with a NUL anywhere, first byte included, is ignored.
	want := []got{{"", "a", "1"}, {"", "b", "1"}, {"", "c", ""}, {"", "d", "5"}, {"", "e", "5"}}
	if !equal(evs, want) || err != io.EOF {
		t.Errorf("got %q, %v; want %q", evs, err, want)
	}
}

// stuck returns no bytes and no error forever.
type stuck struct{}

func (stuck) Read([]byte) (int, error) { return 0, nil }

// TestNoProgress: a source that returns nothing and no error is given
// up on with io.ErrNoProgress instead of spinning.
func TestNoProgress(t *testing.T) {
	_, err := NewReader(io.MultiReader(strings.NewReader("data: 1"), stuck{})).Next()
	if !errors.Is(err, io.ErrNoProgress) {
		t.Errorf("err %v, want io.ErrNoProgress", err)
	}
}

// TestCommonTypesInterned: the common event names come back equal to the
// text sent, interned or not.
func TestCommonTypesInterned(t *testing.T) {
	for _, typ := range append(commonTypes[:], "custom_event") {
		evs, err := readAll(NewReader(strings.NewReader("event: " + typ + "\ndata: x\n\n")))
		if len(evs) != 1 || evs[0].Type != typ || err != io.EOF {
			t.Errorf("event %q: %q %v", typ, evs, err)
		}
	}
}

// TestCutStreamStaysCut: a stream cut inside a line, or after an event
// field whose blank line never came (a one-letter type too), reports
// io.ErrUnexpectedEOF on every later call, never a clean io.EOF that
// would let a caller take a truncated response for a finished one.
func TestCutStreamStaysCut(t *testing.T) {
	for _, input := range []string{
		"data: 1\n\ndata: {\"ty",
		"data: 1\n\nevent: x\n",
		"event: x\n",
	} {
		for _, rd := range readers {
			t.Run(rd.name, func(t *testing.T) {
				r := NewReader(rd.wrap(strings.NewReader(input)))
				_, err := readAll(r)
				if err != io.ErrUnexpectedEOF {
					t.Fatalf("%q: %v, want io.ErrUnexpectedEOF", input, err)
				}
				for i := 0; i < 2; i++ {
					if _, err := r.Next(); err != io.ErrUnexpectedEOF {
						t.Errorf("%q: call %d after the cut: %v, want io.ErrUnexpectedEOF", input, i+2, err)
					}
				}
			})
		}
	}
}
