// Package script is the built-in `script` protocol: a model that replays
// scripted responses, one per request, from a JSON Lines file. It drives
// the tests of the turn loop, stores, jobs and compaction, and it is how
// extension authors test their extensions against a whole model turn
// offline ([providers.x] protocol = "script", script = "turns.jsonl").
//
// Each non-empty line that does not start with "#" or "//" is one
// response:
//
//	{"expect": {...}, "events": [...], "usage": {...}, "stop": "stop"}
//
// events are replayed in order:
//
//	{"text": "Hello"}                         assistant text
//	{"thinking": "...", "signature": "sig"}   reasoning (signature optional)
//	{"tool_call": {"id": "c1", "name": "ls", "input": {"path": "."}}}
//	{"tool_call": {"name": "ls", "arguments": ["{\"pa", "th\": 1}"]}}
//	                                          arguments as text pieces
//	{"error": {"kind": "rate_limit", "message": "slow down", "retry_after": 2}}
//	{"delay_ms": 50}                          wait before the next event
//
// "text" may also be given at the top level as a shorthand for one text
// event. usage is { input, output, cache_read, cache_write, reasoning };
// stop is "stop" (default; "tool_use" when the response calls tools),
// "length" or "error".
//
// expect asserts what the request contained; a mismatch fails the
// stream with an invalid_request error naming the line, so a test sees
// exactly which request was wrong:
//
//	"user": "substring"        the last user message contains it
//	"system": "substring"      the system prompt contains it
//	"tool_result": "substring" the last tool result contains it
//	"tools": ["a", "b"]        these tools are offered
//	"messages": 3              the request carries this many messages
//	"model": "id"              the upstream model id
//	"effort": "high"           the reasoning label
//	"purpose": "compaction"    why the model is asked
//
// Two top-level fields make a script behave like a server with a real
// window, for long scripted sessions:
//
//	"usage": "measured"        usage.input is the request's size in
//	                           tokens, counted at three characters a token
//	                           (system prompt, tools and messages), and
//	                           usage.output the response's
//	"window": 32768            a request whose measured size is above this
//	                           fails with context_overflow, as a server's
//	                           would
//
// A line with "answers": "compaction" (or another purpose) is not part
// of the sequence: it answers every request of that purpose, however
// many come, so a script need not know when a session compacts.
package script

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
)

// Response is one scripted response.
type Response struct {
	Line   int
	Expect *Expect
	Events []Event
	Usage  conv.Usage
	Stop   conv.StopReason
	// Measured: the usage is counted from the request and the response.
	Measured bool
	// Window fails a request measured above it (0: no limit).
	Window int64
	// Answers is the purpose this standing response answers ("" for a
	// response of the sequence).
	Answers string
}

// Expect is what a request must contain.
type Expect struct {
	User       *string  `json:"user"`
	System     *string  `json:"system"`
	ToolResult *string  `json:"tool_result"`
	Tools      []string `json:"tools"`
	Messages   *int     `json:"messages"`
	Model      *string  `json:"model"`
	Effort     *string  `json:"effort"`
	Purpose    *string  `json:"purpose"`
}

// Event is one scripted stream event.
type Event struct {
	Text      *string    `json:"text"`
	Thinking  *string    `json:"thinking"`
	Signature string     `json:"signature"`
	ToolCall  *ToolCall  `json:"tool_call"`
	Error     *ErrorSpec `json:"error"`
	DelayMS   int        `json:"delay_ms"`
}

// ToolCall is a scripted tool call: Input (an object) or Arguments (the
// JSON text in pieces, streamed as they are given).
type ToolCall struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	Arguments []string        `json:"arguments"`
}

// ErrorSpec is a scripted failure.
type ErrorSpec struct {
	Kind       string  `json:"kind"`
	Message    string  `json:"message"`
	RetryAfter float64 `json:"retry_after"`
	Status     int     `json:"status"`
}

type wireResponse struct {
	Expect  *Expect          `json:"expect"`
	Events  []Event          `json:"events"`
	Text    *string          `json:"text"`
	Usage   *json.RawMessage `json:"usage"`
	Stop    string           `json:"stop"`
	Window  int64            `json:"window"`
	Answers string           `json:"answers"`
}

