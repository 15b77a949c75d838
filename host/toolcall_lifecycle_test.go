package host

import (
	"context"
	"strings"
	"testing"
)

const freeTool = `return { name = "free", description = "d", schema = { type = "object" },
  handler = function(input) local n = 0; for _ in pairs(input) do n = n + 1 end; return "keys " .. n end }`

// quietCall starts a call the way a session does for an owned agent:
// no events, details, the whole input, complete.
func quietCall(t *testing.T, th *testHost, name, input string) *ToolCall {
	t.Helper()
	ctx := context.Background()
	tc := th.BeginQuietToolCall(1)
	tc.Details(ctx, name, "call_q")
	tc.ArgumentDelta(ctx, input)
	if err := tc.Complete(ctx); err != nil {
		t.Fatal(err)
	}
	return tc
}

// TestToolCallLifecycle drives the calls a session makes: a call that
// runs, one refused before it starts (Fail), one of an unknown tool, and
// one bound to a tool registered under another name. Each reports when
// it finished and gets its result.
func TestToolCallLifecycle(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/free.lua": freeTool, "tools/echo.lua": `return { name = "echo", description = "d",
  schema = { type = "object" }, handler = function(input) return "echo " .. tostring(input.m) end }`})
	th.expectNoProblems(t)
	ctx := context.Background()
	finished := func(tc *ToolCall) *bool {
		ran := new(bool)
		tc.OnFinished(func() { *ran = true })
		return ran
	}

	t.Run("runs", func(t *testing.T) {
		tc := quietCall(t, th, "echo", `{"m":"hi"}`)
		tc.Dispatch(ctx, nil)
		ran := finished(tc)
		tc.Await(ctx)
		if !tc.OK || tc.Output != "echo hi" || !tc.Done() || !tc.Finished() || !*ran {
			t.Errorf("ok=%v %q done=%v finished=%v onFinished=%v", tc.OK, tc.Output, tc.Done(), tc.Finished(), *ran)
		}
	})
	t.Run("refused", func(t *testing.T) {
		tc := quietCall(t, th, "echo", `{"m":"hi"}`)
		tc.Fail("not for this agent")
		if !tc.Finished() {
			t.Error("a refused call is not finished")
		}
		ran := finished(tc)
		if !*ran {
			t.Error("OnFinished did not run at once for a refused call")
		}
		tc.Dispatch(ctx, nil)
		tc.Await(ctx)
		if tc.OK || tc.Output != "not for this agent" {
			t.Errorf("ok=%v %q", tc.OK, tc.Output)
		}
	})
	t.Run("unknown", func(t *testing.T) {
		tc := quietCall(t, th, "ghost", `{}`)
		tc.Dispatch(ctx, nil)
		if !tc.Finished() || !*finished(tc) {
			t.Error("an unknown tool's call is not finished at once")
		}
		tc.Await(ctx)
		if tc.OK || tc.Output != "unknown tool 'ghost' (available: echo, free)" {
			t.Errorf("ok=%v %q", tc.OK, tc.Output)
		}
	})
	t.Run("bound", func(t *testing.T) {
		tc := quietCall(t, th, "alias", `{"a":1,"b":2}`)
		tc.Bind(th.Tool("free"))
		tc.Await(ctx) // dispatches on its own
		if !tc.OK || tc.Output != "keys 2" {
			t.Errorf("ok=%v %q", tc.OK, tc.Output)
		}
	})
	t.Run("not finished before it runs", func(t *testing.T) {
		tc := quietCall(t, th, "echo", `{}`)
		if tc.Finished() || tc.Done() {
			t.Error("a call not dispatched reports finished")
		}
	})
}

// TestUnknownToolHints: CallTool names where to look, or says nothing is
// registered; a dispatched call of an unknown tool with no tools says so.
func TestUnknownToolHints(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/free.lua": freeTool})
	if _, err := th.CallTool(context.Background(), "nope", "{}"); err == nil || err.Error() != "unknown tool 'nope' (see --list for the registered tools)" {
		t.Errorf("CallTool = %v", err)
	}
	empty := hostWith(t, map[string]string{"extensions/e.lua": `return { name = "e", activate = function() end }`})
	if _, err := empty.CallTool(context.Background(), "nope", "{}"); err == nil || !strings.HasSuffix(err.Error(), "(no tools are registered)") {
		t.Errorf("CallTool with no tools = %v", err)
	}
	tc := quietCall(t, empty, "nope", "{}")
	tc.Await(context.Background())
	if tc.Output != "unknown tool 'nope' (no tools are registered)" {
		t.Errorf("output %q", tc.Output)
	}
}
