package runtime

import "testing"

// The dispatch loop runs setmetatable(t, mt) itself when t has no
// metatable and mt is known to have neither __gc nor __mode
// (setmetatableFast); every other call goes to the library function.
// Each snippet loops, so that the first call (which records the absent
// fields) and the later ones (which take the fast path) both run, and
// checks what Lua's own setmetatable gives.
func TestSetmetatableFast(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want string
	}{
		{"the results a call asks for", `
			local mt = {}
			local out = {}
			for i = 1, 3 do
				local t = {}
				local a, b, c = setmetatable(t, mt)
				out[#out + 1] = tostring(a == t and b == nil and c == nil and getmetatable(t) == mt)
				out[#out + 1] = select("#", setmetatable({}, mt))
				setmetatable({}, mt) -- no result wanted
				local packed = {setmetatable({}, mt), setmetatable({}, mt)}
				out[#out + 1] = #packed
			end
			local s = tostring(out[1])
			for i = 2, #out do s = s .. " " .. tostring(out[i]) end
			return s`, "true 1 2 true 1 2 true 1 2"},
		{"return setmetatable as a tail call", `
			local mt = {__index = {get = function(self) return self.v end}}
			local function new(v) return setmetatable({v = v}, mt) end
			local function none() new(0) end
			local s = 0
			for i = 1, 10 do
				local a, b = new(i)
				assert(b == nil and select("#", new(i)) == 1 and none() == nil)
				s = s + a:get()
			end
			return s`, "55"},
		{"a protected metatable is still refused", `
			local mt = {__metatable = "locked"}
			local n = 0
			for i = 1, 5 do
				local t = setmetatable({}, mt)
				local ok, err = pcall(setmetatable, t, {})
				local ok2 = pcall(function() return setmetatable(t, {}) end)
				if not ok and not ok2 and err == "cannot change a protected metatable" then n = n + 1 end
			end
			return n`, "5"},
		{"changing a metatable goes through the library", `
			local a, b = {}, {}
			local n = 0
			for i = 1, 5 do
				local t = setmetatable({}, a)
				t = setmetatable(t, b)
				if getmetatable(t) == b then n = n + 1 end
				t = setmetatable(t, nil)
				if getmetatable(t) == nil then n = n + 1 end
			end
			return n`, "10"},
		{"bad arguments are reported", `
			local out = {}
			for i = 1, 2 do
				out[#out + 1] = select(2, pcall(function() return setmetatable(1, {}) end))
				out[#out + 1] = select(2, pcall(function() local x = setmetatable({}, 1) return x end))
				out[#out + 1] = select(2, pcall(function() return setmetatable({}) end))
			end
			local s = out[1]
			for i = 2, #out do s = s .. "|" .. out[i] end
			return s`,
			// As lua5.4 reports them (its lines shifted by the wrapper
			// that printed them).
			"setmetatable:4: bad argument #1 to 'setmetatable' (table expected, got number)|" +
				"setmetatable:5: bad argument #2 to 'setmetatable' (nil or table expected, got number)|" +
				"setmetatable:6: bad argument #2 to 'setmetatable' (nil or table expected, got no value)|" +
				"setmetatable:4: bad argument #1 to 'setmetatable' (table expected, got number)|" +
				"setmetatable:5: bad argument #2 to 'setmetatable' (nil or table expected, got number)|" +
				"setmetatable:6: bad argument #2 to 'setmetatable' (nil or table expected, got no value)"},
		{"__gc added to a metatable in use still marks later objects", `
			local collected = 0
			local mt = {}
			for i = 1, 3 do setmetatable({}, mt) end
			mt.__gc = function() collected = collected + 1 end
			for i = 1, 4 do setmetatable({}, mt) end
			collectgarbage()
			collectgarbage()
			return collected`, "4"},
		{"__mode added to a metatable in use still makes weak tables", `
			local mt = {}
			for i = 1, 3 do setmetatable({}, mt) end
			mt.__mode = "k"
			local weak = setmetatable({}, mt)
			weak[{}] = true
			collectgarbage()
			collectgarbage()
			return tostring(next(weak))`, "nil"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			L := NewState()
			fn, err := L.Load(c.src, "=setmetatable", "t")
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
			if got := L.ToString(res[0]); got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
		})
	}
}
