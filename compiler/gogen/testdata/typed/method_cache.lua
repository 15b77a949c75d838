-- A numeric loop that stores into a class table's field and reads it back
-- through an object of the class (an __index chain): the typed copy's
-- field store must invalidate the method lookup cache that the read fills.
local Base = {}
Base.__index = Base
Base.v = 0
local Mid = setmetatable({}, { __index = Base })
Mid.__index = Mid
local o = setmetatable({}, Mid)

local s = 0
for i = 1, 20 do
  Base.v = i
  s = s + o.v
end
print(s)

local f = 0.25
for i = 1, 20 do
  Base.v = Base.v + f
  s = s + o.v * 2
  if i == 10 then Mid.v = 100 end
end
print(s)

local n = 0
for i = 1, 10 do
  n = n + o.v
  Mid.v = Mid.v + 1
  if i == 5 then Mid.v = nil end
end
print(n)
