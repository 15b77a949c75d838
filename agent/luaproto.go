package agent

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/host"
	"panto/runtime"
)

// luaStream is a stream of an extension protocol (register_protocol).
// Its Lua side lives on the owner: open, next, cancel_turn and close run
// there as synchronous entrypoints (a yield fails with the spec's
// must-not-await error), while recv waits on the turn goroutine. next
// returning nil means "nothing yet": the stream waits until the protocol
// calls request.notify().
type luaStream struct {
	o      owner
	ctx    context.Context
	st     *host.State
	proto  *host.Protocol
	key    string         // the durable context string
	stream *runtime.Table // what open returned

	// Owner side.
	queue    []provider.Event
	waiting  func() // the pending attempt, re-run by notify
	notified bool
	finished bool
	closed   bool
	calls    int // tool calls so far, for their indexes
}

// openLua calls the protocol's open(request) on the owner.
func openLua(ctx context.Context, o owner, st *host.State, p *host.Protocol, req *provider.Request, tools []*host.Tool) (*luaStream, error) {
	ls := &luaStream{o: o, ctx: ctx, st: st, proto: p, key: req.ContextKey}
	var err error
	derr := o.do(ctx, func() {
		if !st.Live() {
			err = errOwnerGone
			return
		}
		rt := ls.requestTable(req, tools)
		var res []runtime.Value
		res, err = st.Loop().CallSync(ctx, p.Open, runtime.TableValue(rt))
		if err != nil {
			err = ls.fail("open", err.Error())
			return
		}
		if len(res) == 0 || res[0].AsTable() == nil {
			got := "nothing"
			if len(res) > 0 {
				got = res[0].TypeName()
			}
			err = ls.fail("open", fmt.Sprintf("must return a stream table with next(self), got %s", got))
			return
		}
		ls.stream = res[0].AsTable()
		if !ls.stream.GetStr("next").IsFunction() {
			err = ls.fail("open", "the stream it returned has no next(self) function")
		}
	})
	if derr != nil {
		return nil, derr // open never ran (owner.do)
	}
	return ls, err
}

// fail is a terminal error naming the protocol and where it came from.
func (ls *luaStream) fail(what, msg string) error {
	return &provider.Error{Kind: provider.Terminal, Message: fmt.Sprintf("protocol '%s' (%s): %s: %s", ls.proto.Name, ls.proto.Source, what, firstLine(msg))}
}

// requestTable is open's argument, as the spec lists it.
func (ls *luaStream) requestTable(req *provider.Request, tools []*host.Tool) *runtime.Table {
	t := runtime.NewTable(0, 14)
	t.SetStr("protocol", str(req.Protocol))
	t.SetStr("provider", str(req.Provider))
	t.SetStr("model", str(req.Model))
	t.SetStr("purpose", str(req.Purpose))
	setOpt(t, "effort", req.Effort)
	t.SetStr("context", str(req.ContextKey))
	t.SetStr("system_prompt", str(req.System))
	t.SetStr("history_transcript", str(req.Transcript))
	t.SetStr("messages", messagesToLua(ls.st, req.Messages))
	tt := runtime.NewTable(len(tools), 0)
	for i, tool := range tools {
		e := runtime.NewTable(0, 3)
		e.SetStr("name", str(tool.Name))
		e.SetStr("description", str(tool.Description))
		schema := tool.Schema
		if schema.IsNil() && tool.SchemaJSON != "" {
			// A native tool (an MCP server's) has its schema as JSON only.
			schema, _ = ls.st.JSON().Decode(tool.SchemaJSON)
		}
		e.SetStr("schema", schema)
		tt.SetInt(int64(i+1), runtime.TableValue(e))
	}
	ls.st.JSON().MarkArray(tt)
	t.SetStr("tools", runtime.TableValue(tt))
	switch req.ToolChoice.Mode {
	case "", "auto":
		t.SetStr("tool_choice", str("auto"))
	case "tool":
		c := runtime.NewTable(0, 1)
		c.SetStr("name", str(req.ToolChoice.Name))
		t.SetStr("tool_choice", runtime.TableValue(c))
	default:
		t.SetStr("tool_choice", str(req.ToolChoice.Mode))
	}
	t.SetStr("notify", runtime.NewFunction("notify", func(L *runtime.State) int {
		ls.notify()
		return 0
	}))
	return t
}

