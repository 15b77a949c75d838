package host

import (
	"context"
	"strings"
	"testing"
)

// TestReplaceInput: a hook's replacement input is what the handler
// receives and what the call reports, checked against the schema at
// dispatch like the model's; one that is not a JSON object is refused
// and the model's input stays.
func TestReplaceInput(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/echo.lua": `return { name = "echo", description = "d",
  schema = { type = "object", properties = { m = { type = "string" } } },
  handler = function(input) return "echo " .. tostring(input.m) end }`})
	th.expectNoProblems(t)
	ctx := context.Background()
	start := func(t *testing.T) *ToolCall {
		t.Helper()
		return quietCall(t, th, "echo", `{"m":"model"}`)
	}
	t.Run("replaced", func(t *testing.T) {
		tc := start(t)
		if err := tc.ReplaceInput(`{"m":"hook"}`); err != nil {
			t.Fatal(err)
		}
		tc.Run(ctx)
		if !tc.OK || tc.Output != "echo hook" || tc.InputJSON != `{"m":"hook"}` || tc.FinalInputJSON != `{"m":"hook"}` {
			t.Errorf("ok=%v %q input %q final %q", tc.OK, tc.Output, tc.InputJSON, tc.FinalInputJSON)
		}
	})
	t.Run("empty is the empty object", func(t *testing.T) {
		tc := start(t)
		if err := tc.ReplaceInput(``); err != nil {
			t.Fatal(err)
		}
		tc.Run(ctx)
		if !tc.OK || tc.Output != "echo nil" || tc.FinalInputJSON != `{}` {
			t.Errorf("ok=%v %q final %q", tc.OK, tc.Output, tc.FinalInputJSON)
		}
	})
	for in, want := range map[string]string{
		`[1]`:   "tool input must be a JSON object, got [1]",
		`"m"`:   `tool input must be a JSON object, got "m"`,
		`{"m":`: "tool input: ",
	} {
		t.Run("refused "+in, func(t *testing.T) {
			tc := start(t)
			if err := tc.ReplaceInput(in); err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("ReplaceInput(%s) = %v, want %q", in, err, want)
			}
			tc.Run(ctx)
			if !tc.OK || tc.Output != "echo model" || tc.InputJSON != `{"m":"model"}` {
				t.Errorf("after a refused replacement: ok=%v %q input %q", tc.OK, tc.Output, tc.InputJSON)
			}
		})
	}
	t.Run("checked against the schema", func(t *testing.T) {
		tc := start(t)
		if err := tc.ReplaceInput(`{"m":5}`); err != nil {
			t.Fatal(err)
		}
		tc.Run(ctx)
		if tc.OK || tc.Output != "invalid input for tool 'echo': 'm' must be a string, got a number" {
			t.Errorf("ok=%v %q", tc.OK, tc.Output)
		}
	})
}

// TestToolResultShapes: what a handler may return, and the message the
// model reads for each shape it may not.
func TestToolResultShapes(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/r.lua": `return { name = "r", description = "d", schema = {},
  handler = function(input)
    local shapes = {
      text_number = { text = 5 },
      atts_string = { text = "t", attachments = "png" },
      atts_holes = { text = "t", attachments = { [2] = { data = "x" } } },
      att_string = { text = "t", attachments = { "x" } },
      mt_number = { text = "t", attachments = { { data = "x", media_type = 5 } } },
      two = { text = "t", attachments = { { data = "a", media_type = "image/png" }, { data = "b" } } },
      atts_only = { attachments = { { data = "a" } } },
    }
    return shapes[input.shape]
  end }`})
	th.expectNoProblems(t)
	for _, c := range []struct {
		shape, output string
		ok            bool
		atts          []Attachment
	}{
		{"text_number", "tool 'r' (tools/r.lua): the result's text must be a string, got number", false, nil},
		{"atts_string", "tool 'r' (tools/r.lua): the result's attachments must be an array of { media_type?, data } tables", false, nil},
		{"atts_holes", "tool 'r' (tools/r.lua): the result's attachments must be an array of { media_type?, data } tables", false, nil},
		{"att_string", "tool 'r' (tools/r.lua): attachment 1 must be a table { media_type?, data }", false, nil},
		{"mt_number", "tool 'r' (tools/r.lua): attachment 1: media_type must be a string, got number", false, nil},
		{"two", "t", true, []Attachment{{MediaType: "image/png", Data: "a"}, {Data: "b"}}},
		{"atts_only", "", true, []Attachment{{Data: "a"}}},
	} {
		t.Run(c.shape, func(t *testing.T) {
			tc := th.callTool(t, "r", `{"shape":"`+c.shape+`"}`)
			if tc.OK != c.ok || tc.Output != c.output || len(tc.Attachments) != len(c.atts) {
				t.Fatalf("ok=%v %q %+v", tc.OK, tc.Output, tc.Attachments)
			}
			for i, a := range c.atts {
				if tc.Attachments[i] != a {
					t.Errorf("attachment %d = %+v, want %+v", i+1, tc.Attachments[i], a)
				}
			}
		})
	}
}

// TestStreamedOutputObservers: each piece a handler streams reaches the
// owner's observer and a tool_output_delta with the output so far;
// empty pieces and pieces after the result are dropped.
func TestStreamedOutputObservers(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/spy.lua": `local panto = require("panto")
return { name = "spy", activate = function()
  panto.ext.on("tool_output_delta", function(e) print(e.delta, e.output, e.partial) end)
end }`,
		"tools/s.lua": `return { name = "s", description = "d", schema = {}, handler = function(_, ctx)
  ctx.output("a"); ctx.output(""); ctx.output("b\n")
  LATE = ctx.output
  return "a" .. "b\ndone"
end }`,
	})
	th.expectNoProblems(t)
	ctx := context.Background()
	tc := th.BeginToolCall(ctx, 1)
	var seen []string
	tc.OnOutput = func(d string) { seen = append(seen, d) }
	tc.Details(ctx, "s", "c1")
	if err := tc.Complete(ctx); err != nil {
		t.Fatal(err)
	}
	tc.Run(ctx)
	if strings.Join(seen, "|") != "a|b\n" {
		t.Errorf("observer saw %q", seen)
	}
	// The last delta is what the result adds to what was streamed.
	want := "a\ta\ttrue\nb\n\tab\n\ttrue\ndone\tab\ndone\tfalse\n"
	if got := th.out.String(); got != want {
		t.Errorf("events %q, want %q", got, want)
	}
	if _, err := th.vm.L.DoString(`LATE("after")`, "=late"); err != nil {
		t.Fatal(err)
	}
	if got := tc.Streamed(); got != "ab\n" || len(seen) != 2 {
		t.Errorf("output after the result was kept: %q %q", got, seen)
	}
}
