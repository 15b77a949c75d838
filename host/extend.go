package host

import (
	"context"

	"panto/runtime"
	"panto/runtime/luajson"
	"panto/runtime/luv"
)

// ModuleFunc adds to require("panto") of every Lua state a host builds.
// The agent package uses it for the native API the host itself does not
// own (panto.agent, panto.conversation, the stores, panto.ext.agent):
// that API needs the session, which sits above the host. mod is the
// module table, ext is panto.ext.
type ModuleFunc func(s *State, mod, ext *runtime.Table)

// State is one Lua state of a host, as Go code extending the panto
// module sees it. It stays valid after a rebuild replaces the state, but
// then reports !Live and must not be used to run Lua.
type State struct{ v *vm }

// Lua is the state's main thread.
func (s *State) Lua() *runtime.State { return s.v.L }

// Loop is the event loop that owns the state.
func (s *State) Loop() *luv.Loop { return s.v.loop }

// JSON is the state's panto.ext.json codec.
func (s *State) JSON() *luajson.Codec { return s.v.json }

// Host is the host the state belongs to.
func (s *State) Host() *Host { return s.v.h }

// Live reports whether this is still the host's current state.
func (s *State) Live() bool { return s.v.h.vm == s.v }

// Anchor keeps x reachable for as long as the state lives (Go holding a
// Lua value is invisible to the Lua collector).
func (s *State) Anchor(x runtime.Value) runtime.Value { return s.v.anchor(x) }

// Context is the context of the host call whose Lua code is running.
func (s *State) Context() context.Context { return s.v.context() }

// Enter records ctx as the running call's context until the returned
// func is called (for Go code that runs Lua on its own, so that work Lua
// starts, like emit, stops with ctx).
func (s *State) Enter(ctx context.Context) func() { return s.v.enter(ctx) }

// Metatable builds a protected metatable for the extension's userdata
// (__name and __metatable set to name, so Lua can neither read nor
// replace it), with methods as __index.
func Metatable(name string, methods map[string]func(*runtime.State) int, extra map[string]func(*runtime.State) int) *runtime.Table {
	fields := map[string]runtime.Value{}
	if len(methods) > 0 {
		m := runtime.NewTable(0, len(methods))
		for k, f := range methods {
			m.SetName(k, runtime.NewFunction(k, f))
		}
		fields["__index"] = runtime.TableValue(m)
	}
	for k, f := range extra {
		fields[k] = runtime.NewFunction(k, f)
	}
	return metatable(name, fields)
}

// DeclareTool checks a tool declaration { name, description, schema,
// handler } exactly as register_tool does, raising the same Lua errors
// (what names the calling function in them), and returns the tool
// without registering it: an owned agent's agent:register_tool keeps
// its tools to itself.
func (s *State) DeclareTool(L *runtime.State, t *runtime.Table, what string) *Tool {
	return s.v.declareTool(L, t, what, callerSource(L))
}

// State returns the host's current Lua state, or nil after Close.
func (h *Host) State() *State {
	if h.vm == nil {
		return nil
	}
	return h.vm.state
}
