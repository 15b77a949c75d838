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

// TestTableOnItsOwnLine: a refused declaration or a returned table whose
// '{' starts a line of its own is placed on the brace's line, as panto
// build places it, not on the line of the token before the brace (where
// the chunk puts the table's first instruction): for the second item of
// a list that is the closing line of the first.
func TestTableOnItsOwnLine(t *testing.T) {
	const refused = "register_tool: 'description' is required (a string) (tool declaration)"
	for _, c := range []struct {
		name, src, want string
	}{
		{"second item of a list", `return {
  {
    name = "a", description = "d", schema = { type = "object" }, handler = function() return "a" end,
  },
  {
    name = "b",
    schema = { type = "object" },
    handler = function() end,
  },
}
`, "activate: tools/t.lua:5: " + refused},
		{"first item of a list", `return {
  {
    name = "b",
    schema = { type = "object" },
    handler = function() end,
  },
}
`, "activate: tools/t.lua:2: " + refused},
		{"after a comment with braces", `return {
  { name = "a", description = "d", schema = { type = "object" }, handler = function() return "a" end },
  -- the next one { is } refused
  --[[ {
  ]] { name = "b", schema = { type = "object" }, handler = function() end },
}
`, "activate: tools/t.lua:5: " + refused},
		{"returned alone", "local note = [[\n{ name = \"b\" }\n]]\nreturn\n\n{\n  name = \"b\",\n  schema = { type = \"object\" },\n  handler = function() end,\n}\n",
			"activate: tools/t.lua:6: " + refused},
		{"in a local", "local b =\r\n{\r\n  name = 'b',\r\n  schema = { type = 'object' },\r\n  handler = function() end,\r\n}\r\nreturn b\r\n",
			"activate: tools/t.lua:2: " + refused},
		{"brace on the line of the token before", `local b = {
  name = "b", schema = { type = "object" }, handler = function() end,
}
return { b }
`, "activate: tools/t.lua:1: " + refused},
		{"a shape error", "return\n{\n  size = 1,\n}\n",
			"evaluate: tools/t.lua:2: returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them"},
	} {
		t.Run(c.name, func(t *testing.T) {
			th := hostWith(t, map[string]string{"tools/t.lua": c.src})
			if got := th.problems(); got != c.want+"\n" {
				t.Errorf("problems:\n%q\nwant:\n%q", got, c.want+"\n")
			}
		})
	}
}
