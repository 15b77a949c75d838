package agent

import (
	"context"
	"fmt"
	"sync"

	"panto/agent/conv"
	"panto/agent/store"
	"panto/host"
	"panto/runtime"
)

// luaAgent is an agent userdata: an owned agent, or panto.ext.agent,
// the borrowed session agent, which resolves its lane at every call (a
// tool running for an owned agent sees that agent).
type luaAgent struct {
	borrowed bool
	a        *Agent
}

// target is the agent a call on la acts on.
func (b *bindings) target(la *luaAgent) *Agent {
	if !la.borrowed {
		return la.a
	}
	if lane, ok := b.st.Loop().Tag().(*Agent); ok && lane != nil {
		return lane
	}
	return b.s.agent
}

func (b *bindings) checkAgent(L *runtime.State) *luaAgent {
	return checkUD[*luaAgent](L, 1, b.agentMT, "panto.agent")
}

func (b *bindings) agentToString(L *runtime.State) int {
	la := b.checkAgent(L)
	if la.borrowed {
		L.PushString("panto.ext.agent")
	} else {
		L.PushString("panto.agent: " + la.a.lane)
	}
	return 1
}

// newAgent is panto.agent { config?, store?, system_prompt?, tools?,
// max_requests?, conversation? }.
func (b *bindings) newAgent(L *runtime.State) int {
	const fn = "agent"
	t := optTable(L, 1)
	s := b.s
	s.mu.Lock()
	s.lanes++
	lane := fmt.Sprintf("agent-%d", s.lanes)
	s.mu.Unlock()
	a := &Agent{sess: s, lane: lane, conv: &conv.Conversation{}, local: map[string]*host.Tool{}}
	if cfg := t.GetStr("config"); !cfg.IsNil() {
		a.model = modelFromConfig(L, cfg, fn)
	} else {
		a.model = s.agent.Model()
	}
	switch sv := t.GetStr("store"); {
	case sv.IsNil():
		a.rec, _ = store.NullStore{}.Create(s.cwd, "")
	case sv.AsUserdata() != nil && sv.AsUserdata().Metatable() == b.storeMT:
		ls := sv.AsUserdata().Value.(*luaStore)
		rec, err := ls.st.Create(s.cwd, s.ID())
		if err != nil {
			L.Errorf("%s: store: %v", fn, err)
		}
		a.rec = rec
	case sv.AsTable() != nil:
		a.rec = b.newLuaRecorder(L, sv.AsTable())
	default:
		L.Errorf("%s: 'store' must be panto.null_store(), panto.file_system_jsonl_store { ... } or a table with append, got %s", fn, sv.TypeName())
	}
	a.system = stringField(L, t, fn, "system_prompt")
	if tv := t.GetStr("tools"); !tv.IsNil() {
		a.toolNames = b.toolList(L, tv, fn)
	}
	if n, ok := intField(L, t, fn, "max_requests"); ok {
		a.maxRequests = int(n)
	}
	if cv := t.GetStr("conversation"); !cv.IsNil() {
		ud := cv.AsUserdata()
		if ud == nil || ud.Metatable() != b.convMT {
			L.Errorf("%s: 'conversation' must be a panto.conversation, got %s", fn, cv.TypeName())
		}
		var ms []conv.Message
		ud.Value.(*luaConv).view(func(c *conv.Conversation) { ms = c.Snapshot() })
		for _, m := range ms {
			m.ID, m.ParentID = "", ""
			if _, err := a.appendMessage(m); err != nil {
				L.Errorf("%s: %v", fn, err)
			}
		}
	}
	L.Push(runtime.UserdataValue(runtime.NewUserdata(&luaAgent{a: a}, b.agentMT)))
	return 1
}

// toolList reads an array of registered tool names.
func (b *bindings) toolList(L *runtime.State, v runtime.Value, fn string) []string {
	t := v.AsTable()
	if t == nil {
		L.Errorf("%s: tools must be an array of tool names, got %s", fn, v.TypeName())
	}
	var names []string
	for i := int64(1); i <= t.Len(); i++ {
		n := t.GetInt(i)
		if !n.IsString() {
			L.Errorf("%s: tool %d must be a name (a string), got %s", fn, i, n.TypeName())
		}
		if b.s.host.Tool(n.AsString()) == nil {
			var known []string
			for _, tool := range b.s.host.Tools() {
				known = append(known, tool.Name)
			}
			L.Errorf("%s: no tool named '%s' is registered (registered: %s)", fn, n.AsString(), listOrNone(known))
		}
		names = append(names, n.AsString())
	}
	return names
}

