-- Method calls through classes whose tables change at every call (a
-- class that counts its calls): the lookups at one instruction go stale
-- at every iteration, and must still give the method the tables hold.

local Base = { calls = 0 }
Base.__index = Base
function Base:get() Base.calls = Base.calls + 1; return "base" end
local Derived = setmetatable({ calls = 0 }, { __index = Base })
Derived.__index = Derived
local o = setmetatable({}, Derived)

local out = {}
for i = 1, 120 do
  Derived.calls = Derived.calls + 1
  local r = o:get()
  if i == 40 then Derived.get = function() return "derived" end end
  if i == 80 then Derived.get = nil end
  if i % 20 == 0 then out[#out + 1] = r end
end
print(table.concat(out, " "), Base.calls, Derived.calls)

-- six classes at one site, one of them changing now and then
local objs = {}
for j = 1, 6 do
  local c = { n = j }
  c.__index = c
  function c:get() return self.n end
  objs[j] = setmetatable({}, c)
end
local sum = 0
for i = 1, 600 do
  local o = objs[i % 6 + 1]
  sum = sum + o:get()
  if i % 50 == 0 then getmetatable(objs[3]).n = i end
end
print(sum)
