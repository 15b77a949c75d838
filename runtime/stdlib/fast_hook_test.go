package stdlib

import "testing"

// Call and return hooks see the functions that have a Fast path, called
// from the dispatch loop: while a hook is set, the calls take their
// frames. Expected output recorded from lua5.4.
func TestFastPathsHooked(t *testing.T) {
	const src = `
local s, n, r = "hello", 0, 0
debug.sethook(function(ev)
  local f = debug.getinfo(2, "f").func
  if f == string.byte or f == string.sub or f == select or f == type or f == string.find then
    if ev == "call" then n = n + 1 else r = r + 1 end
  end
end, "cr")
local x = s:byte(2) + #s:sub(2, 3) + select("#", 1, 2)
x = x + s:find("[l]") + s:find("[l]") -- the second with the pattern learnt
local y = type(x)
debug.sethook()
print(n, r, x, y)
`
	if got, want := runLua(t, src), "6\t6\t111\tnumber\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
