package stdlib

import "testing"

// Regressions found by running the official Lua 5.4.4 test suite
// (make lua-suite). Expected outputs were recorded from the reference
// interpreter, lua5.4.
func TestSuiteRegressions(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{
			// coroutine.lua: results that do not fit the resumer's stack
			// make resume fail with a message instead of raising
			// "stack overflow" in the resumer.
			name: "resume too many results",
			src: `local function body()
  local t = {}
  for i = 1, 999990 do t[i] = i end
  return table.unpack(t)
end
print(coroutine.resume(coroutine.create(body)))
print(pcall(coroutine.wrap(body)))
print(select("#", coroutine.resume(coroutine.create(function() return 1, 2, 3 end))))`,
			want: "false\ttoo many results to resume\nfalse\ttoo many results to resume\n4\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			L, out := newTestState(t)
			run(t, L, c.src)
			if out.String() != c.want {
				t.Errorf("got %q, want %q", out.String(), c.want)
			}
		})
	}
}
