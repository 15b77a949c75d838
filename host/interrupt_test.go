package host

import (
	"context"
	"strings"
	"testing"
	"time"
)

var spinTools = map[string]string{
	"tools/spin.lua": `return { name = "spin", description = "d", schema = {}, handler = function()
  local ok = pcall(function() while true do end end) -- catching it must not help
  while true do end
end }`,
	"tools/fine.lua": `return { name = "fine", description = "d", schema = {}, handler = function() return "fine" end }`,
	"extensions/spinner.lua": `
local panto = require("panto")
return { name = "spinner", activate = function()
  panto.ext.on("user_message", function(e) while true do end end)
  panto.ext.on("user_message", function(e) e.text = "after" end)
end }`,
}

func TestBudgetStopsEndlessLoops(t *testing.T) {
	th := hostWith(t, spinTools, func(o *Options) { o.Budget = 1_000_000 })
	tc := th.callTool(t, "spin", "{}")
	if tc.OK || !strings.Contains(tc.Output, "interrupted: instruction budget exhausted") {
		t.Errorf("spin: %v %q", tc.OK, tc.Output)
	}
	// The host is unharmed: other tools and handlers still run.
	if tc := th.callTool(t, "fine", "{}"); !tc.OK || tc.Output != "fine" {
		t.Errorf("fine after spin: %v %q", tc.OK, tc.Output)
	}
	text, _ := th.UserMessage(context.Background(), "x")
	if text != "after" || !strings.Contains(th.problems(), "interrupted") {
		t.Errorf("text %q, problems:\n%s", text, th.problems())
	}
}

func TestContextStopsEndlessLoops(t *testing.T) {
	th := hostWith(t, spinTools)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	tc, err := th.CallTool(ctx, "spin", "{}")
	if err != nil {
		t.Fatal(err)
	}
	if tc.OK || !strings.Contains(tc.Output, "interrupted") {
		t.Errorf("spin: %v %q", tc.OK, tc.Output)
	}
	if tc := th.callTool(t, "fine", "{}"); !tc.OK {
		t.Errorf("fine after spin: %q", tc.Output)
	}
}

func TestInterruptedActivation(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/hang.lua": `return { name = "hang", activate = function() while true do end end }`,
		"tools/fine.lua":      `return { name = "fine", description = "d", schema = {}, handler = function() return "fine" end }`,
	}, func(o *Options) { o.Budget = 100_000 })
	t.Log(th.problems())
	if !strings.Contains(th.problems(), "instruction budget exhausted (entry 'hang')") {
		t.Errorf("problems:\n%s", th.problems())
	}
	if th.Tool("fine") == nil {
		t.Error("the other extension did not load")
	}
}
