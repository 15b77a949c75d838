package host

import (
	"context"
	"strings"
	"testing"
)

// TestToolInputEdges: inputs that are not JSON objects never start,
// every bound a schema can set is worded for the model, nulls nested in
// objects and arrays count as absent, and a long list of failures is cut
// to three.
func TestToolInputEdges(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/free.lua": `return { name = "free", description = "d", schema = { type = "object" },
  handler = function(input) local n = 0; for _ in pairs(input) do n = n + 1 end; return "keys " .. n end }`,
		"tools/t.lua": `return { name = "t", description = "d",
  schema = { type = "object", additionalProperties = false, properties = {
    hi = { type = "integer", maximum = 10 },
    gt = { type = "number", exclusiveMinimum = 0 },
    lt = { type = "number", exclusiveMaximum = 5 },
    short = { type = "string", maxLength = 3 },
    long = { type = "string", minLength = 2 },
    flag = { type = "boolean" },
    either = { type = { "string", "integer" } },
    sub = { type = "object", additionalProperties = false, properties = { x = { type = "string" } } },
    list = { type = "array", items = { type = "object", properties = { v = { type = "string" } }, required = { "v" } } },
  } },
  handler = function(input) return "ran" end }`,
	})
	th.expectNoProblems(t)
	t.Run("not objects", func(t *testing.T) {
		for in, want := range map[string]string{
			`[]`:    "must be a JSON object, got []",
			`[1,2]`: "must be a JSON object, got [1,2]",
			`7`:     "must be a JSON object, got 7",
			`"s"`:   `must be a JSON object, got "s"`,
			`{`:     "tool input:",
		} {
			if _, err := th.CallTool(context.Background(), "free", in); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("CallTool(%s) = %v, want an error with %q", in, err, want)
			}
		}
	})
	t.Run("empty input is the empty object", func(t *testing.T) {
		if tc := th.callTool(t, "free", ``); !tc.OK || tc.Output != "keys 0" {
			t.Errorf("ok=%v %q", tc.OK, tc.Output)
		}
	})
	for _, c := range []struct{ input, want string }{
		{`{"hi": 11}`, "'hi' must be at most 10, got 11"},
		{`{"gt": 0}`, "'gt' must be greater than 0, got 0"},
		{`{"lt": 5}`, "'lt' must be less than 5, got 5"},
		{`{"short": "abcd"}`, "'short' must be at most 3 characters long, got 4"},
		{`{"long": "a"}`, "'long' must be at least 2 characters long, got 1"},
		{`{"flag": "yes"}`, "'flag' must be true or false, got a string"},
		{`{"either": true}`, "'either' must be an integer or a string, got true or false"},
		{`{"sub": [1]}`, "'sub' must be an object, got an array"},
		{`{"sub": {"y": 1}}`, "unknown field 'sub.y' (fields: x)"},
		{`{"list": [{"v": "a"}, {}]}`, "'list.1.v' is required"},
	} {
		t.Run(c.input, func(t *testing.T) {
			tc := th.callTool(t, "t", c.input)
			if tc.OK || !strings.Contains(tc.Output, "invalid input for tool 't': "+c.want) {
				t.Errorf("ok=%v output %q, want %q", tc.OK, tc.Output, c.want)
			}
		})
	}
	for _, in := range []string{`{"hi": 10, "gt": 0.5, "lt": 4.9, "short": "abc", "long": "ab", "flag": false, "either": 3}`,
		`{"sub": {"x": null}, "list": [{"v": "a", "w": null}], "hi": null}`} {
		t.Run("valid "+in, func(t *testing.T) {
			if tc := th.callTool(t, "t", in); !tc.OK || tc.Output != "ran" {
				t.Errorf("ok=%v %q", tc.OK, tc.Output)
			}
		})
	}
	t.Run("five failures, three named", func(t *testing.T) {
		tc := th.callTool(t, "t", `{"hi": 11, "gt": 0, "lt": 9, "short": "abcd", "long": ""}`)
		if tc.OK || !strings.HasSuffix(tc.Output, "; and 2 more") || strings.Count(tc.Output, "; ") != 3 {
			t.Errorf("ok=%v %q", tc.OK, tc.Output)
		}
	})
}
