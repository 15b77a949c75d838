-- oop: objects with metatables. A three-level class hierarchy resolved
-- through __index tables (method calls with self), a vector type with
-- arithmetic and comparison metamethods (__add, __sub, __mul, __eq, __lt,
-- __len, __tostring... on fresh objects), and a defaults table whose
-- __index is a function.
-- Measures method lookup along __index chains, metamethod dispatch and
-- small-object allocation. Checksum: sums over every object.
-- bench: quick=2000
local n = tonumber(arg and arg[1]) or 600000

local Shape = {}
Shape.__index = Shape

function Shape.new(kind)
  local self = setmetatable({}, Shape)
  self.kind = kind
  return self
end

function Shape:area()
  return 0
end

function Shape:weight(k)
  return self:area() * k + self:perimeter()
end

local Rect = setmetatable({}, { __index = Shape })
Rect.__index = Rect

function Rect.new(w, h)
  local self = setmetatable(Shape.new("rect"), Rect)
  self.w, self.h = w, h
  return self
end

function Rect:area()
  return self.w * self.h
end

function Rect:perimeter()
  return 2 * (self.w + self.h)
end

function Rect:scale(k)
  self.w = self.w * k
  self.h = self.h * k
  return self
end

local Square = setmetatable({}, { __index = Rect })
Square.__index = Square

function Square.new(side)
  local self = setmetatable(Rect.new(side, side), Square)
  self.kind = "square"
  return self
end

function Square:side()
  return self.w
end

local Vec = {}
Vec.__index = Vec

local function vec(x, y)
  return setmetatable({ x = x, y = y }, Vec)
end

Vec.__add = function(a, b)
  return vec(a.x + b.x, a.y + b.y)
end
Vec.__sub = function(a, b)
  return vec(a.x - b.x, a.y - b.y)
end
Vec.__mul = function(a, k)
  return vec(a.x * k, a.y * k)
end
Vec.__eq = function(a, b)
  return a.x == b.x and a.y == b.y
end
Vec.__lt = function(a, b)
  return a.x * a.x + a.y * a.y < b.x * b.x + b.y * b.y
end
Vec.__len = function(a)
  return math.abs(a.x) + math.abs(a.y)
end

function Vec:dot(b)
  return self.x * b.x + self.y * b.y
end

local counters = setmetatable({}, {
  __index = function(t, k)
    return #k
  end,
})

local M = 1000000007
local acc = 0
local shapes = {}
for i = 1, 100 do
  if i % 3 == 0 then
    shapes[i] = Square.new(i % 7 + 1)
  elseif i % 3 == 1 then
    shapes[i] = Rect.new(i % 5 + 1, i % 9 + 1)
  else
    shapes[i] = Shape.new("blob")
    shapes[i].perimeter = function()
      return 1
    end
  end
end

local pos = vec(0, 0)
local step = vec(1, 2)
local lessCount, eqCount = 0, 0
for i = 1, n do
  local s = shapes[i % 100 + 1]
  acc = (acc + s:weight(3) + s:area()) % M
  if s.kind == "square" then
    acc = (acc + s:side()) % M
  end
  if i % 1000 == 0 then
    s = shapes[i % 100 + 1]
    if s.scale then
      s:scale(1)
    end
  end
  pos = pos + step * 2 - vec(1, 3)
  if pos < step then
    lessCount = lessCount + 1
  end
  if pos == vec(i, i) then
    eqCount = eqCount + 1
  end
  acc = (acc + #pos + pos:dot(step) % 1000) % M
  acc = (acc + counters[s.kind]) % M
end

print(string.format("%d %d %d %d %d", acc, pos.x, pos.y, lessCount, eqCount))
