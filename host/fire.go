package host

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"panto/extension/abi"
	"panto/runtime"
)

// FireEvent fires any event from outside a session, for tests (`panto
// test`'s fire): a host event with the given fields, or a custom event
// (no fields). Fields the caller leaves out get neutral values (0, "",
// false, an empty table; for tool events index 1, result_ok true), so a
// test names only what its handler reads. A field the ABI does not list,
// or a value of the wrong type, is an error, as is a custom event with
// fields. It returns the fields as the handlers left them and, for an
// event with a component, its block (which a handler may have given a
// Lua component), whose default shows the event's text.
func (h *Host) FireEvent(ctx context.Context, name string, fields map[string]runtime.Value) (map[string]runtime.Value, *Block, error) {
	if h.vm == nil {
		return nil, nil, errClosed
	}
	spec := abi.LookupEvent(name)
	if spec == nil {
		if len(fields) > 0 {
			return nil, nil, fmt.Errorf("'%s' is not a host event, and a custom event has no fields", name)
		}
		h.fire(ctx, name, nil, nil)
		return map[string]runtime.Value{}, nil, nil
	}
	f := fieldValues{}
	for k, v := range fields {
		fd := spec.Field(k)
		if fd == nil {
			return nil, nil, fmt.Errorf("event '%s' has no field '%s' (it has %s)", name, k, fieldNames(spec))
		}
		if want := luaType(fd.Type); v.TypeName() != want && !(want == "number" && v.IsNumber()) {
			return nil, nil, fmt.Errorf("field '%s' of event '%s' is %s, got %s", k, name, fd.Type, v.TypeName())
		}
		f[k] = v
	}
	for _, fd := range spec.Fields {
		if _, ok := f[fd.Name]; ok || fd.Optional {
			continue
		}
		f[fd.Name] = zeroField(fd)
	}
	var b *Block
	if spec.Component {
		text := firstString(f, "output", "text", "tool_name")
		b = h.newBlock(name, func(int) []string { return []string{text} })
	}
	out := h.fire(ctx, name, b, f)
	return out, b, nil
}

func zeroField(fd abi.Field) runtime.Value {
	switch fd.Type {
	case "integer":
		if fd.Name == "index" || fd.Name == "turn" {
			return runtime.Int(1)
		}
		return runtime.Int(0)
	case "boolean":
		return runtime.Bool(fd.Name == "result_ok" || fd.Name == "ok")
	case "table":
		return runtime.TableValue(runtime.NewTable(0, 0))
	}
	return str("")
}

func luaType(abiType string) string {
	if abiType == "integer" {
		return "number"
	}
	return abiType
}

func firstString(f fieldValues, keys ...string) string {
	for _, k := range keys {
		if v, ok := f[k]; ok && v.IsString() && v.AsString() != "" {
			return v.AsString()
		}
	}
	return ""
}

func fieldNames(e *abi.Event) string {
	var names []string
	for _, f := range e.Fields {
		names = append(names, f.Name)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