// owned refuses what only an owned agent can do.
func (b *bindings) owned(L *runtime.State, la *luaAgent, method, instead string) *Agent {
	if la.borrowed {
		L.Errorf("%s is not available on panto.ext.agent (the borrowed session agent)%s", method, instead)
	}
	return la.a
}

// idle refuses agent operations while a job is live.
func idle(L *runtime.State, a *Agent, method string) {
	a.mu.Lock()
	live := a.job != nil && !a.job.settled()
	a.mu.Unlock()
	if live {
		L.Errorf("%s: the agent has a live job; wait for its result or close it first", method)
	}
}

func (b *bindings) agentMethods() map[string]func(*runtime.State) int {
	return map[string]func(*runtime.State) int{
		"run":       b.agentRun,
		"run_async": b.agentRunAsync,
		"submit":    b.agentSubmit,
		"register_tool": func(L *runtime.State) int {
			a := b.owned(L, b.checkAgent(L), "register_tool", "; use panto.ext.register_tool")
			idle(L, a, "register_tool")
			tool := b.st.DeclareTool(L, L.CheckTable(2), "register_tool")
			a.mu.Lock()
			defer a.mu.Unlock()
			if a.local[tool.Name] != nil {
				L.Errorf("register_tool: duplicate tool name '%s': registered by %s and again by %s", tool.Name, a.local[tool.Name].Source, tool.Source)
			}
			a.local[tool.Name] = tool
			a.localList = append(a.localList, tool.Name)
			return 0
		},
		"tools": func(L *runtime.State) int {
			a := b.target(b.checkAgent(L))
			L.Push(stringArray(b, b.s.toolNamesOf(a)))
			return 1
		},
		"set_tools": func(L *runtime.State) int {
			a := b.owned(L, b.checkAgent(L), "set_tools", "; it offers every registered tool")
			idle(L, a, "set_tools")
			names := b.toolList(L, L.CheckAny(2), "set_tools")
			a.mu.Lock()
			a.toolNames = names
			a.mu.Unlock()
			return 0
		},
		"set_config": func(L *runtime.State) int {
			la := b.checkAgent(L)
			a := b.target(la)
			idle(L, a, "set_config")
			m := modelFromConfig(L, L.CheckAny(2), "set_config")
			if a.Running() {
				L.Errorf("set_config: the agent's turn is running")
			}
			a.mu.Lock()
			a.model = m
			a.mu.Unlock()
			if a.borrowed {
				b.s.host.SetSession(b.s.info())
				a.recordModel()
			}
			return 0
		},
		"system_prompt": func(L *runtime.State) int {
			L.PushString(b.target(b.checkAgent(L)).systemPrompt())
			return 1
		},
		"set_system_prompt": func(L *runtime.State) int {
			a := b.target(b.checkAgent(L))
			idle(L, a, "set_system_prompt")
			s := L.CheckString(2)
			a.mu.Lock()
			a.system = s
			a.mu.Unlock()
			return 0
		},
		"compact": b.agentCompact,
		"compaction": func(L *runtime.State) int {
			a := b.target(b.checkAgent(L))
			a.mu.Lock()
			defer a.mu.Unlock()
			k := a.conv.LastCompaction()
			if k < 0 {
				L.Push(runtime.Nil)
				return 1
			}
			m := a.conv.Messages[k]
			t := runtime.NewTable(0, 3)
			t.SetStr("summary", str(m.Text()))
			t.SetStr("tokens_before", runtime.Int(m.TokensBefore))
			setOpt(t, "first_kept", m.FirstKept)
			L.Push(runtime.TableValue(t))
			return 1
		},
		"session_id": func(L *runtime.State) int {
			L.PushString(b.target(b.checkAgent(L)).SessionID())
			return 1
		},
		"conversation": func(L *runtime.State) int {
			L.Push(b.convValue(&luaConv{a: b.target(b.checkAgent(L))}))
			return 1
		},
		"set_message_metadata": func(L *runtime.State) int {
			a := b.target(b.checkAgent(L))
			idle(L, a, "set_message_metadata")
			i := L.CheckInteger(2)
			md := b.metadataArg(L, 3, "set_message_metadata")
			if err := a.setMetadata(int(i), md); err != nil {
				L.Errorf("set_message_metadata: %v", err)
			}
			return 0
		},
		"cancel": func(L *runtime.State) int {
			b.target(b.checkAgent(L)).Cancel()
			return 0
		},
		"set_todos": func(L *runtime.State) int {
			a := b.target(b.checkAgent(L))
			list, err := todosFromLua(L.CheckAny(2), "set_todos")
			if err != nil {
				L.Errorf("%v", err)
			}
			if err := b.s.setTodos(a, list); err != nil {
				L.Errorf("set_todos: %v", err)
			}
			return 0
		},
		"todos": func(L *runtime.State) int {
			L.Push(b.todosToLua(b.target(b.checkAgent(L)).Todos()))
			return 1
		},
		"usage": func(L *runtime.State) int {
			u, last := b.target(b.checkAgent(L)).Usage()
			t := usageToLua(u).AsTable()
			t.SetStr("context", runtime.Int(last))
			L.Push(runtime.TableValue(t))
			return 1
		},
	}
}

