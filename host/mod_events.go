package host

import (
	"panto/extension/abi"
	"panto/runtime"
)

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
	if abi.Get().Event(name) != nil {
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
