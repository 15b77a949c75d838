-- A method found along an __index chain of tables, looked up again and
-- again at the same instruction while the tables of the chain change:
-- every change must be seen at the next lookup (the dispatch loop and
-- generated code cache the chain's answer per instruction).

local function class(parent)
  local c = {}
  c.__index = c
  if parent then setmetatable(c, { __index = parent }) end
  return c
end

local Base = class()
function Base:name() return "Base" end
function Base:who() return "base-who" end
local Mid = class(Base)
local Leaf = class(Mid)
local Other = class()
function Other:name() return "Other" end
function Other:who() return "other-who" end

local function new(c) return setmetatable({}, c) end

local function show(label, t) print(label, table.concat(t, " ")) end

-- 1. the receiver's metatable changed mid-loop
do
  local o, out = new(Leaf), {}
  for i = 1, 6 do
    out[#out + 1] = o:name()
    if i == 3 then setmetatable(o, Other) end
  end
  show("receiver metatable", out)
end

-- 2. an __index table gaining the key later (at each level)
do
  local A, B, C = class(), nil, nil
  function A:f() return "A" end
  B = class(A); C = class(B)
  local o, out = new(C), {}
  for i = 1, 7 do
    out[#out + 1] = o:f()
    if i == 2 then B.f = function() return "B" end end
    if i == 4 then C.f = function() return "C" end end
    if i == 6 then o.f = function() return "own" end end
  end
  show("key gained", out)
end

-- 3. the key removed, at each level, and a field read as nil
do
  local A = class(); A.v = "a"
  local B = class(A); B.v = "b"
  local o, out = new(B), {}
  for i = 1, 6 do
    out[#out + 1] = tostring(o.v)
    if i == 2 then B.v = nil end
    if i == 4 then A.v = nil end
  end
  show("key removed", out)
  out = {}
  for i = 1, 4 do
    out[#out + 1] = tostring(o.missing)
    if i == 2 then A.missing = "now" end
  end
  show("nil then found", out)
end

-- 4. the class table rehashed (grown, keys removed and added back)
do
  local A = class()
  function A:m() return "m" end
  local o, out = new(A), {}
  for i = 1, 6 do
    out[#out + 1] = o:m()
    if i == 2 then
      for j = 1, 100 do A["k" .. j] = j end
    elseif i == 3 then
      for j = 1, 100 do A["k" .. j] = nil end
      A.m = nil
      for j = 1, 50 do A["z" .. j] = j end
      A.m = function() return "m2" end
    elseif i == 4 then
      for j = 1, 200 do A[j] = j end -- integer keys, array and hash
    end
  end
  show("rehash", out)
end

-- 5. rawset into a class table, and rawset of __index in a metatable
do
  local A = class()
  function A:m() return "A" end
  local B = class(A)
  local o, out = new(B), {}
  for i = 1, 6 do
    out[#out + 1] = o:m()
    if i == 2 then rawset(B, "m", function() return "rawB" end) end
    if i == 4 then rawset(B, "__index", A) end
  end
  show("rawset", out)
end

-- 6. the class table replaced in __index, in the receiver's metatable
-- and further up the chain
do
  local A, X = class(), class()
  function A:m() return "A" end
  function X:m() return "X" end
  local mt = { __index = A }
  local o, out = setmetatable({}, mt), {}
  for i = 1, 5 do
    out[#out + 1] = o:m()
    if i == 2 then mt.__index = X end
    if i == 4 then mt.__index = A end
  end
  show("replaced", out)
  local B = class(A)
  local up = getmetatable(B)
  o, out = new(B), {}
  for i = 1, 5 do
    out[#out + 1] = o.m and o:m() or "nil"
    if i == 2 then up.__index = X end
    if i == 3 then setmetatable(B, { __index = A }) end
    if i == 4 then setmetatable(B, nil) end
  end
  show("replaced up", out)
end

-- 7. __index switched from a table to a function and back
do
  local A = class()
  function A:m() return "table" end
  local mt = { __index = A }
  local o, out = setmetatable({}, mt), {}
  for i = 1, 6 do
    local f = o.m
    out[#out + 1] = f and f() or "nil"
    if i == 2 then mt.__index = function(t, k) return function() return "fn:" .. k end end end
    if i == 4 then mt.__index = A end
  end
  show("index function", out)
end

-- 8. a metatable that lacked __index, then gains it; one that loses it
do
  local A = class()
  function A:m() return "A" end
  local mt = {}
  local o, out = setmetatable({}, mt), {}
  for i = 1, 6 do
    out[#out + 1] = tostring(o.m and "found" or nil)
    if i == 2 then mt.__index = A end
    if i == 4 then mt.__index = nil end
  end
  show("index gained", out)
end

-- 9. a site that sees many classes, changing under it
do
  local cs = {}
  for j = 1, 7 do
    local c = class(Base)
    if j % 2 == 0 then c.name = function() return "C" .. j end end
    cs[j] = new(c)
  end
  local out = {}
  for round = 1, 3 do
    for j = 1, 7 do out[#out + 1] = cs[j]:name() end
    if round == 1 then Base.name = function() return "B2" end end
    if round == 2 then getmetatable(cs[2]).name = nil end
  end
  show("many classes", out)
  Base.name = function() return "Base" end
end

-- 10. a key stored in the receiver as a string made at run time
do
  local A = class()
  function A:area() return "class" end
  local o, out = new(A), {}
  for i = 1, 4 do
    out[#out + 1] = o:area()
    if i == 2 then o[("ar"):rep(1) .. ("ea"):sub(1)] = function() return "own" end end
  end
  show("built key", out)
end

-- 11. debug.setmetatable on a class table
do
  local A, X = class(), class()
  function A:m() return "A" end
  function X:m() return "X" end
  local B = class(A)
  local o, out = new(B), {}
  for i = 1, 4 do
    out[#out + 1] = o:m()
    if i == 2 then debug.setmetatable(B, { __index = X }) end
  end
  show("debug.setmetatable", out)
end

-- 12. changes made inside a coroutine between lookups
do
  local A = class()
  function A:m() return "A1" end
  local B = class(A)
  local o = new(B)
  local co = coroutine.wrap(function()
    for i = 1, 3 do
      coroutine.yield()
      if i == 1 then A.m = function() return "A2" end end
      if i == 2 then B.m = function() return "B" end end
    end
  end)
  local out = {}
  for i = 1, 4 do
    out[#out + 1] = o:m()
    co()
  end
  show("coroutine", out)
end

-- 13. a field of a class changed in a numeric loop that reads it through
-- an object (a loop a transpiler may run typed)
do
  local A = class()
  A.v = 0
  local o = new(A)
  local s = 0
  for i = 1, 10 do
    A.v = i
    s = s + o.v
  end
  print("loop store", s)
  local f = 0.5
  for i = 1, 10 do
    A.v = A.v + f
    s = s + o.v
  end
  print("loop store float", s)
end

-- 14. the same functions run with objects of several classes
do
  local function call(o) return o:name() end
  local out = {}
  for i = 1, 8 do
    local o = (i % 2 == 0) and new(Leaf) or new(Other)
    out[#out + 1] = call(o)
    if i == 5 then Mid.name = function() return "Mid" end end
  end
  show("shared site", out)
end
