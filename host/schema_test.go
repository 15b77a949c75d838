package host

import (
	"strings"
	"testing"
)

func TestInvalidSchemaFailsRegistration(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/bad.lua": `return {
  name = "bad", description = "d",
  schema = { type = "objekt" },
  handler = function() return "" end,
}`,
		"extensions/bad2.lua": `local panto = require("panto")
return { name = "bad2", activate = function()
  panto.ext.register_tool { name = "bad2", description = "d",
    schema = { type = "object", properties = { n = { type = "integer", minimum = "one" } } },
    handler = function() return "" end }
end }`,
		"extensions/ref.lua": `local panto = require("panto")
return { name = "ref", activate = function()
  panto.ext.register_tool { name = "ref", description = "d", schema = { ["$ref"] = "file:///etc/passwd" }, handler = function() return "" end }
end }`,
	})
	p := th.problems()
	for _, want := range []string{
		"tools/bad.lua:1: register_tool: tool 'bad': invalid JSON schema: at '/type'",
		"extensions/bad2.lua:3:", "tool 'bad2': invalid JSON schema: at '/properties/n/minimum': got string, want number",
		"tool 'ref': invalid JSON schema", "external references are not allowed",
	} {
		if !strings.Contains(p, want) {
			t.Errorf("problems lack %q:\n%s", want, p)
		}
	}
	if th.Tool("bad") != nil || th.Tool("bad2") != nil || th.Tool("ref") != nil {
		t.Error("a tool with an invalid schema must not register")
	}
}

func TestInputValidatedAgainstSchema(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/t.lua": `return { name = "t", description = "d",
  schema = { type = "object", properties = { n = { type = "integer", minimum = 1 }, mode = { enum = { "a", "b" } },
    opt = { type = "string" }, sub = { type = "object", properties = { x = { type = "string" } }, required = { "x" } } },
    required = { "n" }, additionalProperties = false },
  handler = function(input) return "ran " .. input.n end }`,
	})
	th.expectNoProblems(t)
	cases := []struct{ input, want string }{
		{`{}`, "'n' is required"},
		{`{"n": 0}`, "'n' must be at least 1, got 0"},
		{`{"n": "1"}`, "'n' must be an integer, got a string"},
		{`{"n": 1, "mode": "c"}`, `'mode' must be one of "a", "b"`},
		{`{"n": 1, "extra": true}`, "unknown field 'extra' (fields: mode, n, opt, sub)"},
		{`{"n": 1, "sub": {}}`, "'sub.x' is required"},
	}
	for _, c := range cases {
		t.Run(c.input, func(t *testing.T) {
			tc := th.callTool(t, "t", c.input)
			if tc.OK || !strings.Contains(tc.Output, "invalid input for tool 't': "+c.want) {
				t.Errorf("ok=%v output %q, want %q", tc.OK, tc.Output, c.want)
			}
		})
	}
	t.Run("null counts as absent", func(t *testing.T) {
		if tc := th.callTool(t, "t", `{"n": 2, "opt": null}`); !tc.OK || tc.Output != "ran 2" {
			t.Errorf("ok=%v %q", tc.OK, tc.Output)
		}
	})
}
