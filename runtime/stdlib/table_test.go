package stdlib

import (
	"fmt"
	"testing"
)

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

// The default order over lists of integers, floats or strings alone is
// compared in place (sorter.arr, partitionArr): each list is sorted both
// ways, by the default order and by a comparator using <, which takes
// the general path and so makes the same comparisons, and the results
// must be the same (NaNs included) and what lua5.4 prints.
func TestSortInPlaceMatchesComparator(t *testing.T) {
	const src = `local seed = 12345
local function rnd(m) seed = (seed * 16807) % 2147483647 return seed % m end
local function gen(n, kind)
  local t = {}
  for i = 1, n do
    local r = rnd(1000)
    if kind == "int" then t[i] = r - 500
    elseif kind == "float" then t[i] = (r - 500) / 7
    elseif kind == "nan" then t[i] = (r % 5 == 0) and 0/0 or r / 3
    elseif kind == "str" then t[i] = "k" .. (r * 7919 % 1000)
    elseif kind == "dup" then t[i] = r % 3
    elseif kind == "mixed" then t[i] = (r % 2 == 0) and r or r + 0.5
    end
  end
  return t
end
local out = {}
local function digest(ok, err, t, n)
  if not ok then return "E:" .. tostring(err) end
  local h = 0
  for i = 1, n do h = (h * 31 + #tostring(t[i]) + (tostring(t[i]):byte(-1) or 0)) % 1000000007 end
  return tostring(h)
end
for _, kind in ipairs{"int", "float", "nan", "str", "dup", "mixed"} do
  for _, n in ipairs{2, 3, 4, 7, 31, 99, 150, 1000} do
    if not (kind == "nan" and n >= 100) then
      local a = gen(n, kind)
      local b = {}
      for i = 1, n do b[i] = a[i] end
      local ok1, e1 = pcall(table.sort, a)
      local ok2, e2 = pcall(table.sort, b, function(x, y) return x < y end)
      local d1, d2 = digest(ok1, e1, a, n), digest(ok2, e2, b, n)
      if d1 ~= d2 then error(kind .. n .. ": " .. d1 .. " vs " .. d2) end
      out[#out + 1] = d1
    end
  end
end
-- elements beyond the array part, and a hole: the generic path
local h = {}
for i = 40, 1, -1 do h[i] = i * 3 % 41 end
table.sort(h)
out[#out + 1] = digest(true, nil, h, 40)
out[#out + 1] = select(2, pcall(table.sort, {3, 1, nil, 2}))
out[#out + 1] = select(2, pcall(table.sort, {3, "1", 2}))
out[#out + 1] = select(2, pcall(table.sort, {"a", 1, "b"}))
out[#out + 1] = tostring((pcall(table.sort, {0/0, 1, 0/0, 2, 0/0, 3, 0/0})))
print(table.concat(out, " "))
`
	const want = "1791 50835 1600745 52720085 515056095 620108342 250307596 853895019 2142 69523 2037077 675552291 151451146 169098612 473148469 165714672 2112 53173 1614781 453381635 410005094 809210493 1696 60290 1632544 269198051 966862172 917366891 794128643 340200177 1570 48721 1569984 937270398 71530604 490288344 721786268 922452651 1851 53656 1785472 525771772 317907452 35479135 77996565 60207968 90888622 attempt to compare nil with number attempt to compare string with number attempt to compare number with string true\n"
	if got := runLua(t, src); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// table.concat of strings in a plain table's array part is joined at
// its size (concatStrings); ranges with numbers, holes, bad values or
// ends outside the array part take the general loop. Results and errors
// as lua5.4 gives them.
func TestConcatMatchesReference(t *testing.T) {
	const src = `local t = {}
for i = 1, 600 do t[i] = (i % 3 == 0) and "," or ("s" .. i) end
local out = {}
local function add(ok, r) out[#out + 1] = ok and (#r .. ":" .. r:sub(1, 12) .. ":" .. r:sub(-12)) or ("E:" .. r) end
for _, c in ipairs{{}, {""}, {";"}, {"", 1, 600}, {"--", 2, 599}, {"", 256, 513}, {"x", 600, 600}, {"x", 601, 600},
    {"", 0, 3}, {"", -1, 1}, {"", 599, 601}, {"ab", 1, 1}, {"", 300, 299}} do
  add(pcall(table.concat, t, table.unpack(c, 1, 3)))
end
t[300] = 17
add(pcall(table.concat, t, "|", 298, 302))
t[301] = 2.5
add(pcall(table.concat, t, "", 299, 302))
t[302] = {}
add(pcall(table.concat, t, "", 299, 302))
add(pcall(table.concat, {"a", "b", nil, "d"}, "+", 1, 4))
add(pcall(table.concat, {"only"}))
add(pcall(table.concat, {}, "x"))
print(table.concat(out, "\n"))
`
	const want = "1728:s1s2,s4s5,s7:96,s598s599,\n1728:s1s2,s4s5,s7:96,s598s599,\n2327:s1;s2;,;s4;s:;s598;s599;,\n1728:s1s2,s4s5,s7:96,s598s599,\n2919:s2--,--s4--s:--s598--s599\n774:s256s257,s25:09,s511s512,\n1:,:,\n0::\nE:invalid value (nil) at index 0 in table for 'concat'\nE:invalid value (nil) at index -1 in table for 'concat'\nE:invalid value (nil) at index 601 in table for 'concat'\n2:s1:s1\n0::\n22:s298|s299|17:17|s301|s302\n13:s299172.5s30:299172.5s302\nE:invalid value (table) at index 302 in table for 'concat'\nE:invalid value (nil) at index 3 in table for 'concat'\n4:only:only\n0::\n"
	if got := runLua(t, src); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
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

// insert, remove and move shift plain tables in bulk (moveSeq); the
// result must be what the reference's element-by-element loops give,
// written here in Lua with rawget and rawset, for overlapping ranges in
// both directions, ranges of several chunks, ranges partly outside the
// array part and holes.
func TestShiftsMatchElementLoops(t *testing.T) {
	const lib = `
local function fill(n, holes)
  local t = {}
  for i = 1, n do t[i] = i * 7 end
  if holes then for i = 5, n, 97 do t[i] = nil end end
  return t
end
local function same(a, b, n)
  for i = -2, n + 2 do
    if rawget(a, i) ~= rawget(b, i) then return "differ at " .. i end
  end
  return "same"
end
local function loopmove(a, f, e, t, b)
  b = b or a
  if e >= f then
    if t > e or t <= f or a ~= b then
      for i = 0, e - f do rawset(b, t + i, rawget(a, f + i)) end
    else
      for i = e - f, 0, -1 do rawset(b, t + i, rawget(a, f + i)) end
    end
  end
end
`
	for _, c := range []struct{ src, want string }{
		{`local a, b = fill(5000), fill(5000) table.move(a, 1, 4000, 301) loopmove(b, 1, 4000, 301) print(same(a, b, 5000))`, "same\n"},
		{`local a, b = fill(5000), fill(5000) table.move(a, 301, 4800, 1) loopmove(b, 301, 4800, 1) print(same(a, b, 5000))`, "same\n"},
		{`local a, b = fill(5000), fill(5000) table.move(a, 2, 5000, 3) loopmove(b, 2, 5000, 3) print(same(a, b, 5003))`, "same\n"},
		{`local a, b = fill(3000, true), fill(3000, true) table.move(a, 10, 2990, 20) loopmove(b, 10, 2990, 20) print(same(a, b, 3020))`, "same\n"},
		{`local a, b, x, y = fill(3000), fill(3000), {}, {} table.move(a, 1, 3000, 2000, x) loopmove(b, 1, 3000, 2000, y) print(same(x, y, 5000))`, "same\n"},
		{`local a, b = fill(4000), fill(4000) table.insert(a, 7, "x") for i = 4001, 8, -1 do rawset(b, i, rawget(b, i - 1)) end b[7] = "x" print(same(a, b, 4001))`, "same\n"},
		{`local a, b = fill(4000), fill(4000) local r = table.remove(a, 3) for i = 3, 3999 do rawset(b, i, rawget(b, i + 1)) end b[4000] = nil print(r, same(a, b, 4000))`, "21\tsame\n"},
		{`local a = fill(4000) table.insert(a, 4001, 1) table.insert(a, 1, 2) print(#a, a[1], a[2], a[4002])`, "4002\t2\t7\t1\n"},
		{`local a = fill(3) print(table.remove(a, 1), a[1], a[2], a[3], #a)`, "7\t14\t21\tnil\t2\n"},
	} {
		t.Run(c.src, func(t *testing.T) {
			if got := runLua(t, lib+c.src); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// table.concat counts 256 ticks after each item whose index is a multiple
// of 256, but the last, whichever loop joins the items (concatStrings
// for a plain list of strings, tabConcat's own otherwise).
func TestConcatTicks(t *testing.T) {
	L, _ := newLibsState(t)
	if _, err := L.DoString(`s = {} n = {} for i = 1, 600 do s[i] = "x" n[i] = i % 10 end`, "=setup"); err != nil {
		t.Fatal(err)
	}
	ticks := func(src string) int64 {
		t.Helper()
		L.SetBudget(1 << 40)
		if _, err := L.DoString(src, "=test"); err != nil {
			t.Fatal(err)
		}
		return L.TicksUsed()
	}
	for _, c := range []struct {
		i, j int
		want int64
	}{{1, 600, 512}, {256, 513, 512}, {257, 512, 0}, {1, 255, 0}, {1, 257, 256}, {256, 256, 0}, {255, 256, 0}, {256, 257, 256}} {
		for _, list := range []string{"s", "n"} {
			for _, sep := range []string{`""`, `","`} {
				base := ticks(fmt.Sprintf("table.concat(%s, %s, 1, 1)", list, sep))
				got := ticks(fmt.Sprintf("table.concat(%s, %s, %d, %d)", list, sep, c.i, c.j)) - base
				want := c.want
				if n := (c.j - c.i + 1) + (len(sep)-2)*(c.j-c.i); n >= 1024 {
					want += int64(n >> 10) // the result's bytes, charged
				}
				if got != want {
					t.Errorf("table.concat(%s, %s, %d, %d): %d ticks, want %d", list, sep, c.i, c.j, got, want)
				}
			}
		}
	}
}
