package host

import (
	"context"
	"testing"
)

// TestQuietCallFiresNothing: a call made for an owned agent or a job
// runs without firing the session's tool events.
func TestQuietCallFiresNothing(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/spy.lua": `local panto = require("panto")
return { name = "spy", activate = function()
  for _, name in ipairs({ "tool", "tool_details", "tool_delta", "tool_call_complete", "tool_dispatch_start", "tool_output_delta", "tool_result" }) do
    panto.ext.on(name, function() print(name) end)
  end
end }`,
		"tools/free.lua": freeTool,
	})
	th.expectNoProblems(t)
	tc := quietCall(t, th, "free", `{"a":1}`)
	tc.Run(context.Background())
	if !tc.OK || tc.Output != "keys 1" || th.out.String() != "" {
		t.Errorf("ok=%v %q, events %q", tc.OK, tc.Output, th.out.String())
	}
}

// TestParseSlashOneLetter: a one-letter command is a command; a bare
// slash is not.
func TestParseSlashOneLetter(t *testing.T) {
	if name, args, ok := ParseSlash(" /x "); !ok || name != "x" || args != "" {
		t.Errorf("ParseSlash(/x) = %q %q %v", name, args, ok)
	}
	if _, _, ok := ParseSlash("/"); ok {
		t.Error("a bare slash is a command")
	}
}
