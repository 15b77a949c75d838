package agent

import (
	"fmt"
	"strings"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/store"
	"panto/host"
	"panto/runtime"
)

// bindings are one Lua state's native API: panto.agent,
// panto.conversation, panto.null_store, panto.file_system_jsonl_store and
// panto.ext.agent. A rebuild makes a new state and new bindings; the
// agents of the old state are then dead (their calls fail).
type bindings struct {
	s  *Session
	st *host.State

	agentMT, streamMT, jobMT, convMT, storeMT *runtime.Table
	extAgent                                  runtime.Value
}

// module is the host.ModuleFunc that installs the native API.
func (s *Session) module(st *host.State, mod, ext *runtime.Table) {
	b := &bindings{s: s, st: st}
	b.agentMT = host.Metatable("panto.agent", b.agentMethods(), map[string]func(*runtime.State) int{"__tostring": b.agentToString})
	b.streamMT = host.Metatable("panto.stream", b.streamMethods(), nil)
	b.jobMT = host.Metatable("panto.job", b.jobMethods(), map[string]func(*runtime.State) int{"__gc": b.jobGC})
	b.convMT = host.Metatable("panto.conversation", b.convMethods(), map[string]func(*runtime.State) int{"__len": b.convLen})
	b.storeMT = host.Metatable("panto.store", b.storeMethods(), nil)
	mod.SetName("agent", runtime.NewFunction("agent", b.newAgent))
	mod.SetName("conversation", runtime.NewFunction("conversation", b.newConversation))
	mod.SetName("null_store", runtime.NewFunction("null_store", b.nullStore))
	mod.SetName("file_system_jsonl_store", runtime.NewFunction("file_system_jsonl_store", b.fileStore))
	mod.SetName("subagents", runtime.NewFunction("subagents", b.subagents))
	mod.SetName("register_subagent", runtime.NewFunction("register_subagent", b.registerSubagent))
	mod.SetName("run_subagent", runtime.NewFunction("run_subagent", b.runSubagent))
	b.extAgent = runtime.UserdataValue(runtime.NewUserdata(&luaAgent{borrowed: true}, b.agentMT))
	ext.SetName("agent", b.extAgent)
	b.mcpModule(mod)
	b.boneModule(st.Lua())
	s.mu.Lock()
	s.bindings = b
	// A new state: the definitions are read again (a reload may have
	// changed the files) and its extensions register theirs anew.
	s.defs = nil
	s.mu.Unlock()
}

// checkUD returns argument n's Go value when it is a userdata of mt.
func checkUD[T any](L *runtime.State, n int, mt *runtime.Table, what string) T {
	var zero T
	ud := L.Arg(n).AsUserdata()
	if ud == nil || ud.Metatable() != mt {
		L.TypeError(n, what)
		return zero
	}
	x, ok := ud.Value.(T)
	if !ok {
		L.TypeError(n, what)
	}
	return x
}

// optTable returns argument n as a table, an empty one when absent.
func optTable(L *runtime.State, n int) *runtime.Table {
	v := L.Arg(n)
	if v.IsNil() {
		return runtime.NewTable(0, 0)
	}
	t := v.AsTable()
	if t == nil {
		L.TypeError(n, "table")
	}
	return t
}

// stringField reads an optional string field.
func stringField(L *runtime.State, t *runtime.Table, fn, k string) string {
	v := t.GetStr(k)
	if v.IsNil() {
		return ""
	}
	if !v.IsString() {
		L.Errorf("%s: '%s' must be a string, got %s", fn, k, v.TypeName())
	}
	return v.AsString()
}

// intField reads an optional non-negative integer field.
func intField(L *runtime.State, t *runtime.Table, fn, k string) (int64, bool) {
	v := t.GetStr(k)
	if v.IsNil() {
		return 0, false
	}
	n, ok := v.ToInteger()
	if !v.IsNumber() || !ok || n < 0 {
		L.Errorf("%s: '%s' must be a non-negative integer", fn, k)
	}
	return n, true
}

// modelFromConfig turns resolve_model's userdata into a Model.
func modelFromConfig(L *runtime.State, v runtime.Value, fn string) *Model {
	ud := v.AsUserdata()
	var cfg *host.ModelConfig
	if ud != nil {
		cfg, _ = ud.Value.(*host.ModelConfig)
	}
	if cfg == nil {
		L.Errorf("%s: 'config' must be a model configuration from panto.ext.resolve_model, got %s", fn, v.TypeName())
	}
	m := &Model{ModelRef: cfg.Ref, Reasoning: cfg.Reasoning}
	switch {
	case strings.HasPrefix(cfg.ToolChoice, "tool:"):
		m.ToolChoice = provider.ToolChoice{Mode: "tool", Name: strings.TrimPrefix(cfg.ToolChoice, "tool:")}
	default:
		m.ToolChoice = provider.ToolChoice{Mode: cfg.ToolChoice}
	}
	return m
}