type wireUsage struct {
	Input      int64 `json:"input"`
	Output     int64 `json:"output"`
	CacheRead  int64 `json:"cache_read"`
	CacheWrite int64 `json:"cache_write"`
	Reasoning  int64 `json:"reasoning"`
}

// Parse reads a script. name is used in messages ("turns.jsonl:3: ...").
func Parse(r io.Reader, name string) ([]Response, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	var out []Response
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' || bytes.HasPrefix(text, []byte("//")) {
			continue
		}
		resp, err := parseLine(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		resp.Line = line
		out = append(out, resp)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	return out, nil
}

func parseLine(text []byte) (Response, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	var w wireResponse
	if err := dec.Decode(&w); err != nil {
		return Response{}, fmt.Errorf("not a script response: %v", err)
	}
	r := Response{Expect: w.Expect, Events: w.Events, Window: w.Window, Answers: w.Answers}
	if w.Window < 0 {
		return Response{}, fmt.Errorf("window must not be negative")
	}
	if w.Text != nil {
		r.Events = append([]Event{{Text: w.Text}}, r.Events...)
	}
	if w.Usage != nil && string(*w.Usage) == `"measured"` {
		r.Measured = true
	} else if w.Usage != nil {
		var u wireUsage
		ud := json.NewDecoder(bytes.NewReader(*w.Usage))
		ud.DisallowUnknownFields()
		if err := ud.Decode(&u); err != nil {
			return Response{}, fmt.Errorf("usage: %v", err)
		}
		if u.Input < 0 || u.Output < 0 || u.CacheRead < 0 || u.CacheWrite < 0 || u.Reasoning < 0 {
			return Response{}, fmt.Errorf("usage figures must not be negative")
		}
		r.Usage = conv.Usage{Input: u.Input, Output: u.Output, CacheRead: u.CacheRead, CacheWrite: u.CacheWrite, Reasoning: u.Reasoning}
	}
	calls := 0
	for i, e := range r.Events {
		n := 0
		for _, set := range []bool{e.Text != nil, e.Thinking != nil, e.ToolCall != nil, e.Error != nil, e.DelayMS > 0} {
			if set {
				n++
			}
		}
		if n != 1 {
			return Response{}, fmt.Errorf("event %d must have exactly one of text, thinking, tool_call, error, delay_ms", i+1)
		}
		if tc := e.ToolCall; tc != nil {
			calls++
			if tc.Name == "" {
				return Response{}, fmt.Errorf("event %d: tool_call needs a name", i+1)
			}
			if tc.Input != nil && tc.Arguments != nil {
				return Response{}, fmt.Errorf("event %d: tool_call has both input and arguments", i+1)
			}
			if tc.Input != nil && (len(tc.Input) == 0 || tc.Input[0] != '{') {
				return Response{}, fmt.Errorf("event %d: tool_call input must be a JSON object", i+1)
			}
		}
		if e.DelayMS < 0 || e.DelayMS > 600000 {
			return Response{}, fmt.Errorf("event %d: delay_ms must be between 0 and 600000", i+1)
		}
		if e.Error != nil && e.Error.RetryAfter < 0 {
			return Response{}, fmt.Errorf("event %d: retry_after must not be negative", i+1)
		}
	}
	switch w.Stop {
	case "":
		r.Stop = conv.StopEnd
		if calls > 0 {
			r.Stop = conv.StopToolUse
		}
	case "stop":
		r.Stop = conv.StopEnd
	case "tool_use":
		r.Stop = conv.StopToolUse
	case "length":
		r.Stop = conv.StopLength
	case "error":
		r.Stop = conv.StopError
	default:
		return Response{}, fmt.Errorf("stop must be stop, tool_use, length or error, got %q", w.Stop)
	}
	return r, nil
}

// Protocol replays a script, one response per Open. It is safe for
// concurrent use (jobs and the session may share one).
type Protocol struct {
	Name string // the script's file name, for messages

	mu       sync.Mutex
	resps    []Response
	standing map[string]Response // by purpose
	next     int
	calls    int
}