func stringArray(b *bindings, items []string) runtime.Value {
	t := runtime.NewTable(len(items), 0)
	for i, s := range items {
		t.SetInt(int64(i+1), str(s))
	}
	b.st.JSON().MarkArray(t)
	return runtime.TableValue(t)
}

// setMetadata is the durable agent:set_message_metadata: the live
// message changes and a panto_metadata entry records it.
func (a *Agent) setMetadata(i int, md []byte) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if i < 1 || i > a.conv.Len() {
		return fmt.Errorf("message index %d out of range (the conversation has %d)", i, a.conv.Len())
	}
	m := &a.conv.Messages[i-1]
	m.Metadata = md
	if a.rec == nil || m.ID == "" {
		return nil
	}
	return a.rec.Append(&store.Entry{Type: store.TypePantoMetadata, TargetID: m.ID, Metadata: md})
}

// agentSubmit is panto.ext.agent:submit(content, { followup = bool }).
func (b *bindings) agentSubmit(L *runtime.State) int {
	la := b.checkAgent(L)
	if !la.borrowed {
		L.Errorf("submit is available only on panto.ext.agent, not on an owned agent (use run or run_async)")
	}
	blocks, err := contentFromLua(b.st, L.CheckAny(2), "submit")
	if err != nil {
		L.Errorf("%v", err)
	}
	followup := optTable(L, 3).GetStr("followup").Truthy()
	a := b.target(la)
	a.Submit(blocks, followup)
	// The host submission notifier: the custom event extensions may
	// listen to, and the input path (UI, rpc) that delivers the message.
	b.s.host.Emit(b.st.Context(), "agent_submission")
	b.s.emit(Event{Type: "submission", Fields: map[string]any{"text": blocksText(blocks), "followup": followup}})
	return 0
}

// runStream is what agent:run returns: the events of an owned agent's
// turn, read with next() (which awaits), and its result.
type runStream struct {
	b *bindings
	a *Agent

	mu     sync.Mutex
	events []Event
	result *Result
	signal chan struct{} // one pending wake-up for a waiting next()
}

type streamEvents struct{ rs *runStream }

func (e streamEvents) hostEvents() bool { return false }
func (e streamEvents) emit(ev Event) {
	e.rs.mu.Lock()
	e.rs.events = append(e.rs.events, ev)
	e.rs.mu.Unlock()
	e.rs.poke()
}

func (rs *runStream) poke() {
	select {
	case rs.signal <- struct{}{}:
	default:
	}
}

// start runs a turn of the owned agent on its own goroutine.
func (rs *runStream) start(blocks []conv.Block) error {
	a := rs.a
	ctx, err := a.begin(rs.b.s.rootContext())
	if err != nil {
		return err
	}
	rs.mu.Lock()
	rs.result = nil
	rs.mu.Unlock()
	go func() {
		t := &turn{a: a, s: rs.b.s, ctx: ctx, ev: streamEvents{rs}, lane: a, dispatch: rs.b.s.hasTools(a), purpose: "agent"}
		res := t.run(blocks)
		a.end()
		rs.mu.Lock()
		rs.result = &res
		rs.events = append(rs.events, Event{Type: "done", Fields: resultFields(res)})
		rs.mu.Unlock()
		rs.poke()
	}()
	return nil
}

// resultFields are a result as event fields (the stream's last event).
func resultFields(r Result) map[string]any {
	f := map[string]any{"status": r.Status, "usage": r.Usage, "requests": r.Requests}
	if r.Text != "" {
		f["text"] = r.Text
	}
	if r.Err != nil {
		f["error"] = r.Err.Error()
	}
	if len(r.ToolCalls) > 0 {
		f["tool_calls"] = r.ToolCalls
	}
	return f
}

