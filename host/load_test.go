package host

import (
	"context"
	"strings"
	"testing"
)

func toolNames(h *Host) string {
	var n []string
	for _, t := range h.Tools() {
		n = append(n, t.Name)
	}
	return strings.Join(n, ",")
}

func TestBrokenExtensionsAreReportedAndOthersLoad(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/a_syntax.lua":  "return {\n  name = 'x',,\n}",
		"extensions/b_runtime.lua": "local t = nil\n\nreturn t.field",
		"extensions/c_shape.lua":   "return 42",
		"extensions/d_activate.lua": `
local panto = require("panto")
return { name = "half", activate = function()
  panto.ext.register_tool { name = "half_tool", description = "d", schema = {}, handler = function() return "" end }
  panto.ext.on("tool_result", function() end)
  error("activation broke")
end }`,
		"extensions/e_decl.lua": `return { name = "bad_decl", description = "d", handler = function() end }`,
		"extensions/f_good.lua": `
local panto = require("panto")
return { name = "good", activate = function()
  panto.ext.register_command { name = "ok", description = "d", handler = function() return "fine" end }
end }`,
		"tools/good_tool.lua": `return { name = "good_tool", description = "d", schema = {}, handler = function() return "yes" end }`,
	})
	got := th.problems()
	for _, want := range []string{
		"evaluate: extensions/a_syntax.lua:2:14: unexpected symbol near ','",
		"evaluate: extensions/b_runtime.lua:3: attempt to index a nil value (local 't')",
		"evaluate: extensions/c_shape.lua:1: returned a number; a source must return an entry",
		"activate: extensions/d_activate.lua:6: activation broke (entry 'half')",
		"activate: extensions/e_decl.lua:1: register_tool: 'schema' is required",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
	if len(th.Problems()) != 5 {
		t.Errorf("%d problems recorded, want 5:\n%s", len(th.Problems()), got)
	}
	// The positions are the problems' own, not text inside their messages:
	// the syntax error's from the compiler, the runtime error's from Lua's
	// "file:line: " prefix, the wrong shape's from the chunk's return.
	at := map[string][2]int{}
	for _, p := range th.Problems() {
		if strings.HasPrefix(p.Message, p.File) {
			t.Errorf("message repeats the file: %+v", p)
		}
		at[p.File] = [2]int{p.Line, p.Column}
	}
	for file, want := range map[string][2]int{
		"extensions/a_syntax.lua": {2, 14}, "extensions/b_runtime.lua": {3, 0},
		"extensions/c_shape.lua": {1, 0}, "extensions/d_activate.lua": {6, 0},
	} {
		t.Run(file, func(t *testing.T) {
			if at[file] != want {
				t.Errorf("%s: line, column %v, want %v", file, at[file], want)
			}
		})
	}
	// The others loaded; the failed activation left nothing behind.
	if names := toolNames(th.Host); names != "good_tool" {
		t.Errorf("tools %q", names)
	}
	if len(th.Handlers()) != 0 {
		t.Errorf("the failed entry's handler survived")
	}
	if out := th.command(t, "/ok"); out != "fine" {
		t.Errorf("command output %q", out)
	}
}

