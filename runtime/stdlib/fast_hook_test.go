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
  if f == string.byte or f == string.sub or f == select or f == type then
    if ev == "call" then n = n + 1 else r = r + 1 end
  end
end, "cr")
local x = s:byte(2) + #s:sub(2, 3) + select("#", 1, 2)
local y = type(x)
debug.sethook()
print(n, r, x, y)
`
	if got, want := runLua(t, src), "4\t4\t105\tnumber\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
