package host

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestRenderAtWidthOne: one column is still a width a block renders at
// (a very narrow pane); only a width below one renders nothing.
func TestRenderAtWidthOne(t *testing.T) {
	th := hostWith(t, nil)
	ctx := context.Background()
	tc := th.BeginToolCall(ctx, 1)
	tc.Block.SetNative(func(int) []string { return []string{"x"} })
	expectRows(t, tc.Block.Render(ctx, 1), 1, "x")
	if rows := tc.Block.Render(ctx, 0); rows != nil {
		t.Errorf("width 0: %q", rows)
	}
}

// TestLoadBudgetBoundsEvaluation: a source that computes for longer than
// the load's own budget at evaluation time is stopped with the hint,
// and the other sources load.
func TestLoadBudgetBoundsEvaluation(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/slow.lua": "local n = 0\nfor i = 1, 3000000 do n = n + 1 end\nreturn { name = 'slow', activate = function() end }\n",
		"tools/fine.lua":      `return { name = "fine", description = "d", schema = {}, handler = function() return "fine" end }`,
	}, func(o *Options) { o.LoadBudget = 1_000_000 })
	want := "instruction budget exhausted (evaluation and activation get 1000000 VM ticks each: an endless loop?)"
	if got := th.problems(); !strings.Contains(got, "extensions/slow.lua:2:") || !strings.Contains(got, want) {
		t.Errorf("problems:\n%s\nwant the slow source's line 2 and %q", got, want)
	}
	if th.Tool("fine") == nil {
		t.Error("the other source did not load")
	}
}

// TestOwnModuleArguments: an extension's own module receives, as Lua's
// require passes them, its name and then the file it was found in.
func TestOwnModuleArguments(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/m/init.lua": `local a, b = require("helper")
return { name = "m", activate = function() print(a, b) end }`,
		"extensions/m/helper.lua": `local name, file = ...
return name .. " from " .. file`,
	})
	th.expectNoProblems(t)
	if got := th.out.String(); got != "helper from extensions/m/helper.lua\textensions/m/helper.lua\n" {
		t.Errorf("printed %q", got)
	}
}

// TestForegroundResultWithoutAProcess: with no process state to read,
// the result says the outcome is unknown rather than a made-up code.
func TestForegroundResultWithoutAProcess(t *testing.T) {
	r := foregroundResult(nil)
	if r.GetStr("success").AsBool() || !r.GetStr("unknown").AsBool() || !r.GetStr("exit_code").IsNil() {
		t.Errorf("success %v unknown %v exit_code %v", r.GetStr("success"), r.GetStr("unknown"), r.GetStr("exit_code"))
	}
}

// TestCancelledCallStillReportsItsResult: when the call's context ends
// while its handler runs, the tool_result handlers still see and shape
// the (error) result.
func TestCancelledCallStillReportsItsResult(t *testing.T) {
	files := map[string]string{
		"tools/spin.lua": `return { name = "spin", description = "d", schema = {}, handler = function() while true do end end }`,
		"extensions/mark.lua": `local panto = require("panto")
return { name = "mark", activate = function()
  panto.ext.on("tool_result", function(e) e.output = e.output .. " [seen]" end)
end }`,
	}
	th := hostWith(t, files)
	th.expectNoProblems(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(20*time.Millisecond, cancel) // any moment while the handler spins
	tc, err := th.CallTool(ctx, "spin", "{}")
	if err != nil {
		t.Fatal(err)
	}
	if tc.OK || !strings.Contains(tc.Output, "interrupted") || !strings.HasSuffix(tc.Output, " [seen]") {
		t.Errorf("ok %v output %q", tc.OK, tc.Output)
	}
}
