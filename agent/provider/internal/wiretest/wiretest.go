// Package wiretest is the test bench the built-in protocols share: an
// httptest server on 127.0.0.1 that plays hand-written SSE fixtures the
// way a network delivers them (split inside UTF-8 sequences, cut off,
// stalled), records what the client sent, and a collector that drains a
// provider.Stream into an assembled result while checking the event
// contract. Only tests import it.
package wiretest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/sse"
)

// Reply is one scripted response.
type Reply struct {
	Status  int               // 0 is 200
	Header  map[string]string // extra response headers
	Body    string            // the body (an SSE fixture, or a JSON error)
	CutAt   int               // > 0: close the connection after this many body bytes
	StallAt int               // > 0: stop sending after this many bytes and wait for the client to give up
}

// Fixture reads testdata/<name>.
func Fixture(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Request is what the server received.
type Request struct {
	Method, Path string
	Header       http.Header
	Body         []byte
}

// Server plays Replies in order, one per request (the last one repeats).
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	replies  []Reply
	requests []Request
}

// NewServer starts a server for t; it is closed when the test ends.
func NewServer(t testing.TB, replies ...Reply) *Server {
	s := &Server{replies: replies}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Requests returns what was received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	n := len(s.requests)
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
	rep := s.replies[min(n, len(s.replies)-1)]
	s.mu.Unlock()

	for k, v := range rep.Header {
		w.Header().Set(k, v)
	}
	status := rep.Status
	if status == 0 {
		status = http.StatusOK
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "text/event-stream")
		}
	} else if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(status)
	flusher := w.(http.Flusher)
	flusher.Flush()

	data := rep.Body
	limit := len(data)
	if rep.CutAt > 0 {
		limit = min(rep.CutAt, limit)
	}
	if rep.StallAt > 0 {
		limit = min(rep.StallAt, limit)
	}
	for _, piece := range SplitUTF8(data[:limit]) {
		if _, err := io.WriteString(w, piece); err != nil {
			return
		}
		flusher.Flush()
	}
	switch {
	case rep.CutAt > 0:
		// Close the connection without ending the chunked body: the
		// client sees the response stop in the middle.
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			conn.Close()
		}
	case rep.StallAt > 0:
		<-r.Context().Done()
	}
}

// SplitUTF8 cuts s inside every multi-byte character (after its first
// byte), so that the client's reads see the halves apart.
func SplitUTF8(s string) []string {
	var pieces []string
	start := 0
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		if size > 1 {
			pieces = append(pieces, s[start:i+1])
			start = i + 1
		}
		i += size
	}
	return append(pieces, s[start:])
}

// Thinking is one assembled reasoning block.
type Thinking struct {
	Text, Signature, ID, Data string
	Redacted                  bool
}

// Call is one assembled tool call.
type Call struct {
	ID, Name, Arguments string
	Ended               bool
}

// Result is a drained stream.
type Result struct {
	Text     string
	Thinking []Thinking
	Calls    []Call
	Usage    conv.Usage
	Stop     conv.StopReason
	Done     bool
	Events   int
	Err      error
	// Partial, in an expectation, accepts any prefix of Text: a stream
	// stopped by a timer may stop early on a loaded machine.
	Partial bool
}

// Collect drains st, assembling what it says and failing t when the
// stream breaks the provider.Stream contract: a delta or end for a call
// that never started, an index out of order, anything after Done, or
// something other than io.EOF after Done.
func Collect(t testing.TB, st provider.Stream) Result {
	t.Helper()
	defer st.Close()
	var r Result
	for {
		ev, err := st.Recv()
		if err != nil {
			if r.Done && err != io.EOF {
				t.Errorf("after Done, Recv returned %v, want io.EOF", err)
			}
			if !r.Done {
				if err == io.EOF {
					t.Errorf("io.EOF before Done")
				}
				r.Err = err
			}
			if _, again := st.Recv(); again == nil {
				t.Errorf("Recv succeeded after it failed with %v", err)
			}
			return r
		}
		if r.Done {
			t.Errorf("event %+v after Done", ev)
		}
		r.Events++
		if problem := r.Add(ev); problem != "" {
			t.Errorf("event %d %+v: %s", r.Events, ev, problem)
		}
	}
}