func TestDuplicateNamesNameBothSources(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/one.lua": `
local panto = require("panto")
return { name = "one", activate = function()
  panto.ext.register_tool { name = "dup", description = "d", schema = {}, handler = function() return "one" end }
  panto.ext.register_command { name = "c", description = "d", handler = function() end }
  panto.ext.register_protocol { name = "p", open = function() end }
end }`,
		"extensions/two.lua": `
local panto = require("panto")
return { name = "two", activate = function()
  panto.ext.register_command { name = "c", description = "d", handler = function() end }
end }`,
		"extensions/three.lua": `
local panto = require("panto")
return { name = "three", activate = function()
  panto.ext.register_protocol { name = "p", open = function() end }
end }`,
		"tools/dup.lua": `return { name = "dup", description = "d", schema = {}, handler = function() return "two" end }`,
	})
	got := th.problems()
	for _, want := range []string{
		"duplicate command name 'c': registered by extensions/one.lua:5 and again by extensions/two.lua:4",
		"duplicate protocol name 'p': registered by extensions/one.lua:6 and again by extensions/three.lua:4",
		"duplicate tool name 'dup': registered by extensions/one.lua:4 and again by tools/dup.lua",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
	if tc := th.callTool(t, "dup", "{}"); tc.Output != "one" {
		t.Errorf("the first registration must stay: %q", tc.Output)
	}
}

// A registration made through pcall (or another Go function) names the
// nearest Lua line, not nothing.
func TestDuplicateThroughPcallNamesALine(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/one.lua": `
local panto = require("panto")
return { name = "one", activate = function()
  panto.ext.register_command { name = "c", description = "d", handler = function() end }
  local ok, err = pcall(panto.ext.register_command, { name = "c", description = "d", handler = function() end })
  if not ok then error(err, 0) end
end }`,
		"extensions/two.lua": `
local panto = require("panto")
return { name = "two", activate = function()
  assert(pcall(panto.ext.register_tool, { name = "t", description = "d", schema = {}, handler = function() end }))
  panto.ext.register_tool { name = "t", description = "d", schema = {}, handler = function() end }
end }`,
	})
	got := th.problems()
	for _, want := range []string{
		"duplicate command name 'c': registered by extensions/one.lua:4 and again by extensions/one.lua:5",
		"duplicate tool name 't': registered by extensions/two.lua:4 and again by extensions/two.lua:5",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
}

func TestAllowDeny(t *testing.T) {
	files := map[string]string{
		"extensions/keep.lua":   `return { name = "keep", activate = function() end }`,
		"extensions/broken.lua": `error("never evaluated")`,
		"tools/misc.lua": `return {
  { name = "alpha", description = "d", schema = {}, handler = function() return "a" end },
  { name = "beta", description = "d", schema = {}, handler = function() return "b" end },
}`,
		"config.toml": "[extensions]\ndeny = [\"broken\", \"beta\"]\n",
	}
	th := hostWith(t, files)
	th.expectNoProblems(t)
	if names := toolNames(th.Host); names != "alpha" {
		t.Errorf("tools %q", names)
	}
	skips := map[string]string{}
	for _, s := range th.Skipped() {
		skips[s.Name] = s.Reason
	}
	if skips["broken"] != "denied by [extensions] deny" || skips["beta"] != "denied by [extensions] deny" {
		t.Errorf("skips %v", skips)
	}

	files["config.toml"] = "[extensions]\nallow = [\"misc\", \"k*\"]\ndeny = [\"broken\"]\n"
	th = hostWith(t, files)
	th.expectNoProblems(t)
	if names := toolNames(th.Host); names != "alpha,beta" {
		t.Errorf("allow by file name: tools %q", names)
	}

	files["config.toml"] = "[extensions]\nallow = [\"beta\"]\ndeny = [\"broken\"]\n"
	th = hostWith(t, files)
	if names := toolNames(th.Host); names != "beta" {
		t.Errorf("allow by declared name: tools %q", names)
	}
	skips = map[string]string{}
	for _, s := range th.Skipped() {
		skips[s.Name] = s.Reason
	}
	if skips["keep"] != "not in [extensions] allow" {
		t.Errorf("skips %v", skips)
	}
}

func TestRequireSiblingsAndIsolation(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/a/init.lua": `
local util = require("util")
local deep = require("sub.deep")
return { name = "a", activate = function()
  -- a lazy require inside activate resolves to the same entry
  assert(require("util") == util)
  print("a", util.who, deep.who, select(2, require("util")))
end }`,
		"extensions/a/util.lua":     `return { who = "a.util" }`,
		"extensions/a/sub/deep.lua": `return { who = "a.sub.deep" }`,
		"extensions/b/init.lua": `
local util = require("util")
return { name = "b", activate = function() print("b", util.who) end }`,
		"extensions/b/util.lua": `return { who = "b.util" }`,
		"tools/t1.lua": `
local std = require("_std")
return { name = "t1", description = "d", schema = {}, handler = function() return std.tag("one") end }`,
		"tools/_std.lua": `return { tag = function(s) return "[" .. s .. "]" end }`,
		"tools/t2.lua": `
local ok, err = pcall(require, "t1")
assert(not ok and err:find("module 't1' not found"), err)
return { name = "t2", description = "d", schema = {}, handler = function() return require("_std").tag("two") end }`,
	})
	th.expectNoProblems(t)
	if got := th.out.String(); got != "a\ta.util\ta.sub.deep\textensions/a/util.lua\nb\tb.util\n" {
		t.Errorf("printed %q", got)
	}
	if tc := th.callTool(t, "t2", "{}"); tc.Output != "[two]" {
		t.Errorf("t2 %q", tc.Output)
	}
	if _, err := th.CallTool(context.Background(), "t1", "{}"); err != nil {
		t.Error(err)
	}
	if th.vm.L.Loaded().GetStr("util").Truthy() {
		t.Error("an extension module leaked into package.loaded")
	}
}

func TestNoGlobalPanto(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/g.lua": `
assert(panto == nil, "global panto exists")
local p = require("panto")
assert(type(p.ext) == "table" and type(p.text) == "table")
assert(require("panto") == p)
return { name = "g", activate = function() end }`,
	})
	th.expectNoProblems(t)
}
