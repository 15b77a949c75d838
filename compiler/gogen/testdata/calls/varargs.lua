-- Vararg functions, whose VARARGPREP and VARARG native code runs without
-- the slow path: extra arguments of every count, many of them (the stack
-- grows), debug.getlocal of varargs, errors and tracebacks inside, a hook
-- set inside one, and yields with varargs.

local function count(...) return select("#", ...) end
local function fixed(a, b, ...) local x, y = ... return a, b, x, y, count(...) end
print(count(), count(nil), count(1, 2, 3))
print(fixed(), fixed(1), fixed(1, 2, 3), fixed(1, 2, 3, 4, 5))

local function pack(...) local t = {...} t.n = select("#", ...) return t end
local big = {}
for i = 1, 250 do big[i] = i end
local p = pack(table.unpack(big))
print(p.n, p[1], p[250])
local function many(...)
  local a, b, c = ...
  local t = {..., ...}
  return a, b, c, #t, select(-1, ...)
end
print(many(table.unpack(big)))

-- Nested vararg calls, each level adding one.
local function nest(n, ...)
  if n == 0 then return count(...) end
  return (nest(n - 1, n, ...))
end
print(nest(100))

-- debug.getlocal sees the varargs with negative indices.
local function inspect(a, ...)
  local names = {}
  for i = 1, 3 do
    local name, v = debug.getlocal(1, -i)
    names[#names + 1] = tostring(name) .. "=" .. tostring(v)
  end
  local n1, v1 = debug.getlocal(1, 1)
  return table.concat(names, ","), n1, v1
end
print(inspect("fixed", "x", "y"))

-- Errors and tracebacks inside vararg functions.
local function fail(...)
  local t = {...}
  return t[1] + 1
end
print(pcall(fail, {}))
local function tb(...) return (debug.traceback("here", 1):gsub("\n[^\n]*%[C%][^\n]*", "")) end
print(tb(1, 2))

-- A count hook set from inside a vararg function sees its lines.
local lines = 0
local function hooked(...)
  debug.sethook(function() lines = lines + 1 end, "l")
  local s = 0
  for i = 1, select("#", ...) do s = s + select(i, ...) end
  debug.sethook()
  return s
end
print(hooked(1, 2, 3), lines > 0)

-- Yields across vararg functions.
local co = coroutine.wrap(function(...)
  local a = {coroutine.yield(...)}
  local function v(...) return coroutine.yield(select("#", ...), ...) end
  return v(table.unpack(a))
end)
print(co(1, 2))
print(co("a", "b", "c"))
print(co("end"))
