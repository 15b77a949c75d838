package host

import (
	"slices"
	"sort"
	"strings"

	"panto/extension/abi"
	"panto/runtime"
)

// The Lua side of events: panto.ext.on and emit, and the event object
// handlers receive (its fields, their writability, tostring). Dispatch is
// event.go.

// checkName reads an event name: a non-empty string (no number coercion:
// on(1, f) is a mistake, not event "1").
func checkName(L *runtime.State, fn string, n int) string {
	s := checkString(L, fn, n)
	if s == "" {
		argError(L, fn, n, "event name must not be empty")
	}
	return s
}

func (v *vm) luaOn(L *runtime.State) int {
	name := checkName(L, "on", 1)
	fn := L.Arg(2)
	if !fn.IsFunction() {
		typeError(L, "on", 2, "function")
	}
	v.reg.handlers = append(v.reg.handlers, &Handler{Event: name, Fn: v.anchor(fn), Source: callerSource(L), owner: v.activating})
	return 0
}

// luaEmit fires a custom event. data is accepted and ignored, as the spec
// says; host events cannot be emitted, since their handlers rely on
// fields an emitted event would not have.
func (v *vm) luaEmit(L *runtime.State) int {
	name := checkName(L, "emit", 1)
	if abi.LookupEvent(name) != nil {
		L.Errorf("emit: '%s' is a host event; only custom events can be emitted", name)
	}
	if v.emitDepth >= maxEmitDepth {
		L.Errorf("emit: '%s': events emitted from handlers nest more than %d deep", name, maxEmitDepth)
	}
	v.emitDepth++
	defer func() { v.emitDepth-- }()
	v.h.fire(v.context(), name, nil, nil)
	return 0
}

func checkEvent(L *runtime.State, n int) *eventObj {
	if ud := L.Arg(n).AsUserdata(); ud != nil {
		if ev, ok := ud.Value.(*eventObj); ok {
			return ev
		}
	}
	typeError(L, "event method", n, "panto.event")
	return nil
}

// eventIndex is the event userdata's __index.
func (v *vm) eventIndex(L *runtime.State) int {
	ev := checkEvent(L, 1)
	key := L.Arg(2)
	if !key.IsString() {
		L.Push(runtime.Nil)
		return 1
	}
	k := key.AsString()
	switch {
	case k == "name":
		L.PushString(ev.name)
	case ev.spec != nil && k == "get_component":
		L.Push(v.metas.getComponent)
	case ev.spec != nil && k == "set_component":
		L.Push(v.metas.setComponent)
	case ev.spec != nil:
		f := ev.spec.Field(k)
		if f == nil {
			L.Push(runtime.Nil)
			return 1
		}
		val := ev.fields[k]
		if f.Optional && val.IsString() && val.AsString() == "" {
			val = runtime.Nil
		}
		L.Push(val)
	default:
		L.Push(runtime.Nil)
	}
	return 1
}

// eventNewIndex is the event userdata's __newindex: only the fields the
// ABI marks writable, during dispatch, with the declared type.
func (v *vm) eventNewIndex(L *runtime.State) int {
	ev := checkEvent(L, 1)
	key := L.Arg(2)
	val := L.Arg(3)
	k := L.ToString(key)
	if ev.spec == nil {
		L.Errorf("cannot assign '%s': custom event '%s' has no writable fields", k, ev.name)
	}
	f := ev.spec.Field(k)
	if f == nil || !f.Writable {
		L.Errorf("cannot assign '%s': %s", k, writableHint(ev.spec))
	}
	if !ev.open {
		L.Errorf("cannot assign '%s': event '%s' has been dispatched already", k, ev.name)
	}
	want := runtime.TypeString
	if f.Type == "table" {
		want = runtime.TypeTable
	}
	if val.Type() != want {
		L.Errorf("cannot assign '%s' of event '%s': a %s is expected, got %s", k, ev.name, want, val.TypeName())
	}
	if len(f.Values) > 0 && !slices.Contains(f.Values, val.AsString()) {
		L.Errorf("cannot assign '%s' of event '%s': %q is not one of %s", k, ev.name, val.AsString(), strings.Join(f.Values, ", "))
	}
	ev.fields[k] = val
	return 0
}

// writableHint says which fields of an event can be written.
func writableHint(e *abi.Event) string {
	var w []string
	for _, f := range e.Fields {
		if f.Writable {
			w = append(w, "'"+f.Name+"'")
		}
	}
	sort.Strings(w)
	if len(w) == 0 {
		return "event '" + e.Name + "' has no writable fields"
	}
	return "the only writable field of event '" + e.Name + "' is " + strings.Join(w, ", ")
}

func (v *vm) eventToString(L *runtime.State) int {
	L.PushString("panto.event: " + checkEvent(L, 1).name)
	return 1
}
