package runtime

import (
	"strings"
	"testing"
)

// TestSetMetatableKeepsItsObject: registering a finalizer is a point
// where a cycle Go's collector requested may run. A Go function makes
// its userdata, sets a metatable with __gc and only then pushes it, the
// way lua_setmetatable's callers would if the object were not already
// on the stack; the cycle must not find that object garbage and
// finalize it before Lua receives it (panto's owned-agent jobs came
// back cancelled this way).
func TestSetMetatableKeepsItsObject(t *testing.T) {
	L := NewState()
	var out strings.Builder
	L.SetOutput(&out, &out)
	L.Register("newguarded", func(L *State) int {
		mt := L.CheckTable(1)
		gs := &L.g.gc
		gs.startNotifier()
		gs.notifier.pending.Store(true) // as if Go's collector had run
		gs.lastDur = 0                  // no pacing delay
		ud := UserdataValue(NewUserdata("job", nil))
		L.SetMetatable(ud, mt)
		L.Push(ud)
		return 1
	})
	if _, err := L.DoString(`
local mt = { __gc = function() print("finalized") end }
local u = newguarded(mt)
print("received", type(u))
u = nil
collectgarbage()
print("after")`, "=test"); err != nil {
		t.Fatal(err)
	}
	L.Close()
	if want := "received\tuserdata\nfinalized\nafter\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}
