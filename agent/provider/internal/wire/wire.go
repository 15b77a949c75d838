// Package wire is what the built-in HTTP protocols share: sending the
// request, classifying a refusal into the spec's error kinds, and the
// stream that turns an SSE body into provider events through a
// protocol's Decoder, with cancellation and the idle timeout.
//
// Ownership: Open's caller owns the returned stream and must Close it.
// The stream owns the response body and the idle watchdog, a timer that
// is armed while the request waits for its headers and while a read of
// the body waits for bytes, and that cancels the request when it fires;
// Close stops both. Cancelling the caller's context aborts the request
// at once, because the request runs under a context derived from it.
package wire

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"panto/agent/provider"
	"panto/agent/provider/sse"
)

// Decoder turns a protocol's SSE events into provider events.
type Decoder interface {
	// Decode appends the events ev stands for to out. A failure is an
	// *provider.Error (an error event, an unparsable payload); the
	// events appended before it are still delivered. The last event of
	// a response is a provider.Done, after which Decode is not called.
	Decode(ev sse.Event, out []provider.Event) ([]provider.Event, error)
	// End is called when the body ends before Done: it returns the
	// closing events when what arrived is a complete response (a server
	// that omits its final marker), or the error that says it is not.
	End(out []provider.Event) ([]provider.Event, error)
}

// Call is one streaming POST.
type Call struct {
	// Provider names the configured provider in error messages.
	Provider string
	Client   *http.Client // nil: http.DefaultClient
	URL      string
	Header   http.Header
	Body     []byte
	// APIKey is only used to keep the key out of error messages.
	APIKey string
	// IdleTimeout as provider.Request.IdleTimeout.
	IdleTimeout time.Duration
	// RequestTimeout and MaxResponseBytes as provider.Request's.
	RequestTimeout   time.Duration
	MaxResponseBytes int64
}

// Open sends the request and returns the stream once the server has
// accepted it (a 2xx with an event stream). A refusal is a classified
// *provider.Error; a cancelled ctx returns ctx's error.
func Open(ctx context.Context, c Call, dec Decoder) (provider.Stream, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(c.Body))
	if err == nil && (req.URL.Scheme != "http" && req.URL.Scheme != "https" || req.URL.Host == "") {
		// Caught here, a typo in base_url is a configuration error, not a
		// connection failure to retry.
		err = fmt.Errorf("%q is not an http:// or https:// URL", c.URL)
	}
	if err != nil {
		// Checked before the watchdogs are armed: nothing to release.
		s := &Stream{provider: c.Provider, key: c.APIKey}
		return nil, s.fail(&provider.Error{Kind: provider.InvalidRequest, Message: "bad base_url: " + err.Error(), Err: err})
	}
	reqCtx, cancel := context.WithCancel(ctx)
	req = req.WithContext(reqCtx)
	s := &Stream{ctx: ctx, cancel: cancel, dec: dec, provider: c.Provider, key: c.APIKey}
	// Zero means the default; a negative setting turns a bound off.
	s.idle = cmp.Or(c.IdleTimeout, provider.DefaultIdleTimeout)
	s.timer = cancelAfter(s.idle, &s.stalled, cancel)
	s.whole = cmp.Or(c.RequestTimeout, provider.DefaultRequestTimeout)
	s.deadline = cancelAfter(s.whole, &s.overdue, cancel)
	s.max = cmp.Or(c.MaxResponseBytes, provider.DefaultMaxResponseBytes)
	req.Header.Set("User-Agent", "panto")
	for k, vs := range c.Header {
		req.Header[k] = vs
	}
	client := c.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := guardRedirects(client).Do(req)
	if s.timer != nil {
		s.timer.Stop()
	}
	if err != nil {
		s.Close()
		if r := asRedirectRefused(err); r != nil && ctx.Err() == nil {
			// Not a transport failure to retry: the answer will be the
			// same redirect.
			return nil, s.fail(&provider.Error{Kind: provider.InvalidRequest, Message: r.Error(), Err: err})
		}
		return nil, s.readFailure(err, "no response")
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
		resp.Body.Close()
		s.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, s.fail(Classify(resp.StatusCode, resp.Header, body))
	}
	if mediaType(resp.Header) == "application/json" {
		// Some servers answer a streaming request that they cannot serve
		// with a JSON error and a 200.
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
		resp.Body.Close()
		s.Close()
		d := Details{Message: "the server answered with JSON instead of an event stream (does it support stream: true?)"}
		var shape struct {
			Error   json.RawMessage `json:"error"`
			Message string          `json:"message"`
		}
		if json.Unmarshal(body, &shape) == nil && (len(shape.Error) > 0 && string(shape.Error) != "null" || shape.Message != "") {
			d = ParseDetails(body)
		}
		e := StreamError(d)
		e.Status = resp.StatusCode
		return nil, s.fail(e)
	}
	if mt := mediaType(resp.Header); mt != "" && mt != "text/event-stream" {
		// A web page or a file where the API should be: base_url points
		// at the wrong place, or a proxy answered for it. Reading it as
		// an event stream finds no event and used to end in "connection
		// failed" after every retry; the same request gets the same
		// page, so it is not retried.
		resp.Body.Close()
		s.Close()
		return nil, s.fail(&provider.Error{Kind: provider.InvalidRequest, Status: resp.StatusCode,
			Message: fmt.Sprintf("the server answered %s, not an event stream (is %s the API's address?)", mt, c.URL)})
	}
	s.body = resp.Body
	s.events = sse.NewReader(readerFunc(s.read))
	return s, nil
}

