package agent

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"panto/extension/discover"
	"panto/host"
	"panto/permission"
	"panto/runtime"
)

// BoneModule is the module name of the Go half of the bone compatibility
// layer (docs/bone.md): the base layer's bone extension (stdext's
// extensions/bone) requires it for what Lua cannot reach, such as the
// session's permission policy, its store and the process-wide state. It
// is not part of the ABI and may change with the layer.
const BoneModule = "panto.bone"

// BoneVersion is what bone.version reports: the bone release whose Lua
// API the compatibility layer implements.
const BoneVersion = "2.2.4"

// boneState is bone's ctx.state: a key-value store shared by the whole
// process, so that it survives /new and /resume, which rebuild the Lua
// state. Values cross states as JSON.
// Its map is made by the first store (a map literal here would be made by
// an init in every process).
var boneState struct {
	sync.Mutex
	m map[string]string
}

// boneHooks are the before_request handlers of one Lua state.
type boneHooks struct {
	st *host.State
	fn []runtime.Value
}

// boneModule publishes package.loaded["panto.bone"] in a new state.
func (b *bindings) boneModule(L *runtime.State) {
	s := b.s
	t := runtime.NewTable(0, 16)
	home := s.setup.Home
	if home != "" {
		dir := filepath.Join(home, ".bone-rust")
		t.SetStr("config_dir", str(dir))
		init := filepath.Join(dir, "init.lua")
		cfg := s.setup.Config().Bone
		switch _, err := os.Stat(init); {
		case err != nil:
		case cfg.Init != nil && !*cfg.Init:
			t.SetStr("init_off", str(init))
		default:
			t.SetStr("init", str(init))
		}
	}
	t.SetStr("version", str(BoneVersion))
	t.SetStr("headless", runtime.Bool(s.opts.Terminal == nil))
	t.SetStr("layer_dirs", b.boneLayerDirs())
	for name, fn := range map[string]func(*runtime.State) int{
		"judge":           b.boneJudge,
		"tools":           b.boneTools,
		"state_get":       b.boneStateGet,
		"state_set":       b.boneStateSet,
		"state_clear":     b.boneStateClear,
		"store":           b.boneStore,
		"session":         b.boneSession,
		"before_request":  b.boneBeforeRequest,
		"notice":          b.boneNotice,
		"announce":        b.boneAnnounce,
		"cost":            b.boneCost,
		"config_read":     b.boneConfigRead,
		"config_write":    b.boneConfigWrite,
		"load":            b.boneLoad,
		"reload":          b.boneReload,
		"with_max_tokens": b.boneMaxTokens,
	} {
		t.SetName(name, runtime.NewFunction(name, fn))
	}
	L.Loaded().SetStr(BoneModule, runtime.TableValue(t))
}

// boneLayerDirs are the bone/ folders of the layers that hold a
// bone/init.lua as a resource, lowest precedence first. Resources are
// what trust leaves: an untrusted project's layer has none, so its bone/
// folder does not run.
func (b *bindings) boneLayerDirs() runtime.Value {
	t := runtime.NewTable(0, 0)
	n := int64(0)
	for _, l := range b.s.setup.Layers {
		if l.Dir == "" || l.Name == discover.Base {
			continue
		}
		for _, r := range l.Resources {
			if r.Path == "bone/init.lua" {
				e := runtime.NewTable(0, 2)
				e.SetStr("name", str(l.Name))
				e.SetStr("dir", str(filepath.Join(l.Dir, "bone")))
				n++
				t.SetInt(n, runtime.TableValue(e))
				break
			}
		}
	}
	return runtime.TableValue(t)
}

