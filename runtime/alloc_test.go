package runtime

import "testing"

// Numbers and booleans live inside Values, and a call from Lua to Lua
// reuses its call record and stack slots: once warmed up, arithmetic,
// comparisons and Lua-to-Lua calls allocate nothing.
func TestSteadyStateAllocatesNothing(t *testing.T) {
	L := NewState()
	fn := mustLoad(t, L, `
		local function add(a, b) return a + b end
		local function pick(c, x, y) if c then return x else return y end end
		return function(n)
			local s, f, ok = 0, 0.5, true
			for i = 1, n do
				s = add(s, i) % 1000003
				f = f * 1.0001 + i / 7
				ok = pick(i % 2 == 0, ok, not ok) and s >= 0
			end
			return s, f, ok
		end`)
	res, err := L.PCall(fn)
	if err != nil {
		t.Fatal(err)
	}
	work := res[0]
	run := func() {
		L.Push(work, Int(1000))
		L.CallStack(1, 3)
		L.Pop(3)
	}
	run() // warm up: call records and stack slots are created once
	if allocs := testing.AllocsPerRun(20, run); allocs != 0 {
		t.Fatalf("a warmed-up run of 1000 iterations allocated %v times", allocs)
	}
}
