-- Tail calls that native code runs without the slow path: arguments up to
-- the top (B = 0), vararg callers (C > 0), upvalues to close (k), Go and
-- Lua callees, and what goes on through them: tracebacks, yields, errors.

local function add(a, b) return a + b end
local function twice(x) return x * 2 end
local function compose(f, g)
  return function(x) return f(g(x)) end -- B = 0: g's results to the top
end
print(compose(twice, twice)(5), compose(tostring, twice)(3), compose(add, function(x) return x, x + 1 end)(3))

local function count(...) return select("#", ...) end -- Go callee, vararg caller
local function forward(f, ...) return f(...) end -- vararg caller, B = 0
print(forward(count), forward(count, nil), forward(count, 1, nil, 3, nil))
print(forward(add, 1, 2), forward(forward, add, 3, 4))
print(forward(string.rep, "ab", 3, ","))
print(select("#", forward(table.unpack, {1, 2, 3, nil, 5}, 1, 5)))

-- A vararg function with fixed parameters tail-calling a Lua function
-- that has more parameters than it is given.
local function many(a, b, c, d, e) return tostring(a) .. tostring(b) .. tostring(c) .. tostring(d) .. tostring(e) end
local function fixed2(x, y, ...) return many(y, x, ...) end
print(fixed2(1), fixed2(1, 2), fixed2(1, 2, 3), fixed2(1, 2, 3, 4, 5, 6))

-- Upvalues closed by the tail call (k): each closure keeps its own value.
local closures = {}
local function capture(i, n)
  local v = i * 10
  closures[#closures + 1] = function() return v end
  if n == 0 then return v end
  return capture(i + 1, n - 1)
end
print(capture(1, 4))
for i, f in ipairs(closures) do io.write(f(), i < #closures and " " or "\n") end
local function captureVararg(...)
  local n = select("#", ...)
  local t = {...}
  closures[#closures + 1] = function() return n, t[n] end
  return select(n > 0 and n or 1, ...)
end
print(captureVararg(7, 8, 9), closures[#closures]())

-- Deep tail recursion does not grow the stack, vararg or not.
local function loop(n, acc) if n == 0 then return acc end return loop(n - 1, acc + n) end
local function vloop(n, ...) if n == 0 then return select("#", ...), ... end return vloop(n - 1, ...) end
print(loop(1000000, 0), vloop(300000, "a", "b"))

-- A table with __call as a tail-called value.
local callable = setmetatable({}, {__call = function(self, a, ...) return "called", a, select("#", ...) end})
local function tc(...) return callable(...) end
print(tc(1, 2, 3))

-- Tracebacks through tail calls, and errors in tail-called functions.
local function fail(x) error("fail " .. tostring(x)) end
local function viaTail(...) return fail(...) end
print(pcall(viaTail, 42))
local function tb() return debug.traceback("tb", 1) end
local function tbVia(...) return tb(...) end
print((tbVia():gsub("\n[^\n]*%[C%][^\n]*", "")))
print(pcall(forward, nil, 1))
print(pcall(forward, string.rep))
print(pcall(function(...) return math.floor(...) end, "x"))

-- Yields across tail calls to Go and Lua functions, vararg or not.
local co = coroutine.wrap(function(...)
  local function y(...) return coroutine.yield(...) end
  local a, b = y(...)
  local c = forward(coroutine.yield, a + b)
  return forward(function(...) return select("#", ...), ... end, c, coroutine.yield("last"))
end)
print(co(1, 2))
print(co(10, 20))
print(co(5))
print(co("x", "y"))

-- debug.getinfo sees the tail call.
local function info() local i = debug.getinfo(1, "t") return i.istailcall end
local function callInfo(...) return info(...) end
print(callInfo(), (info()))

-- A Go tail call's one result adjusted to what the caller wants: none,
-- one, several, all (a constructor, select), from a fresh frame (pcall,
-- a coroutine's body) and through another tail call.
local function new2(x) return setmetatable({ x = x }, { __index = { y = 2 } }) end
local function cnt(...) return select("#", ...) end
local a1, a2, a3 = new2(1), cnt(1, 2), nil
local b1, b2, b3 = cnt(1, 2, 3)
local tt = { cnt(1, 2), cnt() }
local s = select("#", new2(5))
new2(7)
local function deeper(...) return cnt(...) end
print(a1.x, a1.y, a2, a3, b1, b2, b3, #tt, tt[1], tt[2], s, (deeper(1, nil)))
print(pcall(cnt, 1, 2, 3))
print(coroutine.wrap(function(...) return select("#", ...) end)(1, 2))
print(select("#", pcall(new2, 3)), table.unpack({ deeper(1, 2, 3) }))

-- A __newindex function ending in a frameless tail call (setmetatable),
-- called from Go above the Lua frame of the store, as a fresh frame:
-- the tail call ends that frame as such, and the store's frame goes on.
do
  local M = {}
  setmetatable({}, M) -- records that M has neither __gc nor __mode
  local log = {}
  local T = setmetatable({}, { __newindex = function(t, k, v)
    log[#log + 1] = k .. "=" .. tostring(v)
    return setmetatable({}, M)
  end })
  for i = 1, 3 do
    T["k" .. i] = i
    log[#log + 1] = "after" .. i
  end
  print(table.concat(log, " "))
end