// New returns a protocol replaying responses.
func New(name string, resps []Response) *Protocol {
	p := &Protocol{Name: name}
	for _, r := range resps {
		if r.Answers != "" {
			if p.standing == nil {
				p.standing = map[string]Response{}
			}
			p.standing[r.Answers] = r
			continue
		}
		p.resps = append(p.resps, r)
	}
	return p
}

// Load reads a script file.
func Load(path string) (*Protocol, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	resps, err := Parse(f, path)
	if err != nil {
		return nil, err
	}
	return New(path, resps), nil
}

// Remaining is how many responses have not been replayed.
func (p *Protocol) Remaining() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.resps) - p.next
}

// Open replays the next response. A request that does not meet the
// response's expectations fails with an invalid_request error.
func (p *Protocol) Open(ctx context.Context, req *provider.Request) (provider.Stream, error) {
	p.mu.Lock()
	if r, ok := p.standing[req.Purpose]; ok {
		p.mu.Unlock()
		return p.replay(ctx, r, req)
	}
	if p.next >= len(p.resps) {
		n := len(p.resps)
		p.mu.Unlock()
		return nil, &provider.Error{Kind: provider.Terminal, Provider: req.Provider,
			Message: fmt.Sprintf("%s: the script has no response left for request %d (it has %d)", p.Name, n+1, n)}
	}
	r := p.resps[p.next]
	p.next++
	p.mu.Unlock()
	return p.replay(ctx, r, req)
}

func (p *Protocol) replay(ctx context.Context, r Response, req *provider.Request) (provider.Stream, error) {
	if err := check(r.Expect, req); err != nil {
		return nil, &provider.Error{Kind: provider.InvalidRequest, Provider: req.Provider,
			Message: fmt.Sprintf("%s:%d: %v", p.Name, r.Line, err)}
	}
	if r.Measured || r.Window > 0 {
		in := MeasureRequest(req)
		if r.Window > 0 && in > r.Window {
			return nil, &provider.Error{Kind: provider.ContextOverflow, Provider: req.Provider,
				Message: fmt.Sprintf("%s:%d: the request has %d tokens, more than the %d-token window", p.Name, r.Line, in, r.Window)}
		}
		if r.Measured {
			r.Usage = conv.Usage{Input: in, Output: measureEvents(r.Events)}
		}
	}
	return &stream{ctx: ctx, r: r, provider: req.Provider}, nil
}

// charsPerToken is how a measured script counts: three characters a
// token, more tokens than panto's own estimate (four), as code and JSON
// give real tokenizers.
const charsPerToken = 3

// MeasureRequest is a request's size in tokens as a measured script
// counts it: its system prompt, tools and messages.
func MeasureRequest(req *provider.Request) int64 {
	n := len(req.System)
	for _, t := range req.Tools {
		n += len(t.Name) + len(t.Description) + len(t.Schema)
	}
	for _, m := range req.Messages {
		n += 12 // the message's framing
		for _, b := range m.Blocks {
			n += len(b.Text) + len(b.Arguments) + len(b.Name)
		}
	}
	return int64(n / charsPerToken)
}

func measureEvents(evs []Event) int64 {
	n := 0
	for _, e := range evs {
		switch {
		case e.Text != nil:
			n += len(*e.Text)
		case e.Thinking != nil:
			n += len(*e.Thinking)
		case e.ToolCall != nil:
			n += len(e.ToolCall.Name) + len(e.ToolCall.Input)
			for _, a := range e.ToolCall.Arguments {
				n += len(a)
			}
		}
	}
	return int64(n / charsPerToken)
}

