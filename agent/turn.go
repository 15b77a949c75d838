package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/host"
)

// Result is how a turn ended.
type Result struct {
	// Status is "completed", "failed" or "cancelled".
	Status string
	// Text is the final assistant message's text.
	Text string
	// Err says why a failed turn failed.
	Err error
	// ToolCalls are calls the model made that nobody dispatched (an
	// owned agent or job run without tools): the caller answers them.
	ToolCalls []conv.Block
	// Usage is what this turn's requests used; Requests how many there
	// were.
	Usage    conv.Usage
	Requests int
}

// DefaultMaxRequests bounds the model requests of one turn, which stops
// a model that calls tools forever.
const DefaultMaxRequests = 50

// turn is one run of the turn loop: the user message, then requests
// until the model stops calling tools and no steering is pending, then
// the follow-ups. It runs on its own goroutine (see the package doc).
type turn struct {
	a    *Agent
	s    *Session
	ctx  context.Context
	ev   events
	lane any
	// dispatch runs the model's tool calls; without it they come back in
	// Result.ToolCalls.
	dispatch bool
	purpose  string
	res      Result
	// compactOff stops automatic compaction for the rest of the turn
	// after it failed; cutNoted is set once a request was cut to fit.
	compactOff, cutNoted bool
	// offered is the tool names the last request offered when a bone
	// before_turn tool_filter narrowed them (nil: every allowed tool).
	offered map[string]bool
	// stopHookActive: a Stop hook kept this turn going already;
	// hookStop: a PostToolUse hook answered continue false.
	stopHookActive, hookStop bool
}

// events receives what happens in a turn. For the session agent it also
// fires the host events (the ABI's user_message, turn_start, ...).
type events interface {
	// hostEvents reports whether host events fire (the session agent).
	hostEvents() bool
	// emit delivers an event; for the session agent it is called on the
	// owner, inside the same hand-over that fired the host event.
	emit(e Event)
}

// run runs the turn from the user message in blocks (nil: continue the
// conversation as it stands, as stream:reopen() does).
func (t *turn) run(blocks []conv.Block) Result {
	t.res.Status = "completed"
	a := t.a
	a.mu.Lock()
	a.turns++
	n := a.turns
	a.mu.Unlock()
	if blocks != nil {
		if err := t.userMessage(blocks); err != nil {
			return t.finish(n, err, false)
		}
	}
	t.fire(func(h *host.Host) { h.TurnStart(t.ctx, n) }, Event{Type: "turn_start", Fields: map[string]any{"turn": n}})
	err := t.loop()
	return t.finish(n, err, true)
}

// finish ends the turn: turn_end, a sync of the store and the listing
// summary.
func (t *turn) finish(n int, err error, started bool) Result {
	switch {
	case err == nil:
	case errors.Is(err, context.Canceled) || t.ctx.Err() != nil:
		t.res.Status, t.res.Err = "cancelled", err
	default:
		t.res.Status, t.res.Err = "failed", err
	}
	if started && t.res.Err != nil && t.ev.hostEvents() {
		t.recordEnd()
	}
	if started {
		ctx := context.WithoutCancel(t.ctx)
		endErr := t.res.Err
		if t.res.Status == "cancelled" {
			endErr = errors.New("cancelled")
		}
		f := map[string]any{"turn": n, "ok": endErr == nil}
		if endErr != nil {
			f["error"] = endErr.Error()
		}
		t.fireCtx(ctx, func(h *host.Host) { h.TurnEnd(ctx, n, endErr) }, Event{Type: "turn_end", Fields: f})
	}
	t.a.sync()
	return t.res
}