// Add folds one event into the result and says what is wrong with it
// ("" when nothing): the stream contract, checked event by event.
func (r *Result) Add(ev provider.Event) string {
	switch ev.Type {
	case provider.TextDelta:
		r.Text += ev.Text
	case provider.ThinkingDelta:
		if ev.NewBlock || len(r.Thinking) == 0 {
			r.Thinking = append(r.Thinking, Thinking{})
		}
		r.Thinking[len(r.Thinking)-1].Text += ev.Text
	case provider.ThinkingSignature:
		if len(r.Thinking) == 0 {
			return "a signature with no thinking block"
		}
		th := &r.Thinking[len(r.Thinking)-1]
		if th.Redacted {
			return "a signature for redacted thinking"
		}
		th.Signature, th.ID, th.Data = ev.Signature, ev.ID, ev.Data
	case provider.RedactedThinking:
		r.Thinking = append(r.Thinking, Thinking{Redacted: true, Data: ev.Data})
	case provider.ToolCallStart:
		if ev.Index != len(r.Calls) {
			return fmt.Sprintf("call index %d, want %d", ev.Index, len(r.Calls))
		}
		r.Calls = append(r.Calls, Call{ID: ev.ID, Name: ev.Name})
	case provider.ToolCallDelta:
		if ev.Index < 0 || ev.Index >= len(r.Calls) || r.Calls[ev.Index].Ended {
			return "a delta for a call that is not open"
		}
		r.Calls[ev.Index].Arguments += ev.Text
	case provider.ToolCallEnd:
		if ev.Index < 0 || ev.Index >= len(r.Calls) || r.Calls[ev.Index].Ended {
			return "an end for a call that is not open"
		}
		r.Calls[ev.Index].Ended = true
	case provider.Done:
		if r.Done {
			return "a second Done"
		}
		for _, c := range r.Calls {
			if !c.Ended {
				return "Done with call " + c.ID + " still open"
			}
		}
		r.Done, r.Usage, r.Stop = true, ev.Usage, ev.StopReason
	default:
		return "unknown event type"
	}
	return ""
}

// Check compares a collected stream with what the fixture says.
func Check(t testing.TB, got, want Result, kind provider.Kind, message string) {
	t.Helper()
	if got.Text != want.Text && !(want.Partial && strings.HasPrefix(want.Text, got.Text)) {
		t.Errorf("text %q, want %q", got.Text, want.Text)
	}
	if len(got.Calls) != len(want.Calls) {
		t.Errorf("calls %+v, want %+v", got.Calls, want.Calls)
	} else {
		for i := range got.Calls {
			if got.Calls[i] != want.Calls[i] {
				t.Errorf("call %d: %+v, want %+v", i, got.Calls[i], want.Calls[i])
			}
			if !json.Valid([]byte(got.Calls[i].Arguments)) {
				t.Errorf("call %d: arguments are not JSON: %s", i, got.Calls[i].Arguments)
			}
		}
	}
	if len(got.Thinking) != len(want.Thinking) {
		t.Errorf("thinking %+v, want %+v", got.Thinking, want.Thinking)
	} else {
		for i := range got.Thinking {
			if got.Thinking[i] != want.Thinking[i] {
				t.Errorf("thinking %d: %+v, want %+v", i, got.Thinking[i], want.Thinking[i])
			}
		}
	}
	if kind == "" {
		if got.Err != nil || !got.Done {
			t.Fatalf("stream failed: %v", got.Err)
		}
		if got.Usage != want.Usage || got.Stop != want.Stop {
			t.Errorf("done with %+v %q, want %+v %q", got.Usage, got.Stop, want.Usage, want.Stop)
		}
		return
	}
	if got.ErrorKind() != kind {
		t.Fatalf("error %v (kind %q), want kind %q", got.Err, got.ErrorKind(), kind)
	}
	if !strings.Contains(got.Err.Error(), message) {
		t.Errorf("error %q does not say %q", got.Err, message)
	}
}

// ErrorKind is the kind of a failed result's error ("" when it is not an
// *provider.Error).
func (r Result) ErrorKind() provider.Kind {
	if pe := provider.AsError(r.Err); pe != nil {
		return pe.Kind
	}
	return ""
}

// SameJSON compares a body with the expected JSON text, ignoring layout
// and key order, and reports the first difference.
func SameJSON(t testing.TB, got []byte, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("the body is not JSON: %v\n%s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("the expected body is not JSON: %v", err)
	}
	if !reflect.DeepEqual(g, w) {
		pretty, _ := json.MarshalIndent(g, "", "  ")
		t.Errorf("request body differs at %s\ngot:\n%s", diff("$", g, w), pretty)
	}
}

