package agent

import (
	"panto/agent/agentdef"
	"panto/runtime"
)

// subagents is panto.subagents(): the definitions, sorted by name, each
// { name, description, prompt, source, tools?, model?, reasoning?,
// file? }.
func (b *bindings) subagents(L *runtime.State) int {
	defs := b.s.Definitions().All()
	t := runtime.NewTable(len(defs), 0)
	for i, d := range defs {
		t.SetInt(int64(i+1), b.definitionToLua(d))
	}
	b.st.JSON().MarkArray(t)
	L.Push(runtime.TableValue(t))
	return 1
}

func (b *bindings) definitionToLua(d *agentdef.Definition) runtime.Value {
	t := runtime.NewTable(0, 8)
	t.SetStr("name", str(d.Name))
	t.SetStr("description", str(d.Description))
	t.SetStr("prompt", str(d.Prompt))
	t.SetStr("source", str(d.Source))
	if d.Tools != nil {
		t.SetStr("tools", stringArray(b, d.Tools))
	}
	setOpt(t, "model", d.Model)
	setOpt(t, "reasoning", d.Reasoning)
	setOpt(t, "file", d.File)
	return runtime.TableValue(t)
}

// registerSubagent is panto.register_subagent { name, description?,
// prompt, tools?, model?, reasoning? }: a definition made by code, above
// every file's (bone's register_subagent maps onto it).
func (b *bindings) registerSubagent(L *runtime.State) int {
	const fn = "register_subagent"
	t := L.CheckTable(1)
	d := agentdef.Definition{
		Name:        stringField(L, t, fn, "name"),
		Description: stringField(L, t, fn, "description"),
		Prompt:      stringField(L, t, fn, "prompt"),
		Model:       stringField(L, t, fn, "model"),
		Reasoning:   stringField(L, t, fn, "reasoning"),
	}
	if tv := t.GetStr("tools"); !tv.IsNil() {
		tt := tv.AsTable()
		if tt == nil {
			L.Errorf("%s: tools must be an array of tool names, got %s", fn, tv.TypeName())
		}
		d.Tools = []string{}
		for i := int64(1); i <= tt.Len(); i++ {
			n := tt.GetInt(i)
			if !n.IsString() {
				L.Errorf("%s: tool %d must be a name (a string), got %s", fn, i, n.TypeName())
			}
			d.Tools = append(d.Tools, n.AsString())
		}
	}
	if err := b.s.Definitions().Register(d); err != nil {
		L.Errorf("%s: %v", fn, err)
	}
	return 0
}

// runSubagent is panto.run_subagent { prompt, agent?, description?,
// tool_call_id? } -> { status, text?, error?, usage, requests,
// tool_uses, agent, session_id?, path? } | nil, err. It runs a subagent
// of the calling agent (the lane's: a tool running for a subagent
// starts a subagent one level deeper) in a fresh context, awaiting its
// turn; the call's cancellation cancels the subagent. A refusal (no such
// definition, too deep) is nil, err.
func (b *bindings) runSubagent(L *runtime.State) int {
	const fn = "run_subagent"
	t := L.CheckTable(1)
	req := SubagentRequest{
		Agent:       stringField(L, t, fn, "agent"),
		Prompt:      stringField(L, t, fn, "prompt"),
		Description: stringField(L, t, fn, "description"),
		CallID:      stringField(L, t, fn, "tool_call_id"),
	}
	lp := b.st.Loop()
	if !lp.CanAwait(L) {
		L.Errorf("%s must wait for the subagent, and this entrypoint cannot await: call it from a tool handler or a slash command", fn)
	}
	parent := b.target(&luaAgent{borrowed: true})
	a, _, err := b.s.prepareSubagent(parent, req)
	if err != nil {
		return fail(L, err)
	}
	ctx := lp.Context()
	return lp.Await(L, func() (func() []runtime.Value, error) {
		out := b.s.runSubagent(ctx, parent, a, req)
		return func() []runtime.Value {
			r := b.resultToLua(out.Result).AsTable()
			r.SetStr("agent", str(out.Agent))
			r.SetStr("tool_uses", runtime.Int(int64(out.ToolUses)))
			setOpt(r, "session_id", out.SessionID)
			setOpt(r, "path", out.Path)
			return []runtime.Value{runtime.TableValue(r)}
		}, nil
	})
}