// mediaType is the response's Content-Type without parameters, lower
// case; "" when there is none (some servers send an event stream
// without one, and it is read as one).
func mediaType(h http.Header) string {
	ct := h.Get("Content-Type")
	if ct == "" {
		return ""
	}
	if mt, _, err := mime.ParseMediaType(ct); err == nil {
		return mt
	}
	return strings.ToLower(strings.TrimSpace(strings.Split(ct, ";")[0]))
}

// Stream is a provider.Stream over an SSE response body.
type Stream struct {
	ctx      context.Context
	cancel   context.CancelFunc
	provider string
	key      string
	dec      Decoder

	body    io.ReadCloser
	events  *sse.Reader
	idle    time.Duration
	timer   *time.Timer
	stalled atomic.Bool
	// The whole request's deadline (request_timeout): a server that
	// drips a byte now and then never trips the idle watchdog.
	whole    time.Duration
	deadline *time.Timer
	overdue  atomic.Bool
	// The body's size bound (max_response_bytes; negative: none) and
	// what was read so far: an endless stream must end.
	max int64
	got int64

	queue []provider.Event
	next  int
	done  bool  // Done was delivered
	err   error // delivered once the queue is empty
}

// Recv returns the next event; see provider.Stream.
func (s *Stream) Recv() (provider.Event, error) {
	if s.done {
		return provider.Event{}, io.EOF
	}
	if err := s.ctx.Err(); err != nil {
		s.Close()
		return provider.Event{}, err
	}
	for s.next == len(s.queue) {
		if s.done {
			return provider.Event{}, io.EOF
		}
		if s.err != nil {
			return provider.Event{}, s.err
		}
		s.fill()
	}
	ev := s.queue[s.next]
	s.next++
	if ev.Type == provider.Done {
		s.done = true
		s.queue, s.next = s.queue[:0], 0
		s.Close()
	}
	return ev, nil
}

// fill reads SSE events until the decoder produced something or the
// stream failed.
func (s *Stream) fill() {
	s.queue, s.next = s.queue[:0], 0
	for len(s.queue) == 0 && s.err == nil {
		ev, err := s.events.Next()
		if err == io.EOF {
			s.queue, err = s.dec.End(s.queue)
			if err == nil && !hasDone(s.queue) {
				err = &provider.Error{Kind: provider.Transport, Message: "the stream ended before the response was complete"}
			}
			if err != nil {
				s.err = s.fail(err)
				s.Close()
			}
			return
		}
		if err != nil {
			s.err = s.readFailure(err, "no data")
			s.Close()
			return
		}
		s.queue, err = s.dec.Decode(ev, s.queue)
		if err != nil {
			s.err = s.fail(err)
			s.Close()
		}
	}
}

