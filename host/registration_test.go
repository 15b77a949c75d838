package host

import (
	"context"
	"strings"
	"testing"
)

func TestToolResults(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/results.lua": `
local function tool(name, handler)
  return { name = name, description = "d", schema = { type = "object" }, handler = handler }
end
return {
  tool("str", function() return "plain" end),
  tool("parts", function() return { text = "with parts", attachments = {
    { media_type = "image/png", data = "\137PNG" }, { data = "raw" } } } end),
  tool("only_atts", function() return { attachments = { { data = "x" } } } end),
  tool("num", function() return 42 end),
  tool("none", function() end),
  tool("emptytable", function() return {} end),
  tool("badtext", function() return { text = 1 } end),
  tool("badatt", function() return { text = "t", attachments = { { media_type = "x" } } } end),
  tool("raises", function() error("handler broke") end),
  tool("echo_input", function(input) return require("panto").ext.json.encode(input) end),
}`,
	})
	th.expectNoProblems(t)
	for _, c := range []struct {
		tool, input string
		ok          bool
		out         string
		atts        int
	}{
		{"str", "{}", true, "plain", 0},
		{"parts", "{}", true, "with parts", 2},
		{"only_atts", "{}", true, "", 1},
		{"num", "{}", false, "tool 'num' (tools/results.lua): the handler returned a number; a tool handler must return a string or { text, attachments }", 0},
		{"none", "{}", false, "the handler returned nothing", 0},
		{"emptytable", "{}", false, "a table without text or attachments", 0},
		{"badtext", "{}", false, "the result's text must be a string, got number", 0},
		{"badatt", "{}", false, "attachment 1: data must be a string, got nil", 0},
		{"raises", "{}", false, "tools/results.lua:15: handler broke", 0},
		{"echo_input", `{"list":[],"n":null,"x":1.5}`, true, `{"list":[],"n":null,"x":1.5}`, 0},
		{"echo_input", ``, true, `{}`, 0},
	} {
		t.Run(c.input, func(t *testing.T) {
			tc := th.callTool(t, c.tool, c.input)
			if tc.OK != c.ok || !strings.Contains(tc.Output, c.out) || len(tc.Attachments) != c.atts {
				t.Errorf("%s: ok=%v output=%q attachments=%d", c.tool, tc.OK, tc.Output, len(tc.Attachments))
			}
		})
	}
	tc := th.callTool(t, "parts", "{}")
	if tc.Attachments[0] != (Attachment{MediaType: "image/png", Data: "\x89PNG"}) || tc.Attachments[1].MediaType != "" {
		t.Errorf("attachments %+v", tc.Attachments)
	}
	for _, bad := range []string{"[]", "[1]", "12", `"s"`, "null", "{"} {
		if _, err := th.CallTool(context.Background(), "str", bad); err == nil {
			t.Errorf("input %s accepted", bad)
		}
	}
}

func TestRegistrationValidation(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/v.lua": `
local ext = require("panto").ext
local function check(fn, arg, want)
  local ok, err = pcall(fn, arg)
  assert(not ok, "accepted: " .. want)
  assert(err:find(want, 1, true), err)
end
return { name = "v", activate = function()
  local h = function() end
  check(ext.register_tool, nil, "bad argument #1 to 'register_tool' (table expected, got nil)")
  check(ext.register_tool, { description = "d", schema = {}, handler = h }, "'name' is required")
  check(ext.register_tool, { name = "has space", description = "d", schema = {}, handler = h }, "must be 1 to 64 letters")
  check(ext.register_tool, { name = "t", schema = {}, handler = h }, "'description' is required")
  check(ext.register_tool, { name = "t", description = "d", schema = "x", handler = h }, "'schema' must be a table, got string")
  check(ext.register_tool, { name = "t", description = "d", schema = { 1, 2 }, handler = h }, "schema must be a JSON object")
  check(ext.register_tool, { name = "t", description = "d", schema = {} }, "'handler' is required (a function)")
  check(ext.register_tool, { name = "t", description = "d", schema = {}, handler = "h" }, "'handler' must be a function, got string")
  check(ext.register_command, { name = "/slash", description = "d", handler = h }, "no leading '/'")
  check(ext.register_command, { name = "a b", description = "d", handler = h }, "contain no spaces")
  check(ext.register_command, { name = "c", handler = h }, "'description' is required")
  check(ext.register_protocol, { name = "p" }, "'open' is required")
  check(ext.register_protocol, { name = "p", open = h, close = 1 }, "'close' must be a function, got number")
  local levels = {}
  for i = 1, 33 do levels[i] = { label = "l" .. i } end
  check(ext.register_protocol, { name = "p", open = h, effort_levels = levels }, "33 effort levels given; at most 32")
  levels[33] = nil
  ext.register_protocol { name = "ok32", open = h, effort_levels = levels }
  check(ext.register_protocol, { name = "p", open = h, effort_levels = { { label = "a" }, { label = "a" } } }, "label 'a' appears twice")
  check(ext.register_protocol, { name = "p", open = h, effort_levels = { { detail = "x" } } }, "effort level 1: 'label' is required")
  check(ext.register_protocol, { name = "p", open = h, effort_levels = { "quick" } }, "effort level 1 must be a table")
  check(ext.on, nil, "bad argument #1 to 'on' (string expected, got nil)")
  check(ext.on, "", "event name must not be empty")
  check(function(n) ext.on(n, "x") end, "x", "bad argument #2 to 'on' (function expected, got string)")
end }`,
	})
	th.expectNoProblems(t)
	if ps := th.Protocols(); len(ps) != 1 || len(ps[0].EffortLevels) != 32 {
		t.Errorf("protocols %+v", ps)
	}
}

func TestRebuildStartsAFreshState(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/count.lua": `
local panto = require("panto")
local n = 0
return { name = "count", activate = function()
  panto.ext.register_command { name = "count", description = "d", handler = function() n = n + 1; return tostring(n) end }
  panto.ext.register_protocol { name = "p", open = function() end, close = function(self)
    print("closing " .. self.name)
  end }
end }`,
	})
	th.command(t, "/count")
	if got := th.command(t, "/count"); got != "2" {
		t.Fatalf("count %q", got)
	}
	th.Rebuild(context.Background(), "new")
	if got := th.command(t, "/count"); got != "1" {
		t.Errorf("module state survived the rebuild: %q", got)
	}
	if th.out.String() != "closing p\n" {
		t.Errorf("protocol close at teardown: %q", th.out.String())
	}
	th.expectNoProblems(t)
}
