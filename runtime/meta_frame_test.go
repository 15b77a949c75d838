package runtime

import (
	"strings"
	"testing"
	"time"
)

// Lua metamethods called by Lua code run as frames of the dispatch loop
// (meta_frame.go). The conformance corpus checks their results, errors,
// tracebacks, hooks and yields against the reference (metamethods/frames_*,
// coroutine/yield_in_metamethod_frames, debug/hooks_metamethod_frames);
// these tests cover what only the Go side sees: interruption, budgets and
// the C-level call count.

func TestMetaFrameInterruption(t *testing.T) {
	cases := []struct {
		name  string
		setup func(L *State)
		src   string
		want  string
	}{
		{"a budget stops a loop inside __index", func(L *State) { L.SetBudget(20000) }, `
			local o = setmetatable({}, {__index = function(t, k) while true do end end})
			return o.x`, "instruction budget exhausted"},
		{"a budget counts metamethod calls", func(L *State) { L.SetBudget(100) }, `
			-- 150 nested __index calls, no loop, no other call: only the
			-- metamethod calls count ticks, and the budget ends them.
			local o = setmetatable({}, {__index = function(t, k)
				if k == 0 then return 0 end
				return t[k - 1] + 1
			end})
			return o[150]`, "instruction budget exhausted"},
		{"a budget stops errors caught around metamethods", func(L *State) { L.SetBudget(50000) }, `
			local o = setmetatable({}, {__add = function(a, b) error("bad add") end})
			while true do pcall(function() return o + 1 end) end`, "instruction budget exhausted"},
		{"an interrupt stops __lt looping", func(L *State) {
			go func() {
				time.Sleep(10 * time.Millisecond)
				L.Interrupt("stop")
			}()
		}, `
			local o = setmetatable({}, {__lt = function(a, b) repeat until false end})
			if o < o then return 1 end`, "interrupted: stop"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			L := NewState()
			c.setup(L)
			_, err := L.PCall(mustLoad(t, L, c.src))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
			L.ClearInterrupt()
			L.SetBudget(0)
			res, err := L.PCall(mustLoad(t, L, `
				local v = setmetatable({}, {__add = function(a, b) return 40 + b end})
				return v + 2`))
			if err != nil || len(res) != 1 || res[0].AsInt() != 42 {
				t.Fatalf("state unusable afterwards: %v %v", res, err)
			}
		})
	}
}

// The C-level call count (nCcalls) goes back to where it was once the
// metamethods have returned, also when they yielded in between or raised
// errors: else the depth allowed to later metamethods would drift.
func TestMetaFrameCallCountBalanced(t *testing.T) {
	cases := []struct{ name, src string }{
		{"returns", `
			local o = setmetatable({}, {__index = function(t, k) return k end,
				__add = function(a, b) return 1 end, __lt = function() return true end})
			local s = 0
			for i = 1, 100 do s = s + o[i] + (o + o); if o < o then s = s + 1 end end
			return s`},
		{"errors", `
			local o = setmetatable({}, {__index = function(t, k) error("x") end})
			for i = 1, 100 do pcall(function() return o[i] end) end
			return 0`},
		{"yields", `
			local o = setmetatable({}, {__index = function(t, k) return coroutine.yield(k) end})
			local co = coroutine.wrap(function()
				local s = 0
				for i = 1, 100 do s = s + o[i] end
				return s
			end)
			local v = co()
			while v ~= 5050 * 2 do v = co(v * 2) end
			return v`},
		{"errors after yields", `
			local o = setmetatable({}, {__index = function(t, k) coroutine.yield(); error("late") end})
			local co = coroutine.wrap(function()
				for i = 1, 50 do pcall(function() return o[i] end) end
				return "done"
			end)
			local v
			repeat v = co() until v == "done"
			return 0`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			L := NewState()
			before := L.nCcalls
			if _, err := L.PCall(mustLoad(t, L, c.src)); err != nil {
				t.Fatal(err)
			}
			if L.nCcalls != before {
				t.Fatalf("nCcalls = %d after the run, %d before", L.nCcalls, before)
			}
			// The full depth is still there: 150 nested metamethods run.
			res, err := L.PCall(mustLoad(t, L, `
				local o = setmetatable({}, {__index = function(t, k)
					if k == 0 then return 0 end
					return t[k - 1] + 1
				end})
				return o[150]`))
			if err != nil || res[0].AsInt() != 150 {
				t.Fatalf("deep metamethods afterwards: %v %v", res, err)
			}
		})
	}
}