func hasDone(evs []provider.Event) bool {
	return len(evs) > 0 && evs[len(evs)-1].Type == provider.Done
}

// read is the body as the SSE reader sees it. The idle watchdog runs
// only while a read waits: time the consumer spends between Recv calls
// is not the server's stall.
func (s *Stream) read(p []byte) (int, error) {
	if s.max > 0 {
		// A body is cut at the bound, so one that reaches it fails
		// rather than being decoded in part.
		if s.got >= s.max {
			return 0, errTooLong
		}
		if int64(len(p)) > s.max-s.got {
			p = p[:s.max-s.got]
		}
	}
	if s.timer != nil {
		s.timer.Reset(s.idle)
	}
	n, err := s.body.Read(p)
	if s.timer != nil {
		s.timer.Stop()
	}
	s.got += int64(n)
	return n, err
}

// errTooLong is the body's read error once it passed max_response_bytes.
var errTooLong = errors.New("the response is larger than max_response_bytes")

// readFailure turns a network error into the error Recv reports: the
// caller's cancellation as itself, the watchdog as a stall ("no
// response for 5m0s", "no data for ..."), anything else as a transport
// failure.
func (s *Stream) readFailure(err error, stall string) error {
	if cerr := s.ctx.Err(); cerr != nil {
		return cerr
	}
	// The watchdogs cancel the request, so err is then a cancellation:
	// it is not kept, since the user did not cancel anything.
	if s.overdue.Load() {
		return s.fail(&provider.Error{Kind: provider.Transport, Message: fmt.Sprintf("the response took longer than %s (request_timeout)", s.whole)})
	}
	if s.stalled.Load() {
		return s.fail(&provider.Error{Kind: provider.Transport, Message: fmt.Sprintf("%s for %s (idle_timeout)", stall, s.idle)})
	}
	switch {
	case errors.Is(err, errTooLong):
		return s.fail(&provider.Error{Kind: provider.Transport, Message: fmt.Sprintf("the response reached %d bytes (max_response_bytes)", s.max)})
	case errors.Is(err, io.ErrUnexpectedEOF):
		return s.fail(&provider.Error{Kind: provider.Transport, Message: "the connection closed in the middle of the response", Err: err})
	case errors.Is(err, sse.ErrTooLarge):
		return s.fail(&provider.Error{Kind: provider.Terminal, Message: err.Error(), Err: err})
	}
	return s.fail(&provider.Error{Kind: provider.Transport, Message: err.Error(), Err: err})
}

// fail names the provider and keeps the key out of the message.
func (s *Stream) fail(err error) error {
	if pe := provider.AsError(err); pe != nil {
		if pe.Provider == "" {
			pe.Provider = s.provider
		}
		pe.Message = Redact(pe.Message, s.key)
	}
	return err
}

// Close releases the connection and the watchdog. It is idempotent.
func (s *Stream) Close() error {
	if s.timer != nil {
		s.timer.Stop()
	}
	if s.deadline != nil {
		s.deadline.Stop()
	}
	s.cancel()
	if s.body != nil {
		s.body.Close()
	}
	return nil
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// JoinURL appends a path to a base URL without doubling the slash.
func JoinURL(base, path string) string {
	return strings.TrimRight(base, "/") + "/" + strings.TrimLeft(path, "/")
}

// cancelAfter cancels the request after d, first marking why in flag, so
// the error can name the bound that ended it; it returns nil (no timer)
// when d is not positive.
func cancelAfter(d time.Duration, flag *atomic.Bool, cancel context.CancelFunc) *time.Timer {
	if d <= 0 {
		return nil
	}
	return time.AfterFunc(d, func() {
		flag.Store(true)
		cancel()
	})
}
