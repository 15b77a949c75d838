package host

import (
	"fmt"
	"strings"

	"panto/diag"
	"panto/extension/abi"
	"panto/runtime"
)

// isDenseArray reports whether t's keys are exactly 1..#t, and #t.
func isDenseArray(t *runtime.Table) (int64, bool) {
	n := t.Len()
	count := int64(0)
	for k, _, ok := t.Next(runtime.Nil); ok && !k.IsNil(); k, _, ok = t.Next(k) {
		if !k.IsInt() || k.AsInt() < 1 || k.AsInt() > n {
			return n, false
		}
		count++
	}
	return n, count == n
}

// callerSource is "file:line" of the Lua code that called the running Go
// function, for registrations (so --list and duplicate errors can point at
// the register_* call). A call through pcall (or any other Go function)
// has no Lua caller at level 1: the nearest Lua frame above it is named.
func callerSource(L *runtime.State) string {
	for level := 1; ; level++ {
		if _, ok := L.StackInfo(level); !ok {
			return ""
		}
		if w := L.Where(level); w != "" {
			return strings.TrimSuffix(w, ": ")
		}
	}
}

// stringField reads an optional string field of a declaration table; what
// names the declaration in messages ("register_tool").
func stringField(L *runtime.State, t *runtime.Table, what, key string, required bool) string {
	v := t.GetStr(key)
	switch {
	case v.IsString():
		if required && v.AsString() == "" {
			L.Errorf("%s: '%s' must not be empty", what, key)
		}
		return v.AsString()
	case v.IsNil() && !required:
		return ""
	case v.IsNil():
		L.Errorf("%s: '%s' is required (a string)%s", what, key, missingHint(t, key, what))
	}
	L.Errorf("%s: '%s' must be a string, got %s", what, key, v.TypeName())
	return ""
}

// functionField reads a function field of a declaration table.
func functionField(L *runtime.State, t *runtime.Table, what, key string, required bool) runtime.Value {
	v := t.GetStr(key)
	switch {
	case v.IsFunction():
		return v
	case v.IsNil() && !required:
		return runtime.Nil
	case v.IsNil():
		L.Errorf("%s: '%s' is required (a function)%s", what, key, missingHint(t, key, what))
	}
	L.Errorf("%s: '%s' must be a function, got %s", what, key, v.TypeName())
	return runtime.Nil
}

// stringList builds a Lua array of strings.
func stringList(items []string) runtime.Value {
	t := runtime.NewTable(len(items), 0)
	for i, s := range items {
		t.SetInt(int64(i+1), runtime.String(s))
	}
	return runtime.TableValue(t)
}

// optString is v as a Lua value, nil when empty: the spec lets optional
// string fields appear as nil when their value is empty.
func optString(s string) runtime.Value {
	if s == "" {
		return runtime.Nil
	}
	return runtime.String(s)
}

// udValue is the Go value of a userdata when it is a T.
func udValue[T any](ud *runtime.Userdata) (T, bool) {
	var zero T
	if ud == nil {
		return zero, false
	}
	x, ok := ud.Value.(T)
	return x, ok
}

// missingHint looks in a declaration for what was meant by a missing
// required field: a misspelling of it ("handeler") or the name another
// agent's API uses for it ("execute"), from the ABI's declaration types.
func missingHint(t *runtime.Table, key, what string) string {
	spec := abi.Get()
	types := spec.Types
	for contract, fn := range map[string]string{"tool": "register_tool", "command": "register_command", "protocol": "register_protocol"} {
		if strings.HasSuffix(what, fn) {
			if typ := spec.ContractType(contract); typ != nil {
				types = append([]abi.Type{*typ}, types...)
			}
		}
	}
	for k, _, ok := t.Next(runtime.Nil); ok && !k.IsNil(); k, _, ok = t.Next(k) {
		if !k.IsString() {
			continue
		}
		name := k.AsString()
		if diag.Suggest(name, []string{key}) == key {
			return fmt.Sprintf("; the table has '%s': did you mean '%s'?", name, key)
		}
		for _, typ := range types {
			if f := typ.ForeignName(name); f != nil && f.Use == key {
				return fmt.Sprintf("; the table has '%s': %s", name, f.Hint)
			}
		}
	}
	return ""
}
