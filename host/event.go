package host

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"panto/extension/abi"
	"panto/runtime"
)

// fieldValues are an event's fields as Lua values.
type fieldValues map[string]runtime.Value

func str(s string) runtime.Value { return runtime.String(s) }

// eventObj is what handlers see through the event userdata. One object is
// shared by all handlers of a dispatch, which is how later handlers read
// the overrides of earlier ones (and why the last writer wins).
type eventObj struct {
	name   string
	spec   *abi.Event // nil for a custom event
	fields fieldValues
	block  *Block // nil when the event has no component
	open   bool   // writable fields can be written only during dispatch
}

// maxEmitDepth bounds emit from handlers of emitted events, so that two
// handlers emitting each other's event fail instead of overflowing.
const maxEmitDepth = 16

// fire dispatches an event to its handlers in registration order and
// returns the fields as the handlers left them. A failing handler is
// reported and the next one still runs.
func (h *Host) fire(ctx context.Context, name string, block *Block, fields fieldValues) fieldValues {
	v := h.vm
	spec := abi.Get().Event(name)
	checkFields(name, spec, fields)
	handlers := v.reg.handlersFor(name)
	if len(handlers) == 0 {
		return fields
	}
	defer v.enter(ctx)()
	ev := &eventObj{name: name, spec: spec, fields: fields, block: block, open: true}
	ud := runtime.UserdataValue(runtime.NewUserdata(ev, v.metas.event))
	for _, hd := range handlers {
		if _, err := v.loop.CallSync(ctx, hd.Fn, ud); err != nil {
			h.report(problemAt(StageHandler, hd.Source, "handler of '"+name+"'", firstLine(err.Error())))
		}
	}
	ev.open = false
	return ev.fields
}

// checkFields catches a host that fires an event with fields the ABI does
// not describe; it is a bug in the host, not in an extension.
func checkFields(name string, spec *abi.Event, fields fieldValues) {
	if spec == nil {
		if len(fields) > 0 {
			panic("host: custom event " + name + " fired with fields")
		}
		return
	}
	for k := range fields {
		if spec.Field(k) == nil {
			panic(fmt.Sprintf("host: event %s fired with field %q, which abi.json does not describe", name, k))
		}
	}
	for _, f := range spec.Fields {
		if _, ok := fields[f.Name]; !ok && !f.Optional {
			panic(fmt.Sprintf("host: event %s fired without its field %q", name, f.Name))
		}
	}
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