// hasTools reports whether an agent dispatches tool calls at all; an
// agent without tools hands them back to its caller.
func (s *Session) hasTools(a *Agent) bool {
	if a.borrowed {
		return true
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.local) > 0 || len(a.toolNames) > 0
}

func (b *bindings) agentRun(L *runtime.State) int {
	la := b.checkAgent(L)
	a := b.owned(L, la, "run", "; use submit to give the session agent a message")
	idle(L, a, "run")
	blocks, t := b.input(L, 2, "run")
	if t != nil {
		if md := t.GetStr("metadata"); !md.IsNil() {
			enc, err := b.st.JSON().Encode(md)
			if err != nil {
				L.Errorf("run: metadata must encode as JSON: %v", err)
			}
			a.mu.Lock()
			a.meta = []byte(enc)
			a.mu.Unlock()
		}
	}
	rs := &runStream{b: b, a: a, signal: make(chan struct{}, 1)}
	if err := rs.start(blocks); err != nil {
		L.Errorf("run: %v", err)
	}
	L.Push(runtime.UserdataValue(runtime.NewUserdata(rs, b.streamMT)))
	return 1
}

func (b *bindings) checkStream(L *runtime.State) *runStream {
	return checkUD[*runStream](L, 1, b.streamMT, "panto.stream")
}

// pop takes the next event; done reports that none will come.
func (rs *runStream) pop() (Event, bool, bool) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if len(rs.events) > 0 {
		ev := rs.events[0]
		rs.events = rs.events[1:]
		return ev, true, false
	}
	return Event{}, false, rs.result != nil
}

// next is stream:next(): the next event, awaiting it when none is
// buffered; nil once the turn's "done" event was returned.
func (b *bindings) streamNext(L *runtime.State) int {
	rs := b.checkStream(L)
	// One pop: a second one to ask whether the turn is done would take,
	// and lose, an event the turn's goroutine appended in between.
	if ev, ok, done := rs.pop(); ok {
		L.Push(b.eventToLua(ev))
		return 1
	} else if done {
		L.Push(runtime.Nil)
		return 1
	}
	if !b.st.Loop().CanAwait(L) {
		L.Errorf("stream:next() must wait for the model, and this entrypoint cannot await: call it from a tool handler or a slash command")
	}
	return b.st.Loop().Await(L, func() (func() []runtime.Value, error) {
		for {
			rs.mu.Lock()
			ready := len(rs.events) > 0 || rs.result != nil
			rs.mu.Unlock()
			if ready {
				break
			}
			<-rs.signal
		}
		return func() []runtime.Value {
			if ev, ok, _ := rs.pop(); ok {
				return []runtime.Value{b.eventToLua(ev)}
			}
			return []runtime.Value{runtime.Nil}
		}, nil
	})
}

func (b *bindings) streamMethods() map[string]func(*runtime.State) int {
	return map[string]func(*runtime.State) int{
		"next": b.streamNext,
		"events": func(L *runtime.State) int {
			b.checkStream(L)
			stream := L.Arg(1)
			next := runtime.NewFunction("events", func(L *runtime.State) int {
				L.SetTop(0)
				L.Push(stream)
				return b.streamNext(L)
			})
			L.Push(next)
			return 1
		},
		"reopen": func(L *runtime.State) int {
			rs := b.checkStream(L)
			rs.mu.Lock()
			running := rs.result == nil
			rs.mu.Unlock()
			if running {
				L.Errorf("reopen: the stream's turn is still running")
			}
			idle(L, rs.a, "reopen")
			if err := rs.start(nil); err != nil {
				L.Errorf("reopen: %v", err)
			}
			L.Push(L.Arg(1))
			return 1
		},
		"result": func(L *runtime.State) int {
			rs := b.checkStream(L)
			rs.mu.Lock()
			r := rs.result
			rs.mu.Unlock()
			if r == nil {
				L.Push(runtime.Nil)
				return 1
			}
			L.Push(b.resultToLua(*r))
			return 1
		},
		"cancel": func(L *runtime.State) int {
			b.checkStream(L).a.Cancel()
			return 0
		},
	}
}

