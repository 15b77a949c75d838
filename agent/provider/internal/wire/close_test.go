package wire

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"panto/agent/provider"
)

// TestCloseStopsTheWatchdogs: Close stops both timers, so a closed
// stream is not kept alive by a watchdog (request_timeout's runs for 30
// minutes by default) that would later cancel a request nobody reads.
// Time.Stop reports false once a timer is already stopped, and the
// hour-long timers cannot have fired during the test.
func TestCloseStopsTheWatchdogs(t *testing.T) {
	t.Run("armed", func(t *testing.T) {
		// The state of Open before the request is sent: both armed.
		ctx, cancel := context.WithCancel(context.Background())
		s := &Stream{ctx: ctx, cancel: cancel}
		s.timer = cancelAfter(time.Hour, &s.stalled, cancel)
		s.deadline = cancelAfter(time.Hour, &s.overdue, cancel)
		s.Close()
		if s.timer.Stop() {
			t.Error("the idle watchdog still runs after Close")
		}
		if s.deadline.Stop() {
			t.Error("the request_timeout watchdog still runs after Close")
		}
		if ctx.Err() == nil {
			t.Error("Close did not cancel the request")
		}
	})
	t.Run("opened", func(t *testing.T) {
		srv := stalling(t)
		c := call(srv.URL)
		c.IdleTimeout, c.RequestTimeout = time.Hour, time.Hour
		st, err := Open(context.Background(), c, &scripted{})
		if err != nil {
			t.Fatal(err)
		}
		if ev, err := st.Recv(); err != nil || ev.Text != "a" {
			st.Close()
			t.Fatalf("first event %+v, %v", ev, err)
		}
		st.Close()
		if s := st.(*Stream); s.deadline.Stop() {
			t.Error("the request_timeout watchdog still runs after Close")
		}
	})
}

// TestHeadersStopTheIdleWatchdog: once the headers arrive, the idle
// watchdog is stopped until the first read of the body arms it again,
// so the time a caller takes before its first Recv is not counted as
// the server's stall. The hour-long timer cannot have fired during the
// test, so Stop reports true only if it was still armed.
func TestHeadersStopTheIdleWatchdog(t *testing.T) {
	srv := serve(t, 200, "text/event-stream", events("a", "done"))
	c := call(srv.URL)
	c.IdleTimeout = time.Hour
	st, err := Open(context.Background(), c, &scripted{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if st.(*Stream).timer.Stop() {
		t.Error("the idle watchdog still ran after the headers arrived, before any read")
	}
}

// TestStreamWithoutBounds: negative idle and request timeouts turn the
// watchdogs off; the stream still streams, and Close, called twice,
// has no timer to stop.
func TestStreamWithoutBounds(t *testing.T) {
	srv := serve(t, 200, "text/event-stream", events("a", "b", "done"))
	c := call(srv.URL)
	c.IdleTimeout, c.RequestTimeout = -1, -1
	s, err := Open(context.Background(), c, &scripted{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := drain(t, s)
	if err != nil || strings.Join(got, "|") != "a|b|<done>" {
		t.Errorf("got %q, %v; want a|b|<done>", got, err)
	}
	if err := s.Close(); err != nil {
		t.Error(err)
	}
	if err := s.Close(); err != nil {
		t.Error(err)
	}
}

// TestRefusalBodyBound: a refusal's body is read up to 256 KiB and no
// further, so a huge error page cannot fill the memory. The bodies put
// a parsable error just past the bound, after blank padding: read whole
// it would give its message; cut at the bound it is blank, and the
// message falls back to the generic one.
func TestRefusalBodyBound(t *testing.T) {
	const bound = 256 << 10
	body := strings.Repeat(" ", bound) + `{"error":{"message":"past the bound"}}`
	for _, c := range []struct {
		name        string
		status      int
		contentType string
		want        string
	}{
		{"a refusal", 500, "application/json", "Internal Server Error"},
		{"a JSON answer with a 200", 200, "application/json", "the server answered with JSON instead of an event stream"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := serve(t, c.status, c.contentType, body)
			s, err := Open(context.Background(), call(srv.URL), &scripted{})
			if err == nil {
				s.Close()
				t.Fatal("the stream opened")
			}
			pe := provider.AsError(err)
			if pe == nil || pe.Status != c.status || !strings.Contains(pe.Message, c.want) || strings.Contains(pe.Message, "past the bound") {
				t.Errorf("%v, want status %d and %q", err, c.status, c.want)
			}
		})
	}
}

// cancelOnRead cancels the caller's context as the client starts
// reading the response body: a user who gives up while a refusal's body
// is still arriving.
type cancelOnRead struct {
	cancel context.CancelFunc
}

func (c cancelOnRead) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		resp.Body = readCancelling{resp.Body, c.cancel}
	}
	return resp, err
}

type readCancelling struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (r readCancelling) Read(p []byte) (int, error) {
	r.cancel()
	return r.ReadCloser.Read(p)
}

// TestCancelDuringRefusal: cancelled while the body of a refusal is
// read, Open returns the context's error, not the refusal: the user
// stopped the request, and a server error would be retried.
func TestCancelDuringRefusal(t *testing.T) {
	srv := serve(t, 500, "application/json", `{"error":{"type":"api_error","message":"boom"}}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := call(srv.URL)
	c.Client = &http.Client{Transport: cancelOnRead{cancel}}
	s, err := Open(ctx, c, &scripted{})
	if err == nil {
		s.Close()
		t.Fatal("the stream opened")
	}
	if !errors.Is(err, context.Canceled) || provider.AsError(err) != nil {
		t.Errorf("%v, want context.Canceled", err)
	}
}