// recordEnd keeps in the session how a turn that did not complete
// ended, so a resumed session shows its error or its cancel as the live
// one did: an assistant message without content, its stop reason error
// (with the error) or cancelled, as pi records a failed turn. Requests
// leave such messages out (sendable). A turn whose last message already
// says it (a stream that failed after some text) gets no second one.
func (t *turn) recordEnd() {
	m := conv.Message{Role: conv.Assistant, StopReason: conv.StopError, Error: t.res.Err.Error(), Time: time.Now()}
	if t.res.Status == "cancelled" {
		m.StopReason, m.Error = conv.StopCancelled, ""
	}
	t.a.mu.Lock()
	ms := t.a.conv.Messages
	var last *conv.Message
	if len(ms) > 0 {
		last = &ms[len(ms)-1]
	}
	t.a.mu.Unlock()
	if last != nil && last.Role == conv.Assistant && last.StopReason == m.StopReason {
		return
	}
	t.a.appendMessage(m)
}

// fire runs f on the owner with the host (session agent only) and emits
// e; for other agents it only emits e.
func (t *turn) fire(f func(h *host.Host), e Event) { t.fireCtx(t.ctx, f, e) }

func (t *turn) fireCtx(ctx context.Context, f func(h *host.Host), e Event) {
	if !t.ev.hostEvents() {
		if e.Type != "" {
			t.ev.emit(e)
		}
		return
	}
	t.s.owner.do(ctx, func() {
		if f != nil && t.s.host.State() != nil {
			f(t.s.host)
		}
		if e.Type != "" {
			t.ev.emit(e)
		}
	})
}

// userMessage fires user_message (its text writable), then persists the
// message with the text handlers left.
func (t *turn) userMessage(blocks []conv.Block) error {
	// What @path mentions attached follows the typed text; handlers see
	// and rewrite the typed text only.
	blocks, attached := splitAttached(blocks)
	text := blocksText(blocks)
	final := text
	var block *host.Block
	if t.ev.hostEvents() {
		err := t.s.owner.do(t.ctx, func() {
			if t.s.host.State() == nil {
				return
			}
			final, block = t.s.host.UserMessage(t.ctx, text)
			t.ev.emit(Event{Type: "user_message", Fields: userFields(final, attached), Block: block})
		})
		if err != nil {
			return err
		}
	} else {
		t.ev.emit(Event{Type: "user_message", Fields: map[string]any{"text": final}})
	}
	if final != text {
		blocks = replaceText(blocks, final)
	}
	blocks = append(blocks, attached...)
	if t.ev.hostEvents() {
		if start := t.s.takeStartContext(); len(start) > 0 {
			blocks = append(blocks, hookContext("session-start", start))
		}
		if t.s.hooks.Has("UserPromptSubmit") {
			extra, err := t.userPromptSubmit(final)
			if err != nil {
				return err
			}
			if len(extra) > 0 {
				blocks = append(blocks, hookContext("user-prompt-submit", extra))
			}
		}
	}
	_, err := t.a.appendMessage(conv.Message{Role: conv.User, Blocks: blocks, Time: time.Now()})
	return err
}

// blocksText is the text of a message's text blocks, joined.
func blocksText(blocks []conv.Block) string {
	m := conv.Message{Blocks: blocks}
	return m.Text()
}

// replaceText puts text in place of the text blocks (images and other
// blocks stay, after it).
func replaceText(blocks []conv.Block, text string) []conv.Block {
	out := []conv.Block{conv.TextBlock(text)}
	for _, b := range blocks {
		if b.Type != conv.Text {
			out = append(out, b)
		}
	}
	return out
}

