package input

import (
	"context"
	"errors"
	"io"
	"os"
	"testing"
	"time"
)

func next(t *testing.T, events <-chan Event) Event {
	t.Helper()
	select {
	case ev := <-events:
		return ev
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
	}
	return Event{}
}

func TestReaderEscapeTimeout(t *testing.T) {
	r, w := io.Pipe()
	rd := NewReader(r)
	rd.Timeout = 5 * time.Millisecond
	events := make(chan Event, 16)
	errc := make(chan error, 1)
	go func() { errc <- rd.Run(context.Background(), events) }()

	w.Write([]byte("\x1b[A")) // one write: a sequence, never Escape then "[A"
	if ev := next(t, events); !ev.Is("up") {
		t.Errorf("got %s, want up", ev.Key)
	}
	w.Write([]byte("\x1b")) // a lone ESC becomes Escape once the timeout passes
	if ev := next(t, events); !ev.Is("esc") {
		t.Errorf("got %s, want esc", ev.Key)
	}
	w.Write([]byte("x"))
	if ev := next(t, events); ev.Text != "x" {
		t.Errorf("got %q", ev.Text)
	}
	w.Close()
	if err := <-errc; !errors.Is(err, io.EOF) {
		t.Errorf("Run = %v, want EOF", err)
	}
}

func TestReaderStopsAndResumes(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	rd := NewReader(r)
	events := make(chan Event, 16)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- rd.Run(ctx, events) }()
	w.Write([]byte("a"))
	if ev := next(t, events); ev.Text != "a" {
		t.Fatalf("got %q", ev.Text)
	}
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v", err)
	}
	// the reader is stopped: nothing reads the pipe now (a child could)
	w.Write([]byte("b"))
	buf := make([]byte, 1)
	if n, _ := r.Read(buf); n != 1 || buf[0] != 'b' {
		t.Fatalf("the stopped reader took the input: %q", buf[:n])
	}
	go func() { errc <- rd.Run(context.Background(), events) }()
	w.Write([]byte("c"))
	if ev := next(t, events); ev.Text != "c" {
		t.Errorf("after resuming got %q", ev.Text)
	}
	w.Close()
	<-errc
}