// boneJudge is judge { tool, effects?, command?, path?, what } -> true |
// false, reason: the permission decision for work a bone API does on the
// model's behalf (ctx.shell, ctx.tools.call), by the session's rules and
// mode as a tool call of that name would be judged. A question goes to
// the user as the turn's questions do (awaiting the answer); a headless
// run cannot ask, so it is a denial that says which rule would allow it.
func (b *bindings) boneJudge(L *runtime.State) int {
	t := L.CheckTable(1)
	pol := b.s.opts.Permissions
	if pol == nil {
		L.Push(runtime.True)
		return 1
	}
	call := permission.Call{Tool: stringField(L, t, "judge", "tool"), ID: stringField(L, t, "judge", "id")}
	if e := t.GetStr("effects"); !e.IsNil() {
		et := e.AsTable()
		if et == nil {
			L.Errorf("judge: 'effects' must be a table")
		}
		call.Effects = []permission.Effect{}
		for i := int64(1); i <= et.Len(); i++ {
			call.Effects = append(call.Effects, permission.Effect(et.GetInt(i).AsString()))
		}
	}
	if c := t.GetStr("command"); !c.IsNil() {
		call.HasCommand, call.Command = true, stringField(L, t, "judge", "command")
	}
	if p := t.GetStr("path"); !p.IsNil() || t.GetStr("has_path").Truthy() {
		call.HasPath, call.Path = true, stringField(L, t, "judge", "path")
	}
	if call.ID == "" {
		call.ID = "bone-" + call.Tool
	}
	ctx := b.st.Context()
	v := pol.Decide(ctx, call)
	switch v.Decision {
	case permission.Allow:
		L.Push(runtime.True)
		return 1
	case permission.Deny:
		L.Push(runtime.False, str("permission denied: "+v.Reason))
		return 2
	}
	ask := b.s.opts.Ask
	if ask == nil {
		hint := v.HintFor(b.s.userConfigName())
		b.s.emit(Event{Type: "notice", Fields: map[string]any{"kind": "permission", "message": fmt.Sprintf("%s was not run: %s, and a headless run cannot ask; %s", describeCall(call), v.Reason, hint)}})
		L.Push(runtime.False, str(fmt.Sprintf("permission denied: %s, and this run cannot ask the user for approval (%s)", v.Reason, hint)))
		return 2
	}
	return b.st.Loop().Await(L, func() (func() []runtime.Value, error) {
		ans := ask(ctx, permission.Question{ID: call.ID, Call: call, Verdict: v})
		return func() []runtime.Value {
			switch {
			case ctx.Err() != nil:
				return []runtime.Value{runtime.False, str("cancelled while waiting for the user's approval")}
			case !ans.Allow && ans.Reason != "":
				return []runtime.Value{runtime.False, str("the user denied this: " + ans.Reason)}
			case !ans.Allow:
				return []runtime.Value{runtime.False, str("the user denied this")}
			}
			if ans.Scope >= permission.Session {
				if r, err := permission.ParseRule(v.Suggest); err == nil && v.Suggest != "" {
					r.Decision, r.Source = permission.Allow, "allowed for this session"
					pol.AddRule(r)
				}
			}
			return []runtime.Value{runtime.True}
		}, nil
	})
}

// boneTools lists the registered tools for ctx.tools.definitions and
// ctx.tools.call: { name, description, schema, handler, effects?,
// path_field?, command_field? } sorted by name.
func (b *bindings) boneTools(L *runtime.State) int {
	tools := b.s.host.Tools()
	t := runtime.NewTable(len(tools), 0)
	for i, tool := range tools {
		e := runtime.NewTable(0, 7)
		e.SetStr("name", str(tool.Name))
		e.SetStr("description", str(tool.Description))
		e.SetStr("schema", tool.Schema)
		e.SetStr("handler", tool.Handler)
		if tool.Effects != nil {
			et := runtime.NewTable(len(tool.Effects), 0)
			for j, x := range tool.Effects {
				et.SetInt(int64(j+1), str(x))
			}
			b.st.JSON().MarkArray(et)
			e.SetStr("effects", runtime.TableValue(et))
		}
		setOpt(e, "path_field", tool.PathField)
		setOpt(e, "command_field", tool.CommandField)
		t.SetInt(int64(i+1), runtime.TableValue(e))
	}
	b.st.JSON().MarkArray(t)
	L.Push(runtime.TableValue(t))
	return 1
}

func (b *bindings) boneStateGet(L *runtime.State) int {
	k := L.CheckString(1)
	boneState.Lock()
	v, ok := boneState.m[k]
	boneState.Unlock()
	if !ok {
		L.Push(runtime.Nil)
		return 1
	}
	val, err := b.st.JSON().Decode(v)
	if err != nil {
		L.Errorf("ctx.state.get: %v", err)
	}
	L.Push(val)
	return 1
}

func (b *bindings) boneStateSet(L *runtime.State) int {
	k := L.CheckString(1)
	v := L.Arg(2)
	if v.IsNil() {
		boneState.Lock()
		delete(boneState.m, k)
		boneState.Unlock()
		return 0
	}
	enc, err := b.st.JSON().Encode(v)
	if err != nil {
		L.Errorf("ctx.state.set: the value of '%s' must be JSON data (a string, number, boolean or table of them), because the store is shared across sessions: %v", k, err)
	}
	boneState.Lock()
	if boneState.m == nil {
		boneState.m = map[string]string{}
	}
	boneState.m[k] = enc
	boneState.Unlock()
	return 0
}

