package stdlib

import "testing"

// Comparator call counts and results recorded from lua5.4: table.sort must
// make the reference's comparisons.
func TestSortComparisonsMatchReference(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`local cnt = 0 local t = {} for i = 1, 200 do t[i] = (i * 7919) % 211 end
		  table.sort(t, function(a,b) cnt = cnt + 1 return a < b end) print(cnt)`, "1524\n"},
		{`local cnt = 0 local t = {} for i = 1, 1000 do t[i] = i % 17 end
		  table.sort(t, function(a,b) cnt = cnt + 1 return a > b end) print(cnt, t[1], t[1000])`, "9646\t16\t0\n"},
		{`print(pcall(table.sort, {1, "2", 3}))`, "false\tattempt to compare string with number\n"},
		{`local t = {} for i = 1, 100 do t[i] = (i * 37) % 101 end
		  print(pcall(table.sort, t, function() return true end))`, "false\tinvalid order function for sorting\n"},
		{`print(pcall(table.sort, setmetatable({}, {__len = function() return math.maxinteger end})))`,
			"false\tbad argument #1 to 'table.sort' (array too big)\n"},
		{`local t = {3, 1, 2} table.sort(t, nil) print(t[1], t[2], t[3], pcall(table.sort, {}, 1))`, "1\t2\t3\ttrue\n"},
	} {
		t.Run(c.src, func(t *testing.T) {
			if got := runLua(t, c.src); got != c.want {
				t.Errorf("%s\ngot  %q\nwant %q", c.src, got, c.want)
			}
		})
	}
}

// Proxies go through __index/__newindex/__len in the reference's order.
func TestTableProxyOrder(t *testing.T) {
	src := `local log = {}
local store = {10, 20, 30}
local p = setmetatable({}, {
  __len = function() return #store end,
  __index = function(_, k) log[#log + 1] = "g" .. k; return store[k] end,
  __newindex = function(_, k, v) log[#log + 1] = "s" .. k; store[k] = v end,
})
table.insert(p, 1, 5)
table.remove(p, 2)
print(table.concat(log, " "))
print(table.concat(store, ","))`
	want := "g3 s4 g2 s3 g1 s2 s1 g2 g3 s2 g4 s3 s4\n5,20,30\n"
	if got := runLua(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestTableErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`print(pcall(table.insert, {1}, 1, 2, 3))`, "false\twrong number of arguments to 'insert'\n"},
		{`print(pcall(table.insert, {1}, 3, 2))`, "false\tbad argument #2 to 'table.insert' (position out of bounds)\n"},
		{`print(pcall(table.remove, {1}, 3))`, "false\tbad argument #1 to 'table.remove' (position out of bounds)\n"},
		{`print(pcall(table.concat, {1, {}}))`, "false\tinvalid value (table) at index 2 in table for 'concat'\n"},
		{`print(pcall(table.unpack, {}, 1, 1e7))`, "false\ttoo many results to unpack\n"},
		{`print(pcall(table.move, {}, 1, math.maxinteger, 2))`, "false\tbad argument #4 to 'table.move' (destination wrap around)\n"},
		{`print(pcall(table.insert, "x", 1))`, "false\tbad argument #1 to 'table.insert' (table expected, got string)\n"},
		{`local t = table.pack(nil, 2, nil) print(t.n, #t)`, "3\t2\n"},
	} {
		t.Run(c.src, func(t *testing.T) {
			if got := runLua(t, c.src); got != c.want {
				t.Errorf("%s\ngot  %q\nwant %q", c.src, got, c.want)
			}
		})
	}
}
