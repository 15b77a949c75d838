package host

import (
	"slices"
	"strings"
	"testing"
)

// TestRefusedDeclarationKeepsItsSiblings: a file that returns a list of
// tool declarations gets each one registered on its own; the one
// register_tool refuses is reported, and the valid ones before and after
// it are registered.
func TestRefusedDeclarationKeepsItsSiblings(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/three.lua": `local function tool(name)
  return { name = name, description = "d", schema = { type = "object" }, handler = function() return name end }
end
return {
  tool("a"),
  { name = "b", schema = { type = "object" }, handler = function() end },
  tool("c"),
}
`})
	if got := th.problems(); !strings.Contains(got, "tools/three.lua:6: register_tool: 'description' is required") {
		t.Errorf("problems:\n%s", got)
	}
	var names []string
	for _, tl := range th.Tools() {
		names = append(names, tl.Name)
	}
	if !slices.Contains(names, "a") || !slices.Contains(names, "c") || slices.Contains(names, "b") {
		t.Errorf("tools %q, want a and c", names)
	}
	if tc := th.callTool(t, "a", "{}"); !tc.OK || tc.Output != "a" {
		t.Errorf("a returned %q (ok %v)", tc.Output, tc.OK)
	}
}

// TestFailedEntryKeepsItsSiblings: of two entries one file returns, the
// one whose activate fails loses what it registered; what the other
// registered before it stays.
func TestFailedEntryKeepsItsSiblings(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/two.lua": `local panto = require("panto")
local function command(name)
  panto.ext.register_command { name = name, description = "d", handler = function() return name end }
end
return {
  { name = "good", activate = function() command("good") end },
  { name = "bad", activate = function() command("bad"); error("bad fails") end },
  { name = "late", activate = function() command("late") end },
}
`})
	if got := th.problems(); !strings.Contains(got, "bad fails") {
		t.Errorf("problems:\n%s", got)
	}
	var names []string
	for _, c := range th.Commands() {
		names = append(names, c.Name)
	}
	if !slices.Contains(names, "good") || !slices.Contains(names, "late") || slices.Contains(names, "bad") {
		t.Errorf("commands %q, want good and late", names)
	}
}