// notify runs on the owner, from whatever Lua code calls request.notify.
func (ls *luaStream) notify() {
	if w := ls.waiting; w != nil {
		ls.waiting = nil
		// Run the attempt after the current callback, not inside it: notify
		// may be called from within next itself.
		ls.st.Loop().Post(w)
		return
	}
	ls.notified = true
}

func (ls *luaStream) recv(ctx context.Context) (provider.Event, error) {
	var (
		ev  provider.Event
		err error
	)
	aerr := ls.o.await(ctx, func(signal func()) {
		var attempt func()
		attempt = func() {
			if len(ls.queue) > 0 {
				ev, ls.queue = ls.queue[0], ls.queue[1:]
				signal()
				return
			}
			if ls.finished {
				err = io.EOF
				signal()
				return
			}
			if !ls.st.Live() || ctx.Err() != nil {
				err = errOwnerGone
				if ctx.Err() != nil {
					err = ctx.Err()
				}
				signal()
				return
			}
			ls.notified = false
			evs, ok, nerr := ls.next(ctx)
			switch {
			case nerr != nil:
				ls.finished = true
				err = nerr
				signal()
			case ok:
				ls.queue = append(ls.queue, evs...)
				attempt()
			case ls.notified:
				ls.st.Loop().Post(attempt)
			default:
				ls.waiting = attempt
			}
		}
		attempt()
	})
	if aerr != nil {
		return provider.Event{}, aerr
	}
	return ev, err
}

// next calls stream:next() once and converts what it returned; ok is
// false when it returned nil (nothing ready).
func (ls *luaStream) next(ctx context.Context) ([]provider.Event, bool, error) {
	res, err := ls.st.Loop().CallSync(ctx, ls.stream.GetStr("next"), runtime.TableValue(ls.stream))
	if err != nil {
		return nil, false, ls.fail("next", err.Error())
	}
	if len(res) == 0 || res[0].IsNil() {
		return nil, false, nil
	}
	t := res[0].AsTable()
	if t == nil {
		return nil, false, ls.fail("next", "must return an event table or nil, got "+res[0].TypeName())
	}
	evs, err := ls.event(t)
	return evs, err == nil, err
}

// event converts one stream event table: text_delta, thinking_delta,
// tool_call, done or error.
func (ls *luaStream) event(t *runtime.Table) ([]provider.Event, error) {
	typ := t.GetStr("type")
	field := func(k string) (string, error) {
		v := t.GetStr(k)
		if v.IsNil() {
			return "", nil
		}
		if !v.IsString() {
			return "", ls.fail("next", fmt.Sprintf("%s event: '%s' must be a string, got %s", typ.AsString(), k, v.TypeName()))
		}
		return v.AsString(), nil
	}
	switch typ.AsString() {
	case "text_delta", "thinking_delta":
		text, err := field("text")
		if err != nil {
			return nil, err
		}
		k := provider.TextDelta
		if typ.AsString() == "thinking_delta" {
			k = provider.ThinkingDelta
		}
		return []provider.Event{{Type: k, Text: text}}, nil
	case "tool_call":
		id, err := field("id")
		if err != nil {
			return nil, err
		}
		name, err := field("name")
		if err != nil {
			return nil, err
		}
		if name == "" {
			return nil, ls.fail("next", "tool_call event: 'name' is required")
		}
		in, err := field("input_json")
		if err != nil {
			return nil, err
		}
		ls.calls++
		idx := ls.calls - 1
		if id == "" {
			id = fmt.Sprintf("call_%d", ls.calls)
		}
		return []provider.Event{
			{Type: provider.ToolCallStart, Index: idx, ID: id, Name: name},
			{Type: provider.ToolCallDelta, Index: idx, Text: in},
			{Type: provider.ToolCallEnd, Index: idx},
		}, nil
	case "done":
		u, err := ls.usage(t.GetStr("usage"))
		if err != nil {
			return nil, err
		}
		ls.finished = true
		stop := conv.StopEnd
		if ls.calls > 0 {
			stop = conv.StopToolUse
		}
		return []provider.Event{{Type: provider.Done, Usage: u, StopReason: stop}}, nil
	case "error":
		kind, err := field("kind")
		if err != nil {
			return nil, err
		}
		msg, err := field("message")
		if err != nil {
			return nil, err
		}
		ls.finished = true
		if msg == "" {
			msg = "the protocol reported an error"
		}
		return nil, &provider.Error{Kind: provider.ParseKind(kind), Message: msg}
	}
	return nil, ls.fail("next", fmt.Sprintf("unknown event type %q (expected text_delta, tool_call, done or error)", ls.st.Lua().ToString(typ)))
}

