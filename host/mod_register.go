package host

import (
	"fmt"

	"panto/runtime"
)

func (v *vm) luaRegisterTool(L *runtime.State) int {
	v.registerTool(L, checkTable(L, "register_tool", 1), callerSource(L))
	return 0
}

// registerTool validates a tool declaration (explicit or sugar form) and
// registers it; source names where it came from.
func (v *vm) registerTool(L *runtime.State, t *runtime.Table, source string) {
	tool := v.declareTool(L, t, "register_tool", source)
	if err := v.reg.addTool(tool); err != nil {
		L.Errorf("register_tool: %v", err)
	}
}

// declareTool validates a tool declaration and builds the Tool, raising
// a Lua error naming what (the function called) when it is wrong.
func (v *vm) declareTool(L *runtime.State, t *runtime.Table, what, source string) *Tool {
	name := stringField(L, t, what, "name", true)
	if !validToolName(name) {
		L.Errorf("%s: tool name '%s' must be 1 to 64 letters, digits, '_' or '-'", what, name)
	}
	desc := stringField(L, t, what, "description", true)
	schema := t.GetStr("schema")
	switch {
	case schema.IsNil():
		L.Errorf("%s: 'schema' is required (a table describing the input as JSON schema)", what)
	case schema.Type() != runtime.TypeTable:
		L.Errorf("%s: 'schema' must be a table, got %s", what, schema.TypeName())
	}
	schemaJSON, err := v.json.Encode(schema)
	if err != nil {
		L.Errorf("%s: tool '%s': schema: %v", what, name, err)
	}
	if len(schemaJSON) == 0 || schemaJSON[0] != '{' {
		L.Errorf("%s: tool '%s': schema must be a JSON object, got %s", what, name, schemaJSON)
	}
	compiled, err := newToolSchema(name, schemaJSON)
	if err != nil {
		L.Errorf("%s: tool '%s': invalid JSON schema: %v", what, name, err)
	}
	handler := functionField(L, t, what, "handler", true)
	tool := &Tool{Name: name, Description: desc, Schema: v.anchor(schema), SchemaJSON: schemaJSON, schema: compiled,
		Handler: v.anchor(handler), Source: source, owner: v.activating}
	declareEffects(L, t, what, name, tool)
	return tool
}

func (v *vm) luaRegisterCommand(L *runtime.State) int {
	const what = "register_command"
	t := checkTable(L, what, 1)
	name := stringField(L, t, what, "name", true)
	if !validCommandName(name) {
		L.Errorf("%s: command name '%s' must start with a letter, digit or '_' and contain no spaces (and no leading '/')", what, name)
	}
	desc := stringField(L, t, what, "description", true)
	handler := functionField(L, t, what, "handler", true)
	c := &Command{Name: name, Description: desc, Handler: v.anchor(handler), Source: callerSource(L), owner: v.activating}
	if err := v.reg.addCommand(c); err != nil {
		L.Errorf("%s: %v", what, err)
	}
	return 0
}

// maxEffortLevels is the spec's limit.
const maxEffortLevels = 32

func (v *vm) luaRegisterProtocol(L *runtime.State) int {
	const what = "register_protocol"
	t := checkTable(L, what, 1)
	p := &Protocol{
		Name:   stringField(L, t, what, "name", true),
		Open:   functionField(L, t, what, "open", true),
		Decl:   v.anchor(runtime.TableValue(t)),
		Source: callerSource(L),
		owner:  v.activating,
	}
	p.CancelTurn = functionField(L, t, what, "cancel_turn", false)
	p.ResetContext = functionField(L, t, what, "reset_context", false)
	p.ReleaseContext = functionField(L, t, what, "release_context", false)
	p.Close = functionField(L, t, what, "close", false)
	p.EffortLevels = effortLevels(L, t.GetStr("effort_levels"))
	if err := v.reg.addProtocol(p); err != nil {
		L.Errorf("%s: %v", what, err)
	}
	return 0
}

// effortLevels validates effort_levels: an optional array of at most 32
// { label, detail? } tables with distinct non-empty labels.
func effortLevels(L *runtime.State, v runtime.Value) []EffortLevel {
	const what = "register_protocol"
	if v.IsNil() {
		return nil
	}
	t := v.AsTable()
	if t == nil {
		L.Errorf("%s: 'effort_levels' must be an array, got %s", what, v.TypeName())
	}
	n, dense := isDenseArray(t)
	if !dense {
		L.Errorf("%s: 'effort_levels' must be an array (keys 1..n)", what)
	}
	if n > maxEffortLevels {
		L.Errorf("%s: %d effort levels given; at most %d are allowed", what, n, maxEffortLevels)
	}
	levels := make([]EffortLevel, 0, n)
	seen := map[string]bool{}
	for i := int64(1); i <= n; i++ {
		e := t.GetInt(i).AsTable()
		if e == nil {
			L.Errorf("%s: effort level %d must be a table { label, detail? }", what, i)
		}
		label := stringField(L, e, fmt.Sprintf("%s: effort level %d", what, i), "label", true)
		detail := stringField(L, e, fmt.Sprintf("%s: effort level %d", what, i), "detail", false)
		if seen[label] {
			L.Errorf("%s: effort level label '%s' appears twice", what, label)
		}
		seen[label] = true
		levels = append(levels, EffortLevel{Label: label, Detail: detail})
	}
	return levels
}
