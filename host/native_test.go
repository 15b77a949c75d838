package host

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// waitingTool streams the lines of its input's "out" field, then yields to
// the loop before it returns "done": a render between Dispatch and Await
// sees the call while it runs, with what it streamed so far.
const waitingTool = `
local uv = require("luv")
return { name = "t", description = "d", schema = {}, handler = function(input, ctx)
  if input.out then ctx.output(input.out) end
  local co = coroutine.running()
  local timer = uv.new_timer()
  timer:start(0, 0, function() timer:close(); coroutine.resume(co) end)
  coroutine.yield()
  return "done"
end }`

// TestNativeToolBlockWhileRunning: a running call's block shows
// "running…" until the handler streams, then the last three lines it
// streamed, and its result once it has one.
func TestNativeToolBlockWhileRunning(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/t.lua": waitingTool})
	th.expectNoProblems(t)
	ctx := context.Background()
	cases := []struct {
		name, input string
		running     []string
	}{
		{"nothing streamed", `{}`, []string{"● t({})", "  ⎿ running…"}},
		{"one line", `{"out":"first\n"}`, []string{"  ⎿ first"}},
		{"one byte", `{"out":"x"}`, []string{"  ⎿ x"}},
		{"two lines", `{"out":"a\nb"}`, []string{"  ⎿ a", "    b"}},
		{"exactly three", `{"out":"a\nb\nc\n"}`, []string{"  ⎿ a", "    b", "    c"}},
		{"the last three of five", `{"out":"l1\nl2\nl3\nl4\nl5\n"}`, []string{"  ⎿ l3", "    l4", "    l5"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tc := th.BeginToolCall(ctx, 1)
			tc.Details(ctx, "t", "call_1")
			tc.ArgumentDelta(ctx, c.input)
			if err := tc.Complete(ctx); err != nil {
				t.Fatal(err)
			}
			expectRows(t, tc.Block.Render(ctx, 40), 40, "● t("+c.input+")") // not dispatched: no state
			tc.Dispatch(ctx, nil)
			want := c.running
			if !strings.HasPrefix(want[0], "●") {
				want = append([]string{"● t(" + c.input + ")"}, want...)
			}
			expectRows(t, tc.Block.Render(ctx, 40), 40, want...)
			tc.Await(ctx)
			expectRows(t, tc.Block.Render(ctx, 40), 40, "● t("+c.input+")", "  ⎿ done")
		})
	}
}

// TestNativeToolBlockResult: a finished call shows up to 40 lines of its
// result, or three when collapsed, and counts the lines left out; a
// failed call's lines are in the theme's error style.
func TestNativeToolBlockResult(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/lines.lua": `return { name = "lines", description = "d", schema = {}, handler = function(input)
  local out = {}
  for i = 1, input.n do out[#out + 1] = "r" .. i end
  if input.fail then error(table.concat(out, "\n"), 0) end
  return table.concat(out, "\n") .. "\n"
end }`,
	})
	th.expectNoProblems(t)
	ctx := context.Background()
	numbered := func(from, to int) []string {
		var rows []string
		for i := from; i <= to; i++ {
			prefix := "    "
			if i == from {
				prefix = "  ⎿ "
			}
			rows = append(rows, fmt.Sprintf("%sr%d", prefix, i))
		}
		return rows
	}
	cases := []struct {
		n         int
		collapsed bool
		want      []string
	}{
		{3, true, numbered(1, 3)},
		{4, true, append(numbered(1, 3), "    … +1 lines")},
		{40, false, numbered(1, 40)},
		{45, false, append(numbered(1, 40), "    … +5 lines")},
		{45, true, append(numbered(1, 3), "    … +42 lines")},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d lines collapsed %v", c.n, c.collapsed), func(t *testing.T) {
			input := fmt.Sprintf(`{"n":%d}`, c.n)
			tc := th.callTool(t, "lines", input)
			tc.SetCollapsed(ctx, c.collapsed)
			expectRows(t, tc.Block.Render(ctx, 40), 40, append([]string{"● lines(" + input + ")"}, c.want...)...)
		})
	}

	t.Run("failed", func(t *testing.T) {
		tc := th.callTool(t, "lines", `{"n":2,"fail":true}`)
		rows := tc.Block.Render(ctx, 40)
		expectRows(t, rows, 40, `● lines({"n":2,"fail":true})`, "  ⎿ r1", "    r2")
		red := th.theme().Styles["error"]
		if red == "" {
			t.Fatal("the theme has no error style")
		}
		for _, r := range rows[1:] {
			if !strings.Contains(r, red+"r") {
				t.Errorf("row %q of a failed call is not in the error style", r)
			}
		}
		ok := th.callTool(t, "lines", `{"n":1}`)
		if r := ok.Block.Render(ctx, 40)[1]; strings.Contains(r, red) {
			t.Errorf("row %q of a call that succeeded is in the error style", r)
		}
	})
}

// TestNativeToolBlockHeader: the header names the tool (or its position
// while the name is unknown) and shows the arguments on one line, cut
// to the width, or not at all when there is no room for them.
func TestNativeToolBlockHeader(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/t.lua": waitingTool})
	ctx := context.Background()
	tc := th.BeginToolCall(ctx, 2)
	expectRows(t, tc.Block.Render(ctx, 30), 30, "● tool #2")
	tc.Details(ctx, "t", "call_2")
	tc.ArgumentDelta(ctx, "{\n  \"out\":   \"x y\"\n}")
	expectRows(t, tc.Block.Render(ctx, 30), 30, `● t({ "out": "x y" })`)
	// 12 columns leave 12-1-5 = 6 for the arguments: five and an ellipsis.
	expectRows(t, tc.Block.Render(ctx, 12), 12, `● t({ "ou…)`)
	// At name+4 columns there is no room: the name alone.
	expectRows(t, tc.Block.Render(ctx, 5), 5, "● t")
}
