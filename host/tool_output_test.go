package host

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStreamedKeepsStartAndEnd: streamed output keeps its first
// streamHead and last streamTail bytes, whatever the pieces, and says
// how many bytes it left out, cutting no character in two.
func TestStreamedKeepsStartAndEnd(t *testing.T) {
	big := strings.Repeat("é", streamHead) // two bytes each: more than head and tail together
	cases := []struct {
		name   string
		pieces []string
		want   func(string) bool
	}{
		{"nothing", nil, func(s string) bool { return s == "" }},
		{"small", []string{"a", "b\n", "c"}, func(s string) bool { return s == "ab\nc" }},
		{"exactly the head", []string{strings.Repeat("x", streamHead)}, func(s string) bool { return s == strings.Repeat("x", streamHead) }},
		{"head and tail, no gap", []string{strings.Repeat("x", streamHead), strings.Repeat("y", streamTail)}, func(s string) bool {
			return s == strings.Repeat("x", streamHead)+strings.Repeat("y", streamTail)
		}},
		{"a gap", []string{strings.Repeat("x", streamHead+10), strings.Repeat("y", streamTail)}, func(s string) bool {
			return s == strings.Repeat("x", streamHead)+"\n… [10 bytes omitted] …\n"+strings.Repeat("y", streamTail)
		}},
		{"characters cut at both ends", []string{"a" + big, big + "b"}, func(s string) bool {
			head, tail, ok := strings.Cut(s, " bytes omitted] …\n")
			return ok && utf8.ValidString(s) && strings.HasPrefix(head, "aéé") && strings.HasSuffix(tail, "éb") &&
				!strings.Contains(s, "\uFFFD") && len(tail) <= streamTail
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s streamed
			for _, p := range c.pieces {
				s.add(p)
			}
			if got := s.text(); !c.want(got) {
				t.Errorf("text() = %.200q… (%d bytes)", got, len(got))
			}
		})
	}
}

// TestStreamedOutputOfAFailedCall: a handler that streams and then
// fails has what it streamed before its error as its result.
func TestStreamedOutputOfAFailedCall(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/t.lua": `return { name = "t", description = "d", schema = {}, handler = function(_, ctx)
  ctx.output("step 1\n"); ctx.output("step 2\n"); error("broke", 0) end }`,
	})
	tc := th.callTool(t, "t", `{}`)
	if tc.OK || tc.Output != "step 1\nstep 2\n[broke]" {
		t.Errorf("result ok=%v %q", tc.OK, tc.Output)
	}
	if got := tc.Streamed(); got != "step 1\nstep 2\n" {
		t.Errorf("Streamed() = %q", got)
	}
}

// TestReplayToolCall: a stored call drawn again fires tool_replay alone,
// with its input as a table and its result, and its block takes the
// component a handler sets.
func TestReplayToolCall(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/spy.lua": `local panto = require("panto")
return { name = "spy", activate = function()
  for _, name in ipairs({ "tool", "tool_details", "tool_call_complete", "tool_dispatch_start", "tool_output_delta", "tool_result", "tool_replay" }) do
    panto.ext.on(name, function(e)
      print(name, e.tool_name, e.id, e.input and e.input.command, e.output, e.result_ok, e.collapsed)
      if name == "tool_replay" then
        e:set_component({ render = function() return { "drawn: " .. e.output } end })
      end
    end)
  end
end }`,
	})
	tc := th.ReplayToolCall(context.Background(), 1, "shell", "c7", `{"command":"ls"}`, "a.txt", true)
	th.expectNoProblems(t)
	if got, want := th.out.String(), "tool_replay\tshell\tc7\tls\ta.txt\ttrue\ttrue\n"; got != want {
		t.Errorf("events %q, want %q", got, want)
	}
	if rows := tc.Block.Render(context.Background(), 40); len(rows) != 1 || !strings.HasPrefix(rows[0], "drawn: a.txt") {
		t.Errorf("the block renders %q", rows)
	}
	if !tc.Done() || !tc.OK || tc.Output != "a.txt" {
		t.Errorf("the call is not finished with its result: %+v", tc)
	}
}
