package host

import (
	"context"
	"strings"
	"testing"

	"panto/tui/termtext"
)

// componentHost registers a "t" tool and an extension whose tool_details
// handler sets the component built by the Lua expression comp.
func componentHost(t *testing.T, comp string) (*testHost, *ToolCall) {
	th := hostWith(t, map[string]string{
		"extensions/c.lua": `
local panto = require("panto")
HANDLES = {}
return { name = "c", activate = function()
  panto.ext.on("tool_details", function(e)
    local inner = e:get_component()
    HANDLES[#HANDLES + 1] = e:set_component(` + comp + `)
  end)
end }`,
		"tools/t.lua": `return { name = "t", description = "d", schema = {}, handler = function() return "result" end }`,
	})
	th.expectNoProblems(t)
	return th, th.callTool(t, "t", "{}")
}

func expectRows(t *testing.T, rows []string, width int, want ...string) {
	t.Helper()
	for _, r := range rows {
		if termtext.Width(r) != width || !strings.HasSuffix(r, termtext.Reset) {
			t.Errorf("row %q is not %d columns ending in a reset", r, width)
		}
	}
	var got []string
	for _, r := range rows {
		got = append(got, strings.TrimRight(stripSGR(r), " "))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("width %d:\n got %q\nwant %q", width, got, want)
	}
}

func TestComponentRenderWidths(t *testing.T) {
	_, tc := componentHost(t, `{ render = function(self, width)
  return { "日本語のテキスト and words", "e\u{301}te\u{301} cafe\u{301}", 42, "w=" .. width }
end }`)
	ctx := context.Background()
	expectRows(t, tc.Block.Render(ctx, 40), 40, "日本語のテキスト and words", "e\u0301te\u0301 cafe\u0301", "42", "w=40")
	expectRows(t, tc.Block.Render(ctx, 10), 10, "日本語のテ", "キスト and", "words", "e\u0301te\u0301 cafe\u0301", "42", "w=10")
	expectRows(t, tc.Block.Render(ctx, 3), 3, "日", "本", "語", "の", "テ", "キ", "ス", "ト", "and", "wor", "ds", "e\u0301te\u0301", "caf", "e\u0301", "42", "w=3")
}

func TestComponentStringResultAndStyles(t *testing.T) {
	_, tc := componentHost(t, `{ render = function(self, width) return "\27[31mred text that wraps\27[0m" end }`)
	rows := tc.Block.Render(context.Background(), 9)
	for i, r := range rows {
		if !strings.HasPrefix(r, "\x1b[31m") {
			t.Errorf("row %d %q does not replay the style", i, r)
		}
	}
	expectRows(t, rows, 9, "red text", "that", "wraps")
}

func TestNativePassthrough(t *testing.T) {
	th, tc := componentHost(t, `{ render = function(self, width)
  local lines = inner:render(width)
  lines[#lines + 1] = "▸ extra"
  return lines
end }`)
	expectRows(t, tc.Block.Render(context.Background(), 20), 20, "● t({})", "  ⎿ result", "▸ extra")
	// Each call returns a fresh table.
	_, err := th.vm.L.DoString(`
		local e = HANDLES[1]
		assert(e:alive())`, "=check")
	if err != nil {
		t.Fatal(err)
	}
}

func TestRenderFailureIsADimRow(t *testing.T) {
	for _, comp := range []string{
		`{ render = function() error("boom") end }`,
		`{ render = function() return { "ok", true } end }`,
		`{ render = function() return nil end }`,
		`{ render = function() while true do end end }`,
	} {
		th, tc := componentHost(t, comp)
		th.vm.loop.SetBudget(100000)
		rows := tc.Block.Render(context.Background(), 50)
		if len(rows) != 1 || !strings.HasPrefix(rows[0], "\x1b[2m⚠ component render failed") || termtext.Width(rows[0]) != 50 {
			t.Errorf("%s: rows %q", comp, rows)
		}
		if len(th.reported) != 1 || th.reported[0].Stage != StageRender {
			t.Errorf("%s: reported %v", comp, th.reported)
		}
	}
}

func TestHandles(t *testing.T) {
	th, tc := componentHost(t, `{ render = function() return "x" end, handleInput = function(self, data) LAST_INPUT = data end }`)
	b := tc.Block
	v0 := b.Version()
	run := func(code string) {
		t.Helper()
		if _, err := th.vm.L.DoString(code, "=test"); err != nil {
			t.Fatal(err)
		}
	}
	run(`HANDLES[1]:invalidate()`)
	if b.Version() == v0 {
		t.Error("invalidate did not bump the version")
	}
	run(`HANDLES[1]:set_pinned(true)`)
	if !b.Pinned() {
		t.Error("set_pinned(true) did not pin")
	}
	handled, err := b.HandleInput(context.Background(), "\x1b[A")
	if !handled || err != nil {
		t.Errorf("handleInput: %v %v", handled, err)
	}
	run(`assert(LAST_INPUT == "\27[A")`)
	run(`local ok, err = pcall(HANDLES[1].set_pinned, HANDLES[1], "yes"); assert(not ok and err:find("boolean expected"), err)`)

	// A rebuild kills the handle; the block falls back to its default.
	th.Rebuild(context.Background(), "new")
	if b.Custom() || b.Pinned() {
		t.Error("the component survived the rebuild")
	}
	expectRows(t, b.Render(context.Background(), 12), 12, "● t({})", "  ⎿ result")
}

func TestHandleDiesWhenReplaced(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/c.lua": `
local panto = require("panto")
return { name = "c", activate = function()
  local first
  panto.ext.on("tool_details", function(e)
    first = e:set_component({ render = function() return "first" end })
  end)
  panto.ext.on("tool_result", function(e)
    assert(first:alive())
    local second = e:set_component({ render = function() return "second" end })
    assert(not first:alive() and second:alive())
    first:invalidate() -- harmless on a dead handle
    assert(e:set_component(nil) == nil and not second:alive())
    local ok, err = pcall(e.set_component, e, 42)
    assert(not ok and err:find("a component is a table with a render method, got number"), err)
    ok, err = pcall(e.set_component, e, {})
    assert(not ok and err:find("no render method"), err)
    e:set_component({ render = function() return "final" end })
  end)
end }`,
		"tools/t.lua": `return { name = "t", description = "d", schema = {}, handler = function() return "r" end }`,
	})
	tc := th.callTool(t, "t", "{}")
	th.expectNoProblems(t)
	expectRows(t, tc.Block.Render(context.Background(), 8), 8, "final")
}

func TestComponentlessEvents(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/c.lua": `
local panto = require("panto")
return { name = "c", activate = function()
  panto.ext.on("turn_start", function(e)
    assert(e:get_component() == nil)
    local ok, err = pcall(e.set_component, e, { render = function() end })
    assert(not ok and err:find("event 'turn_start' has no component"), err)
    print("checked")
  end)
end }`,
	})
	th.TurnStart(context.Background(), 1)
	th.expectNoProblems(t)
	if th.out.String() != "checked\n" {
		t.Errorf("printed %q", th.out.String())
	}
}
