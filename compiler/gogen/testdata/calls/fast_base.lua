-- setmetatable and select from native code, called and tail-called: the
-- frameless cases (a table without a metatable given one without __gc
-- or __mode; select('#', ...) and select(-1, ...)) and every other case,
-- with their errors.

local mt = {__index = {kind = "obj"}}
local function new(x) return setmetatable({x = x}, mt) end -- a tail call
local function new2(x) local o = setmetatable({x = x}, mt) return o end
local a, b = new(1), new2(2)
print(a.kind, b.kind, a.x, b.x, getmetatable(a) == mt, getmetatable(b) == mt)
local c, d = setmetatable({}, mt)
print(c.kind, d)
print(select("#", setmetatable({}, mt)), (setmetatable({}, nil)).kind)

-- A second setmetatable replaces the first; nil removes it.
local o = setmetatable({}, mt)
setmetatable(o, {__index = {kind = "other"}})
print(o.kind)
setmetatable(o, nil)
print(o.kind, getmetatable(o))

-- __metatable protects; __gc and __mode take the full path.
local protected = setmetatable({}, {__metatable = "locked"})
print(pcall(setmetatable, protected, mt))
print(getmetatable(protected))
local finalised = {}
do
  local g = setmetatable({}, {__gc = function() finalised[#finalised + 1] = "gc" end})
  g = nil
end
collectgarbage()
collectgarbage()
print(#finalised)
local weak = setmetatable({}, {__mode = "k"})
weak[{}] = 1
collectgarbage()
print(next(weak))

-- Errors, with their lines.
print(pcall(setmetatable, 1, mt))
print(pcall(setmetatable, {}, 1))
print(pcall(setmetatable, {}))
print(pcall(function() return setmetatable({}, mt, 3).kind end))
local function tailBad(x) return setmetatable(x, mt) end
print(pcall(tailBad, "str"))

-- select.
local function count(...) return select("#", ...) end
local function last(...) return select(-1, ...) end
local function second(...) return select(2, ...) end
print(count(), count(nil), count(1, nil, nil), select("#"), select("#x", 1, 2))
print(last(1), last(1, 2, 3), last(nil, false), (select(-1, "a", "b")))
print(second(1, 2, 3), select(-2, "a", "b", "c"))
print(pcall(last))
print(pcall(select, 0, 1))
print(pcall(select, -3, 1))
print(pcall(select, "x", 1))
print(pcall(select))
local n = 0
for i = 1, 100 do n = n + select("#", i, i, nil) + select(-1, i, i * 2) end
print(n)

-- A call hook sees the calls.
local seen = 0
debug.sethook(function()
  local i = debug.getinfo(2, "n")
  if i.name == "setmetatable" or i.name == "select" then seen = seen + 1 end
end, "c")
local _ = setmetatable({}, mt), select("#", 1, 2), new(3)
debug.sethook()
print(seen)