// diff names the first path where two decoded JSON values differ.
func diff(path string, a, b any) string {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: got an object, want %v", path, b)
		}
		keys := map[string]bool{}
		for k := range av {
			keys[k] = true
		}
		for k := range bv {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			if !reflect.DeepEqual(av[k], bv[k]) {
				return diff(path+"."+k, av[k], bv[k])
			}
		}
	case []any:
		bv, ok := b.([]any)
		if !ok || len(av) != len(bv) {
			return fmt.Sprintf("%s: got %d items, want %v", path, len(av), b)
		}
		for i := range av {
			if !reflect.DeepEqual(av[i], bv[i]) {
				return diff(fmt.Sprintf("%s[%d]", path, i), av[i], bv[i])
			}
		}
	}
	return fmt.Sprintf("%s: got %v, want %v", path, a, b)
}

// Is reports whether err is (or wraps) target, for readable assertions.
func Is(err, target error) bool { return errors.Is(err, target) }

// Lines trims a fixture's indentation-free text for inline fixtures.
func Lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

// Decoder is the shape of a protocol's decoder (wire.Decoder), so that
// fuzz targets and benchmarks can drive one without a network.
type Decoder interface {
	Decode(ev sse.Event, out []provider.Event) ([]provider.Event, error)
	End(out []provider.Event) ([]provider.Event, error)
}

// Drive runs body through an SSE reader and dec as the stream would,
// folding the events into a Result and returning the first contract
// violation ("" when none). Errors must be *provider.Error.
func Drive(body []byte, dec Decoder) (Result, string) {
	var r Result
	rd := sse.NewReader(bytes.NewReader(body))
	var out []provider.Event
	for !r.Done {
		ev, err := rd.Next()
		eof := err == io.EOF
		out = out[:0]
		switch {
		case eof:
			out, err = dec.End(out)
		case err != nil:
			r.Err = err // the reader's own failure (a cut line)
			return r, ""
		default:
			out, err = dec.Decode(ev, out)
		}
		for _, e := range out {
			if r.Done {
				return r, "an event after Done"
			}
			r.Events++
			if p := r.Add(e); p != "" {
				return r, p
			}
		}
		if err != nil {
			if provider.AsError(err) == nil {
				return r, "an error that is not a *provider.Error: " + err.Error()
			}
			r.Err = err
			return r, ""
		}
		if eof {
			break // the stream reports a transport error when End gave no Done
		}
	}
	return r, ""
}

// Count runs body through an SSE reader and dec and returns how many
// provider events came out: the inner loop of the decoder benchmarks,
// without the bookkeeping of Drive.
func Count(body []byte, dec Decoder) (int, error) {
	rd := sse.NewReader(bytes.NewReader(body))
	out := make([]provider.Event, 0, 8)
	n := 0
	for {
		ev, err := rd.Next()
		out = out[:0]
		if err == io.EOF {
			out, err = dec.End(out)
			return n + len(out), err
		}
		if err != nil {
			return n, err
		}
		out, err = dec.Decode(ev, out)
		n += len(out)
		if err != nil {
			return n, err
		}
		if len(out) > 0 && out[len(out)-1].Type == provider.Done {
			return n, nil
		}
	}
}

// BenchDecode measures events per second through a decoder over body.
func BenchDecode(b *testing.B, body []byte, newDecoder func() Decoder) {
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	events := 0
	for b.Loop() {
		n, err := Count(body, newDecoder())
		if err != nil {
			b.Fatal(err)
		}
		events += n
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// BenchFirstDelta measures a request from Open to its first text delta
// against a local server: the protocol's share of the time to the first
// streamed word (request building, HTTP on loopback, SSE, decoding).
func BenchFirstDelta(b *testing.B, p provider.Protocol, fixture string, req func(url string) *provider.Request) {
	srv := NewServer(b, Reply{Body: fixture})
	r := req(srv.URL)
	r.HTTPClient = srv.Client()
	b.ReportAllocs()
	for b.Loop() {
		st, err := p.Open(context.Background(), r)
		if err != nil {
			b.Fatal(err)
		}
		for {
			ev, err := st.Recv()
			if err != nil {
				b.Fatal(err)
			}
			if ev.Type == provider.TextDelta {
				break
			}
		}
		st.Close()
	}
}