// input reads what run and run_async take: a string, an array of
// blocks, or a table { prompt = ..., blocks = ..., metadata = ... }.
func (b *bindings) input(L *runtime.State, n int, fn string) ([]conv.Block, *runtime.Table) {
	v := L.Arg(n)
	if v.IsString() {
		return []conv.Block{conv.TextBlock(v.AsString())}, nil
	}
	t := v.AsTable()
	if t == nil {
		L.Errorf("%s: give a prompt string, an array of blocks, or { prompt = ..., blocks = ... }", fn)
	}
	if t.Len() > 0 {
		blocks, err := contentFromLua(b.st, v, fn)
		if err != nil {
			L.Errorf("%v", err)
		}
		return blocks, nil
	}
	var blocks []conv.Block
	if p := t.GetStr("prompt"); !p.IsNil() {
		if !p.IsString() {
			L.Errorf("%s: 'prompt' must be a string, got %s", fn, p.TypeName())
		}
		blocks = append(blocks, conv.TextBlock(p.AsString()))
	}
	if bl := t.GetStr("blocks"); !bl.IsNil() {
		more, err := contentFromLua(b.st, bl, fn+": blocks")
		if err != nil {
			L.Errorf("%v", err)
		}
		blocks = append(blocks, more...)
	}
	if len(blocks) == 0 {
		L.Errorf("%s: 'prompt' or 'blocks' is required", fn)
	}
	return blocks, t
}

// eventToLua is an event as stream:next() and job:next_event() return
// it: { type = ..., and its fields }.
func (b *bindings) eventToLua(e Event) runtime.Value {
	t := runtime.NewTable(0, len(e.Fields)+1)
	t.SetStr("type", str(e.Type))
	for k, v := range e.Fields {
		t.SetStr(k, b.goToLua(v))
	}
	return runtime.TableValue(t)
}

// goToLua converts the field values events carry.
func (b *bindings) goToLua(v any) runtime.Value {
	switch x := v.(type) {
	case nil:
		return runtime.Nil
	case string:
		return str(x)
	case bool:
		return runtime.Bool(x)
	case int:
		return runtime.Int(int64(x))
	case int64:
		return runtime.Int(x)
	case rawJSON:
		if val, err := b.st.JSON().Decode(string(x)); err == nil {
			return val
		}
		return str(string(x))
	case conv.Usage:
		return usageToLua(x)
	case []conv.Block:
		t := runtime.NewTable(len(x), 0)
		for i, bl := range x {
			t.SetInt(int64(i+1), blockToLua(b.st, bl))
		}
		return runtime.TableValue(t)
	case time.Time:
		return str(x.Format(time.RFC3339Nano))
	}
	return str(fmt.Sprint(v))
}

// resultToLua is a settled turn: { status, text?, error?, tool_calls?,
// usage, requests }.
func (b *bindings) resultToLua(r Result) runtime.Value {
	t := runtime.NewTable(0, 6)
	t.SetStr("status", str(r.Status))
	setOpt(t, "text", r.Text)
	if r.Err != nil {
		t.SetStr("error", str(r.Err.Error()))
	}
	if len(r.ToolCalls) > 0 {
		t.SetStr("tool_calls", b.goToLua(r.ToolCalls))
	}
	t.SetStr("usage", usageToLua(r.Usage))
	t.SetStr("requests", runtime.Int(int64(r.Requests)))
	return runtime.TableValue(t)
}

// sessionInfoToLua is a store listing entry, with every field the spec
// names.
func sessionInfoToLua(st *host.State, in store.Info) runtime.Value {
	t := runtime.NewTable(0, 11)
	t.SetStr("id", str(in.ID))
	t.SetStr("created", str(in.Created.UTC().Format(time.RFC3339Nano)))
	t.SetStr("modified", str(in.Modified.UTC().Format(time.RFC3339Nano)))
	if len(in.Metadata) > 0 {
		if v, err := st.JSON().Decode(string(in.Metadata)); err == nil {
			t.SetStr("metadata", v)
		}
	}
	t.SetStr("message_count", runtime.Int(int64(in.MessageCount)))
	setOpt(t, "last_user_message", in.LastUserMessage)
	setOpt(t, "api_style", in.API)
	setOpt(t, "base_url", in.BaseURL)
	setOpt(t, "model", in.Model)
	setOpt(t, "reasoning", in.Reasoning)
	setOpt(t, "directory", in.Cwd)
	return runtime.TableValue(t)
}