// agentCompact is agent:compact { summary? }: it awaits the summary
// request (or records the given summary) and returns true, or nil, err.
func (b *bindings) agentCompact(L *runtime.State) int {
	a := b.target(b.checkAgent(L))
	idle(L, a, "compact")
	summary := stringField(L, optTable(L, 2), "compact", "summary")
	if a.Running() {
		L.Push(runtime.Nil, str("compact: the agent's turn is running"))
		return 2
	}
	if summary != "" {
		if err := b.s.compactWith(a, summary); err != nil {
			return fail(L, err)
		}
		L.Push(runtime.True)
		return 1
	}
	if !b.st.Loop().CanAwait(L) {
		L.Errorf("compact must wait for the model, and this entrypoint cannot await: call it from a tool handler or a slash command")
	}
	var ev events = streamEvents{&runStream{signal: make(chan struct{}, 1)}}
	if a.borrowed {
		ev = sessionEvents{b.s}
	}
	return b.st.Loop().Await(L, func() (func() []runtime.Value, error) {
		ctx, err := a.begin(b.s.rootContext())
		if err != nil {
			return func() []runtime.Value { return []runtime.Value{runtime.Nil, str(err.Error())} }, nil
		}
		err = b.s.compact(ctx, a, "", ev)
		a.end()
		return func() []runtime.Value {
			if err != nil {
				return []runtime.Value{runtime.Nil, str(err.Error())}
			}
			return []runtime.Value{runtime.True}
		}, nil
	})
}

// agentRunAsync is agent:run_async { prompt | blocks, metadata?,
// dispatch_tools?, wake_fd? } -> job | nil, err.
func (b *bindings) agentRunAsync(L *runtime.State) int {
	la := b.checkAgent(L)
	if la.borrowed {
		return fail(L, fmt.Errorf("run_async refuses the borrowed session agent (panto.ext.agent); make an owned agent with panto.agent { ... }"))
	}
	blocks, t := b.input(L, 2, "run_async")
	o := JobOptions{WakeFD: -1}
	if t != nil {
		o.DispatchTools = t.GetStr("dispatch_tools").Truthy()
		if md := t.GetStr("metadata"); !md.IsNil() {
			enc, err := b.st.JSON().Encode(md)
			if err != nil {
				L.Errorf("run_async: metadata must encode as JSON: %v", err)
			}
			o.Metadata = []byte(enc)
		}
		if n, ok := intField(L, t, "run_async", "wake_fd"); ok {
			o.WakeFD = int(n)
		}
	}
	j, err := la.a.RunAsync(b.s.rootContext(), blocks, o)
	if err != nil {
		return fail(L, err)
	}
	// SetMetatable (not NewUserdata's metatable) registers the __gc
	// finalizer, as lua_setmetatable does: a collected job is closed.
	// The userdata goes on the stack first: registering a finalizer is
	// a point where an automatic collection cycle may run, and a job
	// only Go holds would be garbage to it, closed before Lua got it.
	ud := runtime.UserdataValue(runtime.NewUserdata(j, nil))
	L.Push(ud)
	L.SetMetatable(ud, b.jobMT)
	return 1
}

func (b *bindings) checkJob(L *runtime.State) *Job {
	return checkUD[*Job](L, 1, b.jobMT, "panto.job")
}

func (b *bindings) jobMethods() map[string]func(*runtime.State) int {
	return map[string]func(*runtime.State) int{
		"next_event": func(L *runtime.State) int {
			ev, ok := b.checkJob(L).NextEvent()
			if !ok {
				L.Push(runtime.Nil)
				return 1
			}
			L.Push(b.eventToLua(ev))
			return 1
		},
		"result": func(L *runtime.State) int {
			r, ok := b.checkJob(L).Result()
			if !ok {
				L.Push(runtime.Nil)
				return 1
			}
			L.Push(b.resultToLua(r))
			return 1
		},
		"request_cancel": func(L *runtime.State) int {
			b.checkJob(L).RequestCancel()
			return 0
		},
		"close": func(L *runtime.State) int {
			b.checkJob(L).Close()
			return 0
		},
		"metadata": func(L *runtime.State) int {
			md := b.checkJob(L).Metadata()
			if len(md) == 0 {
				L.Push(runtime.Nil)
				return 1
			}
			v, _ := b.st.JSON().Decode(string(md))
			L.Push(v)
			return 1
		},
	}
}

// jobGC closes a collected job without waiting for it: a finalizer must
// not block the collector.
func (b *bindings) jobGC(L *runtime.State) int {
	if ud := L.Arg(1).AsUserdata(); ud != nil {
		if j, ok := ud.Value.(*Job); ok {
			j.mu.Lock()
			j.closed = true
			j.events = nil
			j.mu.Unlock()
			j.cancel()
		}
	}
	return 0
}

// rootContext is the context owned agents' turns and jobs run under: it
// ends with the session.
func (s *Session) rootContext() context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.root == nil {
		s.root, s.rootCancel = context.WithCancel(context.Background())
	}
	return s.root
}
