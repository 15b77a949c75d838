package runtime

import "testing"

// Automatic cycles started by the VM must see only the live registers of
// the running frame: at a backward jump its active locals, at a call the
// registers below the call's top. armCycle, called from Lua, requests a
// cycle and makes the interrupt check come after `ticks` more ticks, so
// each case decides where the cycle runs.
func runLiveness(t *testing.T, src string, ticks int32) []Value {
	t.Helper()
	L := NewState()
	L.Register("armCycle", func(L *State) int {
		gs := &L.g.gc
		gs.startNotifier()
		gs.notifier.pending.Store(true)
		gs.lastDur = 0 // no pacing delay
		L.g.interrupt.arm(ticks - 1)
		return 0
	})
	// strip returns a stripped copy of a Lua function, which has no
	// debug information to tell its live registers.
	L.Register("strip", func(L *State) int {
		b, err := L.Dump(L.Arg(1), true)
		if err != nil {
			L.Errorf("%v", err)
		}
		f, err := L.Load(string(b), "=stripped", "b")
		if err != nil {
			L.Errorf("%v", err)
		}
		L.Push(f)
		return 1
	})
	fn, err := L.Load(src, "=liveness", "t")
	if err != nil {
		t.Fatal(err)
	}
	res, err := L.PCall(fn)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestDeadRegistersDoNotKeepObjectsAlive(t *testing.T) {
	cases := []struct {
		name string
		src  string
	}{
		// The finalizable table was an argument of setmetatable: it stays
		// in a register above the loop's locals, which the loop never
		// overwrites.
		{"repeat", `local done, n = false, 0
			setmetatable({}, {__gc = function() done = true end})
			armCycle()
			repeat n = n + 1 until done or n == 10000
			return n`},
		// Here the registers of the for loop would overwrite a plain
		// call's arguments: the table sits higher, among select's.
		{"numeric for", `local done, n = false, 0
			local k = select("#", 1, 2, 3, 4, 5, 6, setmetatable({}, {__gc = function() done = true end}))
			armCycle()
			for i = 1, 10000 do n = i if done then break end end
			return n`},
		{"while", `local done, n = false, 0
			setmetatable({}, {__gc = function() done = true end})
			armCycle()
			while not done and n < 10000 do n = n + 1 end
			return n`},
		{"goto", `local done, n = false, 0
			setmetatable({}, {__gc = function() done = true end})
			armCycle()
			::again:: n = n + 1
			if not done and n < 10000 then goto again end
			return n`},
		{"at a call", `local done, n = false, 0
			local function f() end
			setmetatable({}, {__gc = function() done = true end})
			armCycle()
			while not done and n < 10000 do f() n = n + 1 end
			return n`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := runLiveness(t, c.src, 3)
			if n, _ := res[0].ToInteger(); n < 1 || n > 10 {
				t.Errorf("the finalizer ran after %v iterations, want it within the first few (the cycle comes after 3 ticks)", res[0])
			}
		})
	}
}

func TestLiveLocalsSurviveCyclesAtJumps(t *testing.T) {
	cases := []struct {
		name, src string
	}{
		{"local before the loop", `local gone = false
			local obj = setmetatable({}, {__gc = function() gone = true end})
			armCycle()
			for i = 1, 100 do end
			return gone, obj ~= nil`},
		{"local in the loop body", `local gone = false
			for i = 1, 3 do
				local obj = setmetatable({}, {__gc = function() gone = true end})
				if i == 1 then armCycle() end
				for j = 1, 50 do end
				if gone then return true, false end
			end
			return false, true`},
		{"for state", `local gone = false
			local t = {setmetatable({}, {__gc = function() gone = true end}), 2, 3}
			local seen = 0
			armCycle()
			for _, v in ipairs(t) do
				for j = 1, 50 do end
				seen = seen + 1
			end
			t = nil
			return gone and seen ~= 3, seen == 3`},
		{"stripped function", `local gone = false
			local f = strip(function(armCycle, setmetatable)
				local obj = setmetatable({}, {__gc = function() gone = true end})
				armCycle()
				for i = 1, 100 do end
				return obj ~= nil
			end)
			local kept = f(armCycle, setmetatable)
			return gone, kept`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := runLiveness(t, c.src, 3)
			if res[0].Truthy() || !res[1].Truthy() {
				t.Errorf("got %v, %v: a live object was collected", res[0], res[1])
			}
		})
	}
}
