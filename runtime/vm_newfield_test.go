package runtime

import "testing"

// The dispatch loop stores a string key that is not in a table yet
// straight into the key's main position when that node has never been
// used (newFieldVM). Each snippet repeats its stores over many tables of
// several sizes, so that with the per-process string hash seed some keys
// find their main position free and some collide: both ways must give
// Lua's results.
func TestNewFieldStores(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want string
	}{
		{"constructor fields", `
			local s = 0
			for i = 1, 200 do
				local t = {x = i, y = 2 * i, z = 3 * i, w = 4 * i, v = 5 * i}
				local n = 0
				for k, v in pairs(t) do n = n + 1; s = s + v end
				assert(n == 5 and t.x == i and t.v == 5 * i)
			end
			return s`, "301500"},
		{"a key built at run time, then the constant", `
			local total = 0
			for i = 1, 200 do
				local t = {a = 1, b = 2, c = 3}
				t["ke" .. "y" .. i % 3] = 10
				t["key" .. i % 3] = 20
				t.key0, t.key1, t.key2 = 30, 30, 30
				local n = 0
				for k, v in pairs(t) do n = n + 1 end
				total = total + n
			end
			return total`, "1200"},
		{"SETTABLE with string keys", `
			local total = 0
			local names = {"alpha", "beta", "gamma", "delta", "epsilon"}
			for i = 1, 200 do
				local t = {p = 0, q = 0, r = 0}
				for j = 1, #names do t[names[j]] = j end
				for j = 1, #names do t[names[j]] = t[names[j]] + 1 end
				for k, v in pairs(t) do total = total + v end
			end
			return total`, "4000"},
		{"__newindex still called", `
			local calls = 0
			local mt = {__newindex = function(t, k, v) calls = calls + 1; rawset(t, k, v * 10) end}
			local s = 0
			for i = 1, 100 do
				local t = setmetatable({a = 1, b = 2, c = 3}, mt)
				t.d = 4
				t["e"] = 5
				s = s + t.d + t.e
			end
			return calls .. " " .. s`, "200 9000"},
		{"a metamethod added to a metatable in use", `
			local found = 0
			for i = 1, 100 do
				local mt = {x = 1, y = 2, z = 3}
				local obj = setmetatable({}, mt)
				assert(obj.foo == nil) -- remembers that mt has no __index
				mt.__index = function() return "found" end
				if obj.foo == "found" then found = found + 1 end
			end
			return found`, "100"},
		{"nil is not stored", `
			local n = 0
			for i = 1, 100 do
				local t = {a = 1, b = 2, c = 3}
				t.d = nil
				t["e"] = nil
				for _ in pairs(t) do n = n + 1 end
			end
			return n`, "300"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			L := NewState()
			fn, err := L.Load(c.src, "=newfield", "t")
			if err != nil {
				t.Fatal(err)
			}
			res, err := L.PCall(fn)
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != 1 {
				t.Fatalf("got %d results", len(res))
			}
			got := L.ToString(res[0])
			if got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
		})
	}
}