// loop sends requests until the model stops calling tools and nothing is
// queued, bounded by the agent's request limit.
func (t *turn) loop() error {
	a := t.a
	limit := a.requestLimit()
	compacted := false
	for {
		if t.res.Requests >= limit {
			return fmt.Errorf("the turn stopped after %d model requests (the limit is max_requests = %d): the model kept calling tools", t.res.Requests, limit)
		}
		if err := t.ctx.Err(); err != nil {
			return err
		}
		if !t.compactOff {
			if err := t.s.maybeCompact(t.ctx, a, t.ev); err != nil {
				if t.ctx.Err() != nil {
					return t.ctx.Err()
				}
				// Not again this turn; the request is cut to fit instead.
				t.compactOff = true
				if a.compactFailed(err) {
					t.notice("compaction", "automatic compaction failed: "+err.Error())
				}
			}
		}
		t.res.Requests++
		msg, calls, err := t.request()
		var pe *provider.Error
		if errors.As(err, &pe) && pe.Kind == provider.ContextOverflow && !compacted {
			// The estimate was low: raise it, compact, and retry once (a
			// request that still cannot be compacted is cut to fit).
			compacted = true
			a.overflowed()
			t.notice("compaction", "the context window was exceeded; compacting and retrying")
			if cerr := t.s.compact(t.ctx, a, "", t.ev); cerr != nil && !errors.Is(cerr, errNothingToCompact) {
				return fmt.Errorf("%v (compaction failed: %v)", err, cerr)
			}
			continue
		}
		if msg != nil {
			t.res.Text = msg.Text()
		}
		if err != nil {
			return err
		}
		if len(calls) > 0 {
			if !t.dispatch {
				t.res.ToolCalls = msg.ToolCalls()
				return nil
			}
			if err := t.runTools(msg.ID, calls); err != nil {
				return err
			}
			if t.hookStop {
				return nil
			}
		}
		steering := a.takeSteering()
		for _, s := range steering {
			if err := t.userMessage(s.blocks); err != nil {
				return err
			}
		}
		if len(calls) == 0 && len(steering) == 0 {
			if t.stopHook() {
				continue
			}
			return nil
		}
	}
}

func (a *Agent) requestLimit() int {
	if a.maxRequests > 0 {
		return a.maxRequests
	}
	if m := a.Model(); m != nil && m.Config.MaxRequests > 0 {
		return m.Config.MaxRequests
	}
	if a.sess != nil && a.sess.opts.MaxRequests > 0 {
		return a.sess.opts.MaxRequests
	}
	return DefaultMaxRequests
}

// notice tells observers about something that is not an ABI event
// (a retry, a compaction).
// retryReason is what a retry notice says failed, short enough for a
// status line: the HTTP status when there was one ("HTTP 500"), else
// the kind of failure ("rate limit", "transport").
func retryReason(pe *provider.Error) string {
	switch {
	case pe == nil:
		return "an error"
	case pe.Status != 0:
		return fmt.Sprintf("HTTP %d", pe.Status)
	}
	return strings.ReplaceAll(string(pe.Kind), "_", " ")
}

func (t *turn) notice(kind, msg string) {
	t.fire(nil, Event{Type: "notice", Fields: map[string]any{"kind": kind, "message": msg}})
}

// buildRequest assembles the next request from the conversation.
func (t *turn) buildRequest() (*provider.Request, []*host.Tool, error) {
	a := t.a
	m := a.Model()
	if m == nil {
		return nil, nil, errors.New("no model is configured for this agent")
	}
	// The model should see the tools of MCP servers that are still
	// connecting; each server's startup timeout bounds the wait.
	t.s.mcp.WaitStarted(t.ctx)
	tools, err := t.s.toolsFor(t.ctx, a)
	if err != nil {
		return nil, nil, err
	}
	a.mu.Lock()
	active := sendable(a.conv.Active())
	a.mu.Unlock()
	req, err := t.s.baseRequest(t.ctx, m)
	if err != nil {
		return nil, nil, err
	}
	req.Purpose, req.Effort, req.ContextKey = t.purpose, m.Reasoning, a.contextKey()
	req.System, req.Messages, req.ToolChoice = a.systemPrompt(), active, m.ToolChoice
	if a.borrowed {
		// The session agent's model also reads what its MCP servers ask
		// it to know.
		if instr := t.s.mcp.Instructions(); instr != "" {
			req.System = strings.TrimRight(req.System, "\n") + "\n\n" + instr
		}
	}
	for _, tool := range tools {
		req.Tools = append(req.Tools, provider.Tool{Name: tool.Name, Description: tool.Description, Schema: []byte(tool.SchemaJSON)})
	}
	tools = t.beforeRequest(req, tools)
	over := overheadTokens(req)
	a.mu.Lock()
	a.overhead = over
	a.mu.Unlock()
	// Never more than the window allows: when compaction could not make
	// room (one huge tool result), the longest texts are cut.
	b := budgetFor(m)
	if n := fitRequest(req, b.limit(), a.scaleNow()); n > 0 && !t.cutNoted {
		t.cutNoted = true
		t.notice("context", fmt.Sprintf("%d long text(s) cut in the request to fit the model's %d-token context window (the session keeps them whole)", n, b.window))
	}
	return req, tools, nil
}

