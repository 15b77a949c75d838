-- RETURN with upvalues to close (k) or varargs to drop (C > 0), which
-- native code runs without the slow path unless a to-be-closed variable
-- is open: vararg functions returning fixed counts, their varargs and
-- nothing, closures keeping the values returned, and <close> variables
-- whose __close runs, errors and yields.

local function v0(...) return end
local function v1(...) return (...) end
local function vall(...) return ... end
local function vfixed(a, b, ...) return b, a, select("#", ...) end
local function vmix(a, ...) local t = {...} return a, #t, ... end
print(select("#", v0(1, 2)), v1(1, 2), select("#", vall()), vall(1, nil, 3))
print(vfixed(1), vfixed(1, 2, 3, 4))
print(vmix(1, 2, 3))
print(select("#", vmix()))

-- Deep chains of vararg returns keep the stack in place.
local function depth(n, ...)
  if n == 0 then return select("#", ...), ... end
  local r = {depth(n - 1, n, ...)}
  return table.unpack(r)
end
local r = {depth(50)}
print(r[1], r[2], r[51], #r)

-- Closures over the returning function's locals keep their values.
local function counter(start)
  local n = start
  local function inc() n = n + 1 return n end
  local function get() return n end
  return inc, get
end
local inc, get = counter(10)
inc() inc()
local inc2, get2 = counter(100)
inc2()
print(get(), get2())
local function capVararg(...)
  local args = {...}
  local k = select("#", ...)
  return function() return k, args[k] end
end
print(capVararg("a", "b", "c")())
local fs = {}
for i = 1, 3 do
  local function mk() local x = i * i return function() return x end end
  fs[i] = mk()
end
print(fs[1](), fs[2](), fs[3]())

-- To-be-closed variables: __close runs on return, in order, with errors.
local log = {}
local function closer(name) return setmetatable({}, {__close = function(_, e) log[#log + 1] = name .. ":" .. tostring(e) end}) end
local function withClose(...)
  local a <close> = closer("a")
  local b <close> = closer("b")
  return select("#", ...), ...
end
print(withClose(1, 2))
print(table.concat(log, " "))
local function closeErr()
  local x <close> = setmetatable({}, {__close = function() error("in close") end})
  return 1
end
print(pcall(closeErr))
local co = coroutine.wrap(function(...)
  local y <close> = setmetatable({}, {__close = function() coroutine.yield("closing") end})
  return "done", ...
end)
print(co(7))
print(co())

-- A message handler called where a Lua instruction raised the error, as
-- a fresh frame above that Lua frame: its RETURN1 ends the fresh frame
-- as such (xpcall returns the handler's result, and nothing of the
-- failed function runs again).
do
  local ran = 0
  local function bad(x)
    ran = ran + 1
    local y = x + 1
    ran = ran + 100
    return y
  end
  local function handler(m)
    return "handled: " .. tostring(m):gsub("^.-:%d+: ", "")
  end
  print(xpcall(bad, handler, nil))
  print(xpcall(bad, handler, {}))
  print(ran)
end
