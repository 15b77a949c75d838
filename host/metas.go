package host

import "panto/runtime"

// metatables are the per-state metatables of the host's userdata, and
// the shared method functions of the event object.
type metatables struct {
	event, handle, native, modelConfig *runtime.Table
	getComponent, setComponent         runtime.Value
}

func newMetatables(v *vm) metatables {
	fn := runtime.NewFunction
	m := metatables{
		getComponent: fn("get_component", v.luaGetComponent),
		setComponent: fn("set_component", v.luaSetComponent),
	}
	m.event = metatable("panto.event", map[string]runtime.Value{
		"__index":    fn("index", v.eventIndex),
		"__newindex": fn("newindex", v.eventNewIndex),
		"__tostring": fn("tostring", v.eventToString),
	})
	m.handle = metatable("panto.component_handle", map[string]runtime.Value{
		"__index": methods(map[string]runtime.Value{
			"alive":      fn("alive", v.handleAlive),
			"invalidate": fn("invalidate", v.handleInvalidate),
			"set_pinned": fn("set_pinned", v.handleSetPinned),
		}),
	})
	m.native = metatable("panto.native_component", map[string]runtime.Value{
		"__index": methods(map[string]runtime.Value{"render": fn("render", v.nativeRender)}),
	})
	m.modelConfig = metatable("panto.model_config", map[string]runtime.Value{
		"__tostring": fn("tostring", modelConfigToString),
	})
	return m
}

// metatable builds a protected metatable: __metatable keeps extensions
// from reaching into (or replacing) the host's objects.
func metatable(name string, fields map[string]runtime.Value) *runtime.Table {
	t := runtime.NewTable(0, len(fields)+2)
	t.SetStr("__name", runtime.String(name))
	t.SetStr("__metatable", runtime.String(name))
	for k, v := range fields {
		t.SetStr(k, v)
	}
	return t
}

func methods(fns map[string]runtime.Value) runtime.Value {
	t := runtime.NewTable(0, len(fns))
	for k, v := range fns {
		t.SetStr(k, v)
	}
	return runtime.TableValue(t)
}
