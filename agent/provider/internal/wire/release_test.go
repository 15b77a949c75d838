package wire

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/agent/provider"
)

// recording is a transport that remembers each request's context and
// whether its response body was closed.
type recording struct {
	mu     sync.Mutex
	ctxs   []context.Context
	bodies []*closeSeen
}

type closeSeen struct {
	io.ReadCloser
	closed bool // guarded by recording.mu
	rec    *recording
}

func (c *closeSeen) Close() error {
	c.rec.mu.Lock()
	c.closed = true
	c.rec.mu.Unlock()
	return c.ReadCloser.Close()
}

func (r *recording) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.ctxs = append(r.ctxs, req.Context())
	r.mu.Unlock()
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		b := &closeSeen{ReadCloser: resp.Body, rec: r}
		r.mu.Lock()
		r.bodies = append(r.bodies, b)
		r.mu.Unlock()
		resp.Body = b
	}
	return resp, err
}

// released reports whether the one request was cancelled and its body,
// if one came, closed.
func (r *recording) released(t *testing.T) (cancelled, closed bool) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.ctxs) != 1 || len(r.bodies) > 1 {
		t.Fatalf("%d requests, %d responses; want one", len(r.ctxs), len(r.bodies))
	}
	closed = len(r.bodies) == 1 && r.bodies[0].closed
	return r.ctxs[0].Err() != nil, closed
}

// TestStreamReleasesItsConnection: a stream lets go of its connection as
// soon as it is finished, before the caller's Close (the turn loop's
// comes when its function returns): after Done, after the caller's
// cancel, and when Open refuses the answer.
func TestStreamReleasesItsConnection(t *testing.T) {
	t.Run("after Done", func(t *testing.T) {
		srv := serve(t, 200, "text/event-stream", events("a", "done"))
		rec := &recording{}
		c := call(srv.URL)
		c.Client = &http.Client{Transport: rec}
		s, err := Open(context.Background(), c, &scripted{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if got, err := drain(t, s); err != nil || strings.Join(got, "|") != "a|<done>" {
			t.Fatalf("got %q, %v", got, err)
		}
		if cancelled, closed := rec.released(t); !cancelled || !closed {
			t.Errorf("after Done: request cancelled %v, body closed %v; want both", cancelled, closed)
		}
	})
	t.Run("after a cancel", func(t *testing.T) {
		srv := stalling(t)
		rec := &recording{}
		c := call(srv.URL)
		c.Client = &http.Client{Transport: rec}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		s, err := Open(ctx, c, &scripted{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if ev, err := s.Recv(); err != nil || ev.Text != "a" {
			t.Fatalf("first event %+v, %v", ev, err)
		}
		cancel()
		if _, err := s.Recv(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Recv after cancel: %v", err)
		}
		if _, closed := rec.released(t); !closed {
			t.Error("after a cancel: the body is still open")
		}
	})
	for _, c := range []struct {
		name, contentType, body string
		status                  int
	}{
		{"a refusal", "application/json", `{"error":{"message":"no"}}`, 500},
		{"a JSON answer", "application/json", `{"error":{"message":"no"}}`, 200},
		{"a web page", "text/html", "<html>login</html>", 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := serve(t, c.status, c.contentType, c.body)
			rec := &recording{}
			cl := call(srv.URL)
			cl.Client = &http.Client{Transport: rec}
			s, err := Open(context.Background(), cl, &scripted{})
			if err == nil {
				s.Close()
				t.Fatal("the stream opened")
			}
			if cancelled, closed := rec.released(t); !cancelled || !closed {
				t.Errorf("request cancelled %v, body closed %v; want both", cancelled, closed)
			}
		})
	}
}

// TestOneNanosecondIdleTimeout: the smallest positive idle_timeout is a
// bound like any other (only zero and below mean the default and none):
// a server that never answers ends the request with it, long before the
// request_timeout that backs the test up.
func TestOneNanosecondIdleTimeout(t *testing.T) {
	srv := stalling(t)
	c := call(srv.URL)
	c.IdleTimeout, c.RequestTimeout = time.Nanosecond, 5*time.Second
	s, err := Open(context.Background(), c, &scripted{})
	if err == nil {
		_, err = drain(t, s)
		s.Close()
	}
	if pe := provider.AsError(err); pe == nil || !strings.Contains(pe.Message, "for 1ns (idle_timeout)") {
		t.Errorf("%v, want the 1ns idle timeout", err)
	}
}

// TestReadAtTheBound: once max_response_bytes is reached, read returns
// no byte with its error. Bytes returned with an error are data to an
// io.Reader's caller: the SSE reader would parse whatever its buffer
// held there, and could complete an event from a body that was cut.
func TestReadAtTheBound(t *testing.T) {
	s := &Stream{max: 4, got: 4, body: io.NopCloser(strings.NewReader("more"))}
	p := []byte("\n\n\n\n")
	if n, err := s.read(p); n != 0 || !errors.Is(err, errTooLong) {
		t.Errorf("read at the bound = %d, %v; want 0 and the bound's error", n, err)
	}
	s.got = 2
	if n, err := s.read(p); n != 2 || err != nil || string(p[:2]) != "mo" {
		t.Errorf("read 2 bytes short of the bound = %d, %v (%q); want 2 bytes", n, err, p[:n])
	}
}