// sendable drops what a provider cannot take: assistant messages that
// failed before producing anything.
func sendable(ms []conv.Message) []conv.Message {
	out := ms[:0:0]
	for _, m := range ms {
		if m.Role == conv.Assistant && len(m.Blocks) == 0 {
			continue
		}
		out = append(out, m)
	}
	return out
}

// request sends one request (retrying what the provider says may
// succeed later) and reads its stream into an assistant message, which
// is persisted before its tools run. calls are the message's tool calls
// as the loop will dispatch them.
func (t *turn) request() (*conv.Message, []*pendingCall, error) {
	backoff := t.s.backoff()
	for attempt := 1; ; attempt++ {
		req, tools, err := t.buildRequest()
		if err != nil {
			return nil, nil, err
		}
		r := &reader{t: t, req: req}
		msg, calls, err := r.read(tools)
		pe := provider.AsError(err)
		if pe != nil && pe.Provider == "" {
			pe.Provider = req.Provider
		}
		if err != nil && !r.streamed && t.ctx.Err() == nil {
			if d, ok := backoff.Delay(attempt, pe); ok {
				t.fire(nil, Event{Type: "notice", Fields: map[string]any{"kind": "retry",
					"message": fmt.Sprintf("%v; retrying in %s (attempt %d of %d)", err, d.Round(100*time.Millisecond), attempt, backoff.Attempts),
					"retry":   attempt, "retries": backoff.Attempts, "reason": retryReason(pe)}})
				select {
				case <-time.After(d):
					continue
				case <-t.ctx.Done():
					return nil, nil, t.ctx.Err()
				}
			}
		}
		if msg != nil {
			stored, aerr := t.a.appendMessage(*msg)
			if aerr != nil && err == nil {
				err = aerr
			}
			msg = &stored
			if u := msg.Usage; u != nil {
				t.res.Usage.Add(*u)
				t.a.recordUsage(*msg)
				t.a.calibrate(u.Input+u.CacheRead+u.CacheWrite, requestTokens(req))
			}
			f := map[string]any{"stop_reason": string(msg.StopReason), "model": msg.Model}
			if msg.Usage != nil {
				f["usage"] = *msg.Usage
			}
			if msg.Error != "" {
				f["error"] = msg.Error
			}
			t.fire(nil, Event{Type: "assistant_message", Fields: f})
		}
		return msg, calls, err
	}
}

func (a *Agent) recordUsage(msg conv.Message) {
	u := *msg.Usage
	a.mu.Lock()
	defer a.mu.Unlock()
	a.usage.Add(u)
	if a.costs == nil {
		a.costs = costLedger{}
	}
	a.costs.add(msg)
	if c := u.Context(); c > 0 {
		a.lastCtx = c
	}
}

// pendingCall is a tool call read from the stream, with its host call.
type pendingCall struct {
	id, name string
	args     strings.Builder
	block    int // index in the message's blocks
	tc       *host.ToolCall
	invalid  string // why it cannot run (arguments that are not an object)
	complete bool
	input    string // the final input as JSON, once complete
	denied   string // why the permission decision stopped it ("" runs)
}

