-- Lua functions that Go code calls (runtime/native_call.go: a Go-level
-- call enters a native callee directly): sort's comparator, gsub's
-- replacement, pcall and xpcall, __tostring and __lt from the library,
-- with callees that tail-call, call interpreted code, fail, yield where
-- they cannot, set hooks, and run under hooks.

local t = {}
for i = 1, 40 do t[i] = (i * 37) % 41 end
table.sort(t, function(a, b) return a > b end)
print(table.concat(t, " ", 1, 10))

-- A comparator that tail-calls, one that calls interpreted code, one
-- that returns nothing.
local function desc(a, b) return a > b end
table.sort(t, function(a, b) return desc(b, a) end)
print(table.concat(t, " ", 1, 10))
local interp = load("local a, b = ... return a % 7 < b % 7 or (a % 7 == b % 7 and a < b)")
table.sort(t, function(a, b) return interp(a, b) end)
print(table.concat(t, " ", 1, 10))
print(pcall(table.sort, { 3, 2, 1 }, function() end))

-- Errors and tracebacks from a comparator.
local ok, e = pcall(table.sort, { 1, 2, 3 }, function(a, b) return a.x < b end)
print(ok, e)
print((select(2, xpcall(table.sort, function(m) return debug.traceback(m, 1) end, { 1, 2 }, function(a, b) error("cmp " .. a .. b) end)):gsub("\n[^\n]*%[C%][^\n]*", "")))

-- Yielding from a callback the library cannot resume.
local co = coroutine.wrap(function()
  local r = { pcall(table.sort, { 2, 1 }, function(a, b) coroutine.yield("in") return a < b end) }
  return table.concat({ tostring(r[1]), tostring(r[2]) }, " ")
end)
print(co())

-- gsub's replacement function, its results and errors.
print(string.gsub("hello world", "%w+", function(w) return w:upper() end))
print(string.gsub("a1b2c3", "%d", function(d) if d == "2" then return nil end return d * 2 end))
print(string.gsub("abc", ".", function(c) return c:byte() end))
print(pcall(string.gsub, "abc", ".", function(c) return {} end))
print(string.gsub("x=1, y=2", "(%w+)=(%w+)", function(k, v) return v .. "=" .. k end))

-- pcall and xpcall of native functions, with results and errors.
print(pcall(function(...) return select("#", ...), ... end, 1, nil, 3))
print(pcall(function() error("boom") end))
print(xpcall(function(a) return a * 2 end, print, 21))
print(select("#", pcall(function() end)))

-- __tostring and __lt called by the library.
local P = {}
P.__tostring = function(p) return "P(" .. p.v .. ")" end
P.__lt = function(a, b) return a.v < b.v end
local ps = {}
for i = 1, 12 do ps[i] = setmetatable({ v = (i * 5) % 13 }, P) end
table.sort(ps)
local names = {}
for i, p in ipairs(ps) do names[i] = tostring(p) end
print(table.concat(names, " "))
print(string.format("%s|%s", ps[1], ps[12]))
P.__tostring = function(p) return 1 end
print(pcall(tostring, ps[1]))

-- A hook set inside a comparator, and a comparator run under a hook.
local n = 0
local u = { 5, 4, 3, 2, 1, 9, 8, 7 }
table.sort(u, function(a, b)
  if a == 9 or b == 9 then debug.sethook(function() n = n + 1 end, "", 1) end
  return a < b
end)
debug.sethook()
print(table.concat(u, " "), n > 0)
local calls = 0
debug.sethook(function() calls = calls + 1 end, "c")
table.sort(u, function(a, b) return a > b end)
debug.sethook()
print(table.concat(u, " "), calls > 0)

-- Deep Go-level recursion through callbacks ends in the C stack error.
local function deep(k)
  return select(2, pcall(deep, k + 1))
end
print((tostring(deep(1)):gsub("^.-:%d+: ", "")))
