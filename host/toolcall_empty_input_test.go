package host

import (
	"context"
	"strings"
	"testing"
)

// TestEmptyInputIsAnObject: a tool_call_complete handler that replaces
// the input with an empty table hands the tool an empty object (an
// empty Lua table would otherwise encode as [] and fail an object
// schema), and the final input the model's history keeps is {}.
func TestEmptyInputIsAnObject(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/clear.lua": `local panto = require("panto")
return { name = "clear", activate = function()
  panto.ext.on("tool_call_complete", function(e) e.input = {} end)
end }`,
		"tools/t.lua": `return { name = "t", description = "d",
  schema = { type = "object", properties = { a = { type = "integer" } } },
  handler = function(input) return "keys: " .. tostring(next(input)) end }`,
	})
	th.expectNoProblems(t)
	tc := th.callTool(t, "t", `{"a":1}`)
	if !tc.OK || tc.Output != "keys: nil" || tc.FinalInputJSON != "{}" {
		t.Errorf("ok %v output %q final input %q", tc.OK, tc.Output, tc.FinalInputJSON)
	}
}

// TestCollapseBeforeInput: a block collapsed before its input arrived
// fires tool_collapse with an empty input table, not nil, so a handler
// can index it.
func TestCollapseBeforeInput(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/c.lua": `local panto = require("panto")
return { name = "c", activate = function()
  panto.ext.on("tool_collapse", function(e) print("collapse", type(e.input), next(e.input), e.collapsed) end)
end }`,
	})
	ctx := context.Background()
	tc := th.BeginToolCall(ctx, 1)
	tc.SetCollapsed(ctx, true)
	th.expectNoProblems(t)
	if got := th.out.String(); !strings.Contains(got, "collapse\ttable\tnil\ttrue\n") {
		t.Errorf("tool_collapse saw %q", got)
	}
}
