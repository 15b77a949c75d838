package host

import (
	"slices"
	"strings"

	"panto/extension/abi"
	"panto/runtime"
)

// declareEffects reads what a tool declaration says it does (ABI 1.2):
// effects, an array of the contract's effect names, and path_field and
// command_field, which must name properties of the schema. A mistake is
// a Lua error at registration, like any other bad declaration field.
func declareEffects(L *runtime.State, t *runtime.Table, what, name string, tool *Tool) {
	known := abi.ToolEffects()
	if v := t.GetStr("effects"); !v.IsNil() {
		et := v.AsTable()
		n, dense := int64(0), false
		if et != nil {
			n, dense = isDenseArray(et)
		}
		if !dense {
			L.Errorf("%s: tool '%s': 'effects' must be an array of strings (%s), got %s", what, name, strings.Join(known, ", "), v.TypeName())
		}
		tool.Effects = []string{} // declared, if empty: a tool that touches nothing
		for i := int64(1); i <= n; i++ {
			e := et.GetInt(i)
			if !e.IsString() || !slices.Contains(known, e.AsString()) {
				L.Errorf("%s: tool '%s': effects[%d] is %s; the effects are %s", what, name, i, describeEffect(e), strings.Join(known, ", "))
			}
			if !slices.Contains(tool.Effects, e.AsString()) {
				tool.Effects = append(tool.Effects, e.AsString())
			}
		}
	}
	tool.PathField = subjectField(L, t, what, name, "path_field")
	tool.CommandField = subjectField(L, t, what, name, "command_field")
	if tool.PathField != "" && tool.PathField == tool.CommandField {
		L.Errorf("%s: tool '%s': path_field and command_field both name '%s'", what, name, tool.PathField)
	}
}

func describeEffect(v runtime.Value) string {
	if v.IsString() {
		return "'" + v.AsString() + "'"
	}
	return "a " + v.TypeName()
}

// subjectField reads path_field or command_field: the name of a property
// of the tool's schema.
func subjectField(L *runtime.State, t *runtime.Table, what, name, key string) string {
	field := stringField(L, t, what, key, false)
	if field == "" {
		return ""
	}
	props := t.GetStr("schema").AsTable()
	if props != nil {
		props = props.GetStr("properties").AsTable()
	}
	if props == nil || props.GetStr(field).IsNil() {
		L.Errorf("%s: tool '%s': %s names '%s', which is not a property of the schema", what, name, key, field)
	}
	return field
}
