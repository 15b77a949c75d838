package host

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestReplayedCallExpandsWithItsInput: expanding a replayed call (Ctrl-O
// on a resumed session) fires tool_collapse with the call's stored
// input, as for a live call, not with an empty table.
func TestReplayedCallExpandsWithItsInput(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/spy.lua": `local panto = require("panto")
return { name = "spy", activate = function()
  panto.ext.on("tool_collapse", function(e) print(e.collapsed, e.input.command, e.output) end)
end }`})
	ctx := context.Background()
	tc := th.ReplayToolCall(ctx, 1, "shell", "c7", `{"command":"ls"}`, "a.txt", true)
	tc.SetCollapsed(ctx, false)
	th.expectNoProblems(t)
	if got := th.out.String(); got != "false\tls\ta.txt\n" {
		t.Errorf("tool_collapse printed %q", got)
	}
}

// TestRegisterProtocolReturnsNothing: register_protocol gives no value
// back, as register_tool and register_command do.
func TestRegisterProtocolReturnsNothing(t *testing.T) {
	th := luaCheck(t, nil, `
print(select("#", panto.ext.register_protocol { name = "p", open = function() end }))
print(select("#", panto.ext.register_command { name = "c", description = "d", handler = function() return "" end }))`)
	if got := th.out.String(); got != "0\n0\n" {
		t.Errorf("printed %q, want no values from either", got)
	}
}

// TestFiredTurnEventsStartAtTurnOne: turn_start and turn_end fired
// without a turn (panto test's fire) get turn 1, turns being counted
// from 1, as tool events get index 1.
func TestFiredTurnEventsStartAtTurnOne(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/spy.lua": `local panto = require("panto")
return { name = "spy", activate = function()
  for _, name in ipairs({ "turn_start", "turn_end", "tool_result" }) do
    panto.ext.on(name, function(e) print(name, e.turn or e.index) end)
  end
end }`})
	ctx := context.Background()
	for _, name := range []string{"turn_start", "turn_end", "tool_result"} {
		if _, _, err := th.FireEvent(ctx, name, nil); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	th.expectNoProblems(t)
	if got := th.out.String(); got != "turn_start\t1\nturn_end\t1\ntool_result\t1\n" {
		t.Errorf("printed %q", got)
	}
}

// TestPrintAndStderrGoApart: print writes to Options.Stdout and
// io.stderr to Options.Stderr.
func TestPrintAndStderrGoApart(t *testing.T) {
	var stdout, stderr bytes.Buffer
	hostWith(t, map[string]string{"extensions/w.lua": `return { name = "w", activate = function()
  print("to out")
  io.stderr:write("to err\n")
end }`}, func(o *Options) { o.Stdout, o.Stderr = &stdout, &stderr })
	if stdout.String() != "to out\n" || stderr.String() != "to err\n" {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
}

// TestStyleTableWithBackground: a role given as a table with bg styles
// as the spec string "<attrs> <fg> on <bg>" does.
func TestStyleTableWithBackground(t *testing.T) {
	luaCheck(t, nil, `
local ext = panto.ext
assert(ext.style("dusk", {
  table = { fg = "red", bg = "blue", bold = true },
  spec = "bold red on blue",
  nobg = "bold red",
}) == true)
local s = ext.style("dusk")
assert(s.table == s.spec, s.table)
assert(s.table ~= s.nobg, s.table)`)
}

// TestDeltaOfRepaints: DeltaOf, like Delta, fires the delta event with
// the whole text and marks the block for repaint, so a differential
// repaint shows the grown text.
func TestDeltaOfRepaints(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/spy.lua": `local panto = require("panto")
return { name = "spy", activate = function()
  panto.ext.on("assistant_text_delta", function(e) print(e.delta, e.text) end)
end }`})
	ctx := context.Background()
	s := th.BeginAssistantText()
	v0 := s.Block.Version()
	s.DeltaOf(ctx, "he", "he")
	v1 := s.Block.Version()
	s.DeltaOf(ctx, "llo", "hello")
	th.expectNoProblems(t)
	if v1 == v0 || s.Block.Version() == v1 {
		t.Errorf("versions %d, %d, %d: each delta must mark the block for repaint", v0, v1, s.Block.Version())
	}
	if got := th.out.String(); got != "he\the\nllo\thello\n" || s.Text != "hello" {
		t.Errorf("printed %q, text %q", got, s.Text)
	}
	if rows := s.Block.Render(ctx, 20); len(rows) == 0 || !strings.Contains(rows[0], "hello") {
		t.Errorf("the block renders %q", rows)
	}
}
