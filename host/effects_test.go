package host

import (
	"strings"
	"testing"
)

func TestToolEffects(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/effects.lua": `
local function tool(name, extra)
  local t = { name = name, description = "d", handler = function() return "" end,
    schema = { type = "object", properties = { path = { type = "string" }, cmd = { type = "string" } } } }
  for k, v in pairs(extra) do t[k] = v end
  return t
end
return {
  tool("none", {}),
  tool("reader", { effects = { "read" }, path_field = "path" }),
  tool("runner", { effects = { "execute", "network", "execute" }, command_field = "cmd" }),
}`,
	})
	th.expectNoProblems(t)
	for _, c := range []struct {
		tool, effects, path, command string
	}{
		{"none", "", "", ""},
		{"reader", "read", "path", ""},
		{"runner", "execute,network", "", "cmd"},
	} {
		tool := th.Tool(c.tool)
		if tool == nil {
			t.Fatalf("%s is not registered", c.tool)
		}
		if got := strings.Join(tool.Effects, ","); got != c.effects || tool.PathField != c.path || tool.CommandField != c.command {
			t.Errorf("%s: effects %q path_field %q command_field %q", c.tool, got, tool.PathField, tool.CommandField)
		}
	}
}

func TestToolEffectsErrors(t *testing.T) {
	for _, c := range []struct{ name, fields, want string }{
		{"unknown effect", `effects = { "read", "writes" }`, "effects[2] is 'writes'; the effects are read, write, execute, network"},
		{"not an array", `effects = "read"`, "'effects' must be an array of strings"},
		{"not a string", `effects = { 1 }`, "effects[1] is a number"},
		{"path field not in schema", `path_field = "file"`, "path_field names 'file', which is not a property of the schema"},
		{"same field twice", `path_field = "path", command_field = "path"`, "path_field and command_field both name 'path'"},
		{"field not a string", `command_field = 3`, "'command_field' must be a string"},
	} {
		t.Run(c.name, func(t *testing.T) {
			th := hostWith(t, map[string]string{
				"tools/bad.lua": `return { name = "bad", description = "d", handler = function() end,
  schema = { type = "object", properties = { path = { type = "string" } } }, ` + c.fields + ` }`,
			})
			if p := th.problems(); !strings.Contains(p, c.want) {
				t.Fatalf("problems %q, want one containing %q", p, c.want)
			}
		})
	}
}
