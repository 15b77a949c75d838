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

// TestFailedEntryKeepsItsSiblings: of the entries one file returns, the
// one whose activate fails loses what it registered (command, protocol,
// handler); what the others registered, before and after it, stays.
func TestFailedEntryKeepsItsSiblings(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/two.lua": `local panto = require("panto")
local function command(name)
  panto.ext.register_command { name = name, description = "d", handler = function() return name end }
  panto.ext.register_protocol { name = name, open = function() end }
  panto.ext.on(name .. "_event", function() end)
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
	names = nil
	for _, p := range th.Protocols() {
		names = append(names, p.Name)
	}
	if strings.Join(names, ",") != "good,late" {
		t.Errorf("protocols %q, want good and late", names)
	}
	names = nil
	for _, h := range th.Handlers() {
		names = append(names, h.Event)
	}
	if strings.Join(names, ",") != "good_event,late_event" {
		t.Errorf("handlers for %q, want good_event and late_event", names)
	}
}