func check(x *Expect, req *provider.Request) error {
	if x == nil {
		return nil
	}
	var lastUser, lastTool string
	for _, m := range req.Messages {
		switch m.Role {
		case conv.User:
			lastUser = m.Text()
		case conv.Tool:
			lastTool = m.Text()
		}
	}
	contains := func(what, got string, want *string) error {
		if want != nil && !strings.Contains(got, *want) {
			return fmt.Errorf("expected the %s to contain %q, got %q", what, *want, got)
		}
		return nil
	}
	if err := contains("last user message", lastUser, x.User); err != nil {
		return err
	}
	if err := contains("system prompt", req.System, x.System); err != nil {
		return err
	}
	if err := contains("last tool result", lastTool, x.ToolResult); err != nil {
		return err
	}
	offered := map[string]bool{}
	var names []string
	for _, t := range req.Tools {
		offered[t.Name] = true
		names = append(names, t.Name)
	}
	for _, t := range x.Tools {
		if !offered[t] {
			return fmt.Errorf("expected tool %q to be offered, got [%s]", t, strings.Join(names, ", "))
		}
	}
	if x.Messages != nil && len(req.Messages) != *x.Messages {
		return fmt.Errorf("expected %d messages in the request, got %d", *x.Messages, len(req.Messages))
	}
	for _, c := range []struct {
		what      string
		got, want *string
	}{{"model", &req.Model, x.Model}, {"effort", &req.Effort, x.Effort}, {"purpose", &req.Purpose, x.Purpose}} {
		if c.want != nil && *c.got != *c.want {
			return fmt.Errorf("expected %s %q, got %q", c.what, *c.want, *c.got)
		}
	}
	return nil
}

// stream turns a response into provider events.
type stream struct {
	ctx      context.Context
	r        Response
	provider string
	queue    []provider.Event
	built    bool
	pos      int
	failed   error
	done     bool
}

func (s *stream) build() {
	s.built = true
	idx := 0
	for i := range s.r.Events {
		e := &s.r.Events[i]
		switch {
		case e.Text != nil:
			s.queue = append(s.queue, provider.Event{Type: provider.TextDelta, Text: *e.Text})
		case e.Thinking != nil:
			s.queue = append(s.queue, provider.Event{Type: provider.ThinkingDelta, Text: *e.Thinking, NewBlock: true})
			if e.Signature != "" {
				s.queue = append(s.queue, provider.Event{Type: provider.ThinkingSignature, Signature: e.Signature})
			}
		case e.ToolCall != nil:
			tc := e.ToolCall
			id := tc.ID
			if id == "" {
				id = fmt.Sprintf("call_%d_%d", s.r.Line, idx+1)
			}
			s.queue = append(s.queue, provider.Event{Type: provider.ToolCallStart, Index: idx, ID: id, Name: tc.Name})
			pieces := tc.Arguments
			if tc.Arguments == nil {
				in := string(tc.Input)
				if in == "" {
					in = "{}"
				}
				pieces = []string{in}
			}
			for _, p := range pieces {
				s.queue = append(s.queue, provider.Event{Type: provider.ToolCallDelta, Index: idx, Text: p})
			}
			s.queue = append(s.queue, provider.Event{Type: provider.ToolCallEnd, Index: idx})
			idx++
		case e.Error != nil:
			// An error ends the stream where it stands.
			s.queue = append(s.queue, provider.Event{Type: -1, Index: i})
			return
		case e.DelayMS > 0:
			s.queue = append(s.queue, provider.Event{Type: 0, Index: e.DelayMS})
		}
	}
	s.queue = append(s.queue, provider.Event{Type: provider.Done, Usage: s.r.Usage, StopReason: s.r.Stop})
}

func (s *stream) Recv() (provider.Event, error) {
	if !s.built {
		s.build()
	}
	for {
		if s.failed != nil {
			return provider.Event{}, s.failed
		}
		if err := s.ctx.Err(); err != nil {
			return provider.Event{}, err
		}
		if s.done || s.pos >= len(s.queue) {
			return provider.Event{}, io.EOF
		}
		ev := s.queue[s.pos]
		s.pos++
		switch ev.Type {
		case 0: // a delay
			t := time.NewTimer(time.Duration(ev.Index) * time.Millisecond)
			select {
			case <-t.C:
			case <-s.ctx.Done():
				t.Stop()
			}
			continue
		case -1: // an error
			spec := s.r.Events[ev.Index].Error
			s.failed = &provider.Error{Kind: provider.ParseKind(spec.Kind), Provider: s.provider, Status: spec.Status,
				Message: spec.Message, RetryAfter: time.Duration(spec.RetryAfter * float64(time.Second))}
			return provider.Event{}, s.failed
		case provider.Done:
			s.done = true
		}
		return ev, nil
	}
}

func (s *stream) Close() error {
	s.done = true
	return nil
}
