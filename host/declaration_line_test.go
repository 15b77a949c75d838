package host

import "testing"

// TestRefusedDeclarationLine: a returned tool declaration that
// register_tool refuses raises no Lua error with a position, so the
// problem points at the declaration's own table constructor, not at the
// return and not nowhere.
func TestRefusedDeclarationLine(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/pair.lua": `local a = { name = "a", description = "d", schema = { type = "object" }, handler = function() return "a" end }
local b = {
  name = "b",
  schema = { type = "object" },
  handler = function() end,
}
return { a, b }
`})
	want := "activate: tools/pair.lua:2: register_tool: 'description' is required (a string) (tool declaration)\n"
	if got := th.problems(); got != want {
		t.Errorf("problems:\n%q\nwant:\n%q", got, want)
	}
}