func (b *bindings) boneStateClear(L *runtime.State) int {
	boneState.Lock()
	defer boneState.Unlock()
	if L.Arg(1).IsNil() {
		boneState.m = map[string]string{}
		return 0
	}
	delete(boneState.m, L.CheckString(1))
	return 0
}

// boneStore is the session's own store as a panto.store userdata, for
// ctx.session.list and ctx.session.messages.
func (b *bindings) boneStore(L *runtime.State) int {
	L.Push(runtime.UserdataValue(runtime.NewUserdata(&luaStore{st: b.s.store}, b.storeMT)))
	return 1
}

// boneSession is ctx.session.current: { id, provider?, model? }.
func (b *bindings) boneSession(L *runtime.State) int {
	a := b.s.agent
	t := runtime.NewTable(0, 3)
	t.SetStr("id", str(a.SessionID()))
	if m := a.Model(); m != nil {
		t.SetStr("provider", str(m.Provider))
		t.SetStr("model", str(m.ID))
	}
	L.Push(runtime.TableValue(t))
	return 1
}

// boneNotice is notice(kind, message): a line the terminal UI prints in
// the transcript and a headless run on stderr (a notice event).
func (b *bindings) boneNotice(L *runtime.State) int {
	kind, msg := L.CheckString(1), L.CheckString(2)
	b.s.boneSay(kind, msg)
	return 0
}

// boneSay tells the user something from bone code. Headless it is a
// notice event (stderr, or a notice line of --mode json); in the
// terminal UI it is a line of the extensions' output, which the UI keeps
// until its screen is up, so what init.lua says at start-up is seen.
//
// ctx.ui.status (kind "status") is a "status" event in the terminal UI,
// whose spinner line shows it while the turn runs.
func (s *Session) boneSay(kind, msg string) {
	if kind == "status" && s.opts.Terminal != nil {
		s.emit(Event{Type: "status", Fields: map[string]any{"message": msg}})
		return
	}
	if s.opts.Terminal != nil && s.opts.Stdout != nil {
		fmt.Fprintln(s.opts.Stdout, msg)
		return
	}
	s.emit(Event{Type: "notice", Fields: map[string]any{"kind": kind, "message": msg}})
}

// boneCost is cost() -> total, complete | nil: what the session agent's
// responses cost in USD (nil when no model had a known price; complete
// is false when some had none), for ctx.usage.snapshot.
func (b *bindings) boneCost(L *runtime.State) int {
	total, complete, any := b.s.agent.TotalCost()
	if !any {
		L.Push(runtime.Nil)
		return 1
	}
	L.Push(runtime.Float(total), runtime.Bool(complete))
	return 2
}

// boneAnnounce is announce(message): the start-up notice, once per
// session (a rebuild for /new or /resume runs the layer again).
func (b *bindings) boneAnnounce(L *runtime.State) int {
	msg := L.CheckString(1)
	b.s.mu.Lock()
	done := b.s.boneAnnounced
	b.s.boneAnnounced = true
	b.s.mu.Unlock()
	if !done {
		b.s.boneSay("bone", msg)
	}
	return 0
}

// boneBeforeRequest registers fn(request) to run before each request of
// the session agent (bone's before_turn): request is { system, messages,
// tools }, and fn returns nil or { system_prompt_append?, tool_filter?,
// messages? }.
func (b *bindings) boneBeforeRequest(L *runtime.State) int {
	fn := L.Arg(1)
	if !fn.IsFunction() {
		L.TypeError(1, "function")
	}
	b.st.Anchor(fn)
	b.s.mu.Lock()
	if b.s.boneHooks == nil || b.s.boneHooks.st != b.st {
		b.s.boneHooks = &boneHooks{st: b.st}
	}
	b.s.boneHooks.fn = append(b.s.boneHooks.fn, fn)
	b.s.mu.Unlock()
	return 0
}

// toolFilter keeps the tools whose names are in keep.
func toolFilter[T any](tools []T, name func(T) string, keep []string) []T {
	set := map[string]bool{}
	for _, k := range keep {
		set[k] = true
	}
	out := tools[:0:0]
	for _, t := range tools {
		if set[name(t)] {
			out = append(out, t)
		}
	}
	return out
}
