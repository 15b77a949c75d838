package host

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"panto/internal/childproc"
	"panto/runtime"
)

type probeKey struct{}

// probeModule adds panto.probe_ctx(), which records the value the
// running call's context carries, and panto.probe_declare(t), which
// checks t as a tool declaration the way an owned agent does.
func probeModule(seen *[]string, declared *[]*Tool) func(*Options) {
	return func(o *Options) {
		o.Module = func(s *State, mod, ext *runtime.Table) {
			mod.SetStr("probe_ctx", runtime.NewFunction("probe_ctx", func(L *runtime.State) int {
				v, _ := s.Context().Value(probeKey{}).(string)
				*seen = append(*seen, v)
				return 0
			}))
			mod.SetStr("probe_declare", runtime.NewFunction("probe_declare", func(L *runtime.State) int {
				*declared = append(*declared, s.DeclareTool(L, L.Arg(1).AsTable(), "probe_declare"))
				return 0
			}))
		}
	}
}

// TestHandlersSeeTheEventsContext: a handler runs under the context of
// the call that fired its event, so Go code it reaches (an owned agent,
// a store) stops with that call.
func TestHandlersSeeTheEventsContext(t *testing.T) {
	var seen []string
	var declared []*Tool
	th := hostWith(t, map[string]string{"extensions/p.lua": `local panto = require("panto")
return { name = "p", activate = function()
  panto.ext.on("turn_start", function() panto.probe_ctx() end)
end }`}, probeModule(&seen, &declared))
	th.expectNoProblems(t)
	th.TurnStart(context.WithValue(context.Background(), probeKey{}, "turn 1"), 1)
	if strings.Join(seen, ",") != "turn 1" {
		t.Errorf("the handler saw %q", seen)
	}
}

// TestDeclareToolForGo: State.DeclareTool checks a declaration as
// register_tool does, naming the calling function in its errors, and
// attributes the tool to the line of Lua that declared it.
func TestDeclareToolForGo(t *testing.T) {
	var seen []string
	var declared []*Tool
	th := hostWith(t, map[string]string{"extensions/p.lua": `local panto = require("panto")
return { name = "p", activate = function()
  panto.probe_declare { name = "mine", description = "d", schema = { type = "object" }, handler = function() end }
  local ok, err = pcall(panto.probe_declare, { name = "bad", schema = { type = "object" }, handler = function() end })
  assert(not ok and err:find("probe_declare: 'description' is required", 1, true), err)
end }`}, probeModule(&seen, &declared))
	th.expectNoProblems(t)
	if len(declared) != 1 || declared[0].Name != "mine" || declared[0].Source != "extensions/p.lua:3" {
		for _, d := range declared {
			t.Logf("declared %+v", *d)
		}
		t.Fatalf("declared %d tools", len(declared))
	}
}

// TestStyleWithNilValues: style(name, nil) reads a theme like
// style(name).
func TestStyleWithNilValues(t *testing.T) {
	luaCheck(t, nil, `
local ext = panto.ext
assert(ext.style("night", { keyword = "bold" }) == true)
assert(ext.style("night", nil).keyword == ext.style("night").keyword)
assert(ext.style("nope", nil) == nil)`)
}

// TestSetPinnedReturnsNothing: handle:set_pinned gives no value back.
func TestSetPinnedReturnsNothing(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/c.lua": `local panto = require("panto")
return { name = "c", activate = function()
  panto.ext.on("tool_details", function(e)
    local h = e:set_component({ render = function() return { "x" } end })
    print("returned", select("#", h:set_pinned(true)))
  end)
end }`})
	th.expectNoProblems(t)
	ctx := context.Background()
	tc := th.BeginToolCall(ctx, 1)
	tc.Details(ctx, "t", "id1")
	th.expectNoProblems(t)
	if got := th.out.String(); got != "returned\t0\n" {
		t.Errorf("printed %q", got)
	}
}

// TestCallHintLeavesUnknownNamesAlone: a call of a missing field that is
// near no panto function and is no other agent's name gets no hint.
func TestCallHintLeavesUnknownNamesAlone(t *testing.T) {
	for _, msg := range []string{
		"x.lua:1: attempt to call a nil value (field 'zzzzzzzz')",
		"x.lua:1: attempt to call a nil value (field 'register_subagentx_long_name')",
	} {
		if got := callHint(msg); got != "" {
			t.Errorf("callHint(%q) = %q", msg, got)
		}
	}
}

// TestNegativeLoadBudgetMeansNone: LoadBudget below zero gives the load
// no budget of its own: the session's Budget bounds it, and the message
// carries no load-budget hint.
func TestNegativeLoadBudgetMeansNone(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/slow.lua": "return { name = 'slow', activate = function()\n  local n = 0\n  for i = 1, 3000000 do n = n + 1 end\nend }\n",
	}, func(o *Options) { o.LoadBudget, o.Budget = -1, 1_000_000 })
	got := th.problems()
	if !strings.Contains(got, "extensions/slow.lua:3: interrupted: instruction budget exhausted (entry 'slow')") {
		t.Errorf("problems:\n%s", got)
	}
}

// TestStdComesOnlyFromTheBaseLayer: a _std helper in another layer is
// that layer's own module, never served as panto.std.
func TestStdComesOnlyFromTheBaseLayer(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/_std.lua":     `return { mine = true }`,
		"tools/t.lua":        `local own = require("_std") return { name = "t", description = "d", schema = {}, handler = function() return tostring(own.mine) end }`,
		"extensions/std.lua": `return { name = "std", activate = function() require("panto.std") end }`,
	})
	if got := th.problems(); !strings.Contains(got, "module 'panto.std' not found: it is served by the base layer") {
		t.Errorf("problems:\n%s", got)
	}
}

// TestProcessSandboxWithoutAProject: with no project root, the sandbox
// keeps the working folder writable, as the project it stands for.
func TestProcessSandboxWithoutAProject(t *testing.T) {
	childproc.UseHelper("/proc/self/exe")
	defer childproc.UseHelper("")
	if ok, why := childproc.Available(); !ok {
		t.Skip("the system cannot confine commands:", why)
	}
	th := hostWith(t, nil)
	th.setup.ProjectRoot = ""
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	sb := th.processSandbox()
	if sb == nil || !slices.Contains(sb.Writable, cwd) {
		t.Errorf("sandbox %+v, want %s writable", sb, cwd)
	}
}