// reader reads one stream into an assistant message.
type reader struct {
	t        *turn
	req      *provider.Request
	msg      conv.Message
	calls    []*pendingCall
	byIndex  map[int]*pendingCall
	text     *host.TextStream
	thinking *host.TextStream
	streamed bool // an event reached observers: no silent retry now
	done     map[int]bool
	// acc holds the text of the open text or thinking block, the last
	// of msg.Blocks, whose Text is acc.String() after each delta:
	// appending to a string would copy the whole text for every delta,
	// quadratic in the answer's length.
	acc      strings.Builder
	accBlock int // the index of the block acc holds, plus one (0: none)
}

// appendText adds a delta to the text of the last block.
func (r *reader) appendText(delta string) {
	i := len(r.msg.Blocks) - 1
	b := &r.msg.Blocks[i]
	if r.accBlock != i+1 {
		r.acc = strings.Builder{}
		r.acc.WriteString(b.Text)
		r.accBlock = i + 1
	}
	// Grow doubles the buffer when it is full; WriteString alone grows
	// a large one by a quarter, copying the whole text about four times
	// as often and leaving that much more garbage behind.
	r.acc.Grow(len(delta))
	r.acc.WriteString(delta)
	b.Text = r.acc.String()
}

func (r *reader) read(tools []*host.Tool) (*conv.Message, []*pendingCall, error) {
	t := r.t
	m := t.a.Model()
	r.msg = conv.Message{Role: conv.Assistant, API: m.API(), Provider: m.Provider, Model: m.ID, Time: time.Now()}
	r.byIndex = map[int]*pendingCall{}
	// The transcript costs the whole history's text: only extension
	// protocols get it (open's history_transcript), so it is made only
	// for them.
	r.req.TranscriptFunc = func() string {
		t.a.mu.Lock()
		defer t.a.mu.Unlock()
		return t.a.conv.Transcript()
	}
	st, err := t.s.open(t.ctx, r.req, tools)
	if err != nil {
		return nil, nil, err
	}
	defer st.close()
	for {
		ev, err := st.recv(t.ctx)
		if errors.Is(err, io.EOF) {
			err = errors.New("the stream ended without a done event")
			if r.msg.StopReason != "" {
				err = nil
			}
		}
		if err != nil {
			st.abandon()
			r.closeBlocks()
			return r.failed(err), nil, err
		}
		if ev.Type == provider.Done {
			r.closeBlocks()
			r.completeCalls()
			u := ev.Usage
			priceUsage(m, &u)
			r.msg.Usage = &u
			r.msg.StopReason = ev.StopReason
			if r.msg.StopReason == "" {
				r.msg.StopReason = conv.StopEnd
			}
			if len(r.calls) > 0 {
				r.msg.StopReason = conv.StopToolUse
			}
			return &r.msg, r.calls, nil
		}
		r.handle(ev)
	}
}