// usage reads a done event's usage: non-negative integers only.
func (ls *luaStream) usage(v runtime.Value) (conv.Usage, error) {
	var u conv.Usage
	if v.IsNil() {
		return u, nil
	}
	t := v.AsTable()
	if t == nil {
		return u, ls.fail("next", "done event: 'usage' must be a table")
	}
	for _, f := range []struct {
		k string
		p *int64
	}{{"input", &u.Input}, {"output", &u.Output}, {"cache_read", &u.CacheRead}, {"cache_write", &u.CacheWrite}, {"reasoning", &u.Reasoning}} {
		x := t.GetStr(f.k)
		if x.IsNil() {
			continue
		}
		n, ok := x.ToInteger()
		if !x.IsNumber() || !ok || n < 0 {
			return u, ls.fail("next", fmt.Sprintf("done event: usage.%s must be a non-negative integer", f.k))
		}
		*f.p = n
	}
	return u, nil
}

// abandon runs cancel_turn when the stream is left unfinished: the
// stream's own cancel_turn, else the registration's (with the context
// string).
func (ls *luaStream) abandon() { ls.o.do(context.WithoutCancel(ls.ctx), ls.abandonOnOwner) }

func (ls *luaStream) abandonOnOwner() {
	if ls.finished || !ls.st.Live() {
		return
	}
	ls.finished = true
	ctx := context.WithoutCancel(ls.ctx)
	if fn := ls.stream.GetStr("cancel_turn"); fn.IsFunction() {
		_, err := ls.st.Loop().CallSync(ctx, fn, runtime.TableValue(ls.stream))
		ls.report("cancel_turn", err)
		return
	}
	if !ls.proto.CancelTurn.IsNil() {
		_, err := ls.st.Loop().CallSync(ctx, ls.proto.CancelTurn, ls.proto.Decl, str(ls.key))
		ls.report("cancel_turn", err)
	}
}

// close runs the stream's close(self), always, once.
func (ls *luaStream) close() { ls.o.do(context.WithoutCancel(ls.ctx), ls.closeOnOwner) }

func (ls *luaStream) closeOnOwner() {
	if ls.closed || !ls.st.Live() {
		return
	}
	ls.closed = true
	if fn := ls.stream.GetStr("close"); fn.IsFunction() {
		_, err := ls.st.Loop().CallSync(context.WithoutCancel(ls.ctx), fn, runtime.TableValue(ls.stream))
		ls.report("close", err)
	}
}

func (ls *luaStream) report(what string, err error) {
	if err != nil {
		ls.st.Host().Report(host.NewProblem(host.StageHandler, sourceFile(ls.proto.Source), "protocol '"+ls.proto.Name+"' "+what, firstLine(err.Error())))
	}
}

// sourceFile is the file of a registration's "file:line" source.
func sourceFile(src string) string {
	if i := strings.LastIndexByte(src, ':'); i > 0 {
		if _, err := strconv.Atoi(src[i+1:]); err == nil {
			return src[:i]
		}
	}
	return src
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
