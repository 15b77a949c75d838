package host

import (
	"context"
	"fmt"

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
	spec := abi.LookupEvent(name)
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