// failed is what is kept of a message whose stream failed or was
// cancelled: its text and thinking, not its tool calls (a call without
// a result would make the next request invalid).
func (r *reader) failed(err error) *conv.Message {
	var kept []conv.Block
	for _, b := range r.msg.Blocks {
		if b.Type != conv.ToolCall {
			kept = append(kept, b)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	r.msg.Blocks = kept
	r.msg.StopReason = conv.StopError
	r.msg.Error = err.Error()
	if r.t.ctx.Err() != nil {
		r.msg.StopReason = conv.StopCancelled
		r.msg.Error = ""
	}
	for _, c := range r.calls {
		if c.tc != nil {
			tc := c.tc
			r.t.s.owner.do(context.WithoutCancel(r.t.ctx), func() { tc.Fail("the model's response was cut off before this call completed") })
		}
	}
	return &r.msg
}

// handle applies one event to the message and fires its host events.
func (r *reader) handle(ev provider.Event) {
	t := r.t
	blocks := &r.msg.Blocks
	last := func() *conv.Block {
		if len(*blocks) == 0 {
			return nil
		}
		return &(*blocks)[len(*blocks)-1]
	}
	r.streamed = true
	switch ev.Type {
	case provider.TextDelta:
		if l := last(); l == nil || l.Type != conv.Text {
			r.closeThinking()
			*blocks = append(*blocks, conv.TextBlock(""))
		}
		r.appendText(ev.Text)
		r.textEvent("assistant_text", &r.text, ev.Text, last().Text)
	case provider.ThinkingDelta:
		// A new reasoning block starts unless the last one is still empty:
		// a protocol announces a block before its text, and an OpenAI
		// reasoning item without a summary has only its id and content.
		if l := last(); l == nil || l.Type != conv.Thinking || ev.NewBlock && (l.Text != "" || l.Signature != "" || l.ID != "" || l.Data != "") {
			r.closeText()
			r.closeThinking()
			*blocks = append(*blocks, conv.Block{Type: conv.Thinking})
		}
		r.appendText(ev.Text)
		r.textEvent("thinking", &r.thinking, ev.Text, last().Text)
	case provider.ThinkingSignature:
		if l := last(); l != nil && l.Type == conv.Thinking {
			l.Signature, l.Data = ev.Signature, ev.Data
			if ev.ID != "" {
				l.ID = ev.ID
			}
		} else {
			*blocks = append(*blocks, conv.Block{Type: conv.Thinking, Signature: ev.Signature, Data: ev.Data, ID: ev.ID})
		}
		r.closeThinking()
	case provider.RedactedThinking:
		r.closeText()
		r.closeThinking()
		*blocks = append(*blocks, conv.Block{Type: conv.Thinking, Redacted: true, Data: ev.Data})
	case provider.ToolCallStart:
		r.closeText()
		r.closeThinking()
		c := &pendingCall{id: ev.ID, name: ev.Name, block: len(*blocks)}
		*blocks = append(*blocks, conv.Block{Type: conv.ToolCall, ID: ev.ID, Name: ev.Name})
		r.calls = append(r.calls, c)
		r.byIndex[ev.Index] = c
		index := len(r.calls)
		t.s.owner.do(t.ctx, func() {
			if t.s.dropCallStart != nil && t.s.dropCallStart(c.id) {
				return // a test's stand-in for a start a cancel dropped
			}
			h := t.s.host
			if h.State() == nil {
				return
			}
			if t.ev.hostEvents() {
				c.tc = h.BeginToolCall(t.ctx, index)
				t.ev.emit(Event{Type: "tool", Fields: map[string]any{"index": index}, Call: c.tc})
			} else {
				c.tc = h.BeginQuietToolCall(index)
			}
			c.tc.Details(t.ctx, c.name, c.id)
			if t.ev.hostEvents() {
				t.ev.emit(Event{Type: "tool_details", Fields: map[string]any{"index": index, "tool_name": c.name, "id": c.id}, Call: c.tc})
			}
		})
		if !t.ev.hostEvents() {
			t.ev.emit(Event{Type: "tool", Fields: map[string]any{"index": index}})
			t.ev.emit(Event{Type: "tool_details", Fields: map[string]any{"index": index, "tool_name": c.name, "id": c.id}})
		}
	case provider.ToolCallDelta:
		c := r.byIndex[ev.Index]
		if c == nil {
			return
		}
		c.args.WriteString(ev.Text)
		if c.tc != nil {
			tc, text := c.tc, c.args.String()
			t.fire(func(*host.Host) { tc.ArgumentDelta(t.ctx, ev.Text) },
				Event{Type: "tool_delta", Fields: map[string]any{"index": tc.Index, "tool_name": c.name, "id": c.id, "delta": ev.Text, "input": text}, Call: tc})
			if !t.ev.hostEvents() {
				t.s.owner.do(t.ctx, func() { tc.ArgumentDelta(t.ctx, ev.Text) })
			}
		}
	case provider.ToolCallEnd:
		if c := r.byIndex[ev.Index]; c != nil {
			r.completeCall(c)
		}
	}
}

// completeCalls completes the calls a protocol did not end explicitly.
func (r *reader) completeCalls() {
	for _, c := range r.calls {
		r.completeCall(c)
	}
}

// completeCall fires tool_call_complete, whose handlers may rewrite the
// input; the message keeps the input the tool will receive.
func (r *reader) completeCall(c *pendingCall) {
	if c.complete {
		return
	}
	c.complete = true
	t := r.t
	args := c.args.String()
	final := args
	t.s.owner.do(t.ctx, func() {
		if c.tc == nil || t.s.host.State() == nil {
			return
		}
		if err := c.tc.Complete(t.ctx); err != nil {
			c.invalid = fmt.Sprintf("invalid input for tool '%s': %v", c.name, err)
			return
		}
		if enc, err := t.s.host.State().JSON().Encode(c.tc.Input); err == nil {
			if enc == "[]" {
				enc = "{}"
			}
			final = enc
		}
		e := Event{Type: "tool_call_complete", Fields: map[string]any{"index": c.tc.Index, "tool_name": c.name, "id": c.id, "input": rawJSON(final)}, Call: c.tc}
		if t.ev.hostEvents() {
			t.ev.emit(e)
		}
	})
	if !t.ev.hostEvents() {
		t.ev.emit(Event{Type: "tool_call_complete", Fields: map[string]any{"tool_name": c.name, "id": c.id, "input": rawJSON(final)}})
	}
	if final == "" {
		final = "{}"
	}
	c.input = final
	r.msg.Blocks[c.block].Arguments = final
}

// textEvent fires <kind>_delta, starting the block on its first chunk;
// whole is the block's text so far, which the host shares rather than
// keeping a copy of its own.
func (r *reader) textEvent(kind string, s **host.TextStream, delta, whole string) {
	t := r.t
	if !t.ev.hostEvents() {
		t.ev.emit(Event{Type: kind + "_delta", Fields: map[string]any{"delta": delta}})
		return
	}
	t.s.owner.do(t.ctx, func() {
		if t.s.host.State() == nil {
			return
		}
		if *s == nil {
			if kind == "thinking" {
				*s = t.s.host.BeginThinking()
			} else {
				*s = t.s.host.BeginAssistantText()
			}
		}
		(*s).DeltaOf(t.ctx, delta, whole)
		t.ev.emit(Event{Type: kind + "_delta", Fields: map[string]any{"delta": delta, "text": (*s).Text}, Block: (*s).Block})
	})
}

func (r *reader) closeText()     { r.closeStream("assistant_text", &r.text) }
func (r *reader) closeThinking() { r.closeStream("thinking", &r.thinking) }

func (r *reader) closeBlocks() {
	r.closeText()
	r.closeThinking()
}

// closeStream fires <kind>_complete for an open block.
func (r *reader) closeStream(kind string, s **host.TextStream) {
	t := r.t
	if *s == nil {
		if !t.ev.hostEvents() {
			// Owned agents see one complete event per block too.
			for i := len(r.msg.Blocks) - 1; i >= 0; i-- {
				b := r.msg.Blocks[i]
				if (kind == "thinking" && b.Type == conv.Thinking) || (kind == "assistant_text" && b.Type == conv.Text) {
					if !r.closedBlock(i) {
						t.ev.emit(Event{Type: kind + "_complete", Fields: map[string]any{"text": b.Text}})
					}
					break
				}
			}
		}
		return
	}
	ts := *s
	*s = nil
	ctx := context.WithoutCancel(t.ctx)
	t.s.owner.do(ctx, func() {
		if t.s.host.State() == nil {
			return
		}
		ts.Complete(ctx)
		t.ev.emit(Event{Type: kind + "_complete", Fields: map[string]any{"text": ts.Text}, Block: ts.Block})
	})
}

// closedBlock remembers which blocks had their complete event (owned
// agents, which have no TextStream to tell).
func (r *reader) closedBlock(i int) bool {
	if r.done == nil {
		r.done = map[int]bool{}
	}
	if r.done[i] {
		return true
	}
	r.done[i] = true
	return false
}
