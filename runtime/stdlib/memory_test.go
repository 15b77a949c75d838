package stdlib

import (
	"strings"
	"testing"

	"panto/runtime"
)

// A state's memory limit turns exhaustion into "not enough memory": a
// Lua error pcall catches (no message handler sees it, as in the
// reference), after which the state goes on. Each case would use far
// more than the limit. Under the race detector the limit is smaller:
// filling 64 MB there took over four minutes of a loaded make test, and
// the limit's behaviour does not depend on its size.
func TestMemoryLimit(t *testing.T) {
	limit := int64(64 << 20)
	if raceEnabled {
		limit = 8 << 20
	}
	cases := []struct{ name, src string }{
		{"strings kept in a table", `local s = string.rep("x", 1 << 20) local t = {} for i = 1, 1e6 do t[i] = s .. i end`},
		{"a growing sequence", `local t = {} for i = 1, 1e9 do t[i] = i end`},
		{"a growing hash", `local t = {} for i = 1, 1e9 do t["k" .. i] = true end`},
		{"table.insert", `local t = {} for i = 1, 1e9 do table.insert(t, i) end`},
		{"many small tables", `local t = {} for i = 1, 1e9 do t[i] = {} end`},
		{"closures", `local t = {} for i = 1, 1e9 do t[i] = function() return i end end`},
		{"string.rep", `local s = string.rep("x", 1 << 30)`},
		{"doubling concatenation", `local s = "x" while true do s = s .. s end`},
		{"table.concat", `local t = {} for i = 1, 1 << 12 do t[i] = string.rep("y", 1 << 16) end local s = table.concat(t)`},
		{"gsub result", `local s = string.gsub(string.rep("a", 1 << 16), "a", string.rep("b", 1 << 12))`},
		{"string.format", `local s = string.rep("z", 1 << 25) s = string.format("%s%s%s", s, s, s)`},
		// load returns the memory error as its message, as the
		// reference's does; raised again, it is an ordinary error.
		{"load reader", `local piece = string.rep("-", 1 << 16) .. "\n" local f, err = load(function() return piece end) if err == "not enough memory" then handled = false error(err, 0) end`},
		{"coroutines", `local t = {} for i = 1, 1e9 do t[i] = coroutine.create(print) end`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			L, _ := newTestState(t)
			L.SetMemoryLimit(limit)
			var handled bool
			L.Register("handler", func(L *runtime.State) int {
				handled = true
				return 1
			})
			src := `local ok, err = xpcall(function() ` + c.src + ` end, handler)
				collectgarbage()
				return ok, err, collectgarbage("count")`
			res, err := L.DoString(src, "=memory")
			if err != nil {
				t.Fatal(err)
			}
			if res[0].Truthy() || !res[1].IsString() || res[1].AsString() != "not enough memory" {
				t.Fatalf("got %v, %v; want false, \"not enough memory\"", res[0], res[1])
			}
			if handled && !strings.Contains(c.src, "error(err, 0)") {
				t.Error("the message handler saw a memory error")
			}
			if kb, _ := res[2].ToNumber(); kb*1024 > float64(limit/2) {
				t.Errorf("count says %.0f KB in use after a collection", kb)
			}
			// The state goes on: what the failed code held is garbage.
			if res, err := L.DoString(`local t = {} for i = 1, 1000 do t[i] = tostring(i) end return #t`, "=after"); err != nil || res[0] != runtime.Int(1000) {
				t.Fatalf("the state is not usable afterwards: %v %v", res, err)
			}
		})
	}
}

// An uncaught memory error is reported as the reference reports it.
func TestMemoryErrorUncaught(t *testing.T) {
	L, _ := newTestState(t)
	L.SetMemoryLimit(16 << 20)
	_, err := L.DoString(`local s = string.rep("x", 1 << 26)`, "=memory")
	e, ok := err.(*runtime.Error)
	if !ok || e.Status != runtime.StatusMemoryError || !strings.HasPrefix(e.Message, "not enough memory") {
		t.Fatalf("got %#v", err)
	}
}

// collectgarbage("count") counts small objects as they are made, and
// drops after a collection that freed them.
func TestCountFollowsAllocation(t *testing.T) {
	L, _ := newTestState(t)
	res, err := L.DoString(`
		collectgarbage()
		local c0 = collectgarbage("count")
		local keep = {}
		for i = 1, 100 do keep[i] = tostring(i) .. "x" end
		local c1 = collectgarbage("count")
		for i = 1, 1000 do keep[i] = {} end
		local c2 = collectgarbage("count")
		keep = nil
		collectgarbage()
		local c3 = collectgarbage("count")
		local t = {} for i = 1, 1e5 do t[i] = {} end
		local c4 = collectgarbage("count")
		t = nil
		collectgarbage("step", 1e6)
		local c5 = collectgarbage("count")
		return c1 > c0, c2 - c1 > 30, c3 < c2, c4 - c3 > 1000, c5 < c4`, "=count")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"100 strings counted", "1000 tables counted", "dropped after collect", "1e5 tables counted", "dropped after a step"}
	for i, v := range res {
		if !v.Truthy() {
			t.Errorf("%s: false", names[i])
		}
	}
}
