-- every event whose metamethod is a Lua function, used from Lua code
-- (where panto runs the metamethod as a frame of the dispatch loop): the
-- result lands in the right register, comparisons jump the right way,
-- and tail-calling, vararg, result-less and many-result metamethods work
local V = {}
V.__index = V
local function new(x) return setmetatable({x = x}, V) end
V.__add = function(a, b) return new((type(a) == "table" and a.x or a) + (type(b) == "table" and b.x or b)) end
V.__sub = function(a, b) return new(a.x - b.x) end
V.__mul = function(a, b) return new(a.x * (type(b) == "table" and b.x or b)) end
V.__div = function(a, b) return a.x / b.x end
V.__mod = function(a, b) return a.x % b.x end
V.__pow = function(a, b) return a.x ^ b end
V.__idiv = function(a, b) return a.x // b end
V.__band = function(a, b) return a.x & b end
V.__bor = function(a, b) return a.x | b end
V.__bxor = function(a, b) return a.x ~ b end
V.__shl = function(a, b) return a.x << b end
V.__shr = function(a, b) return a.x >> b end
V.__unm = function(a) return new(-a.x) end
V.__bnot = function(a) return ~a.x end
V.__len = function(a) return a.x * 10 end
V.__eq = function(a, b) return a.x == b.x end
V.__lt = function(a, b)
  local ax = type(a) == "table" and a.x or a
  local bx = type(b) == "table" and b.x or b
  return ax < bx
end
V.__le = function(a, b)
  local ax = type(a) == "table" and a.x or a
  local bx = type(b) == "table" and b.x or b
  return ax <= bx
end
V.__concat = function(a, b)
  local as = type(a) == "table" and ("<" .. a.x .. ">") or a
  local bs = type(b) == "table" and ("<" .. b.x .. ">") or b
  return as .. bs
end

local a, b = new(6), new(4)
print((a + b).x, (a - b).x, (a * b).x, (a * 3).x, (1 + a).x, (a + 2.5).x)
print(a / b, a % b, a ^ 2, a // 4, a & 3, a | 1, a ~ 2, a << 2, a >> 1)
print((-a).x, ~a, #a, #b)
print(a == b, a == new(6), a ~= new(6), a ~= b)
print(a < b, b < a, a <= b, b <= a, a > b, a >= new(6))
print(a < 7, a < 5, 5 < a, a <= 6, a >= 7, a > 5, 3 >= a)
print(a .. b, "x" .. a, a .. "y", "p" .. a .. "q" .. b .. "r", 1 .. a .. 2)

-- conditions in loops: the jump after a comparison goes back
local i, n = new(0), 0
while i < new(5) do i = i + 1; n = n + 1 end
print(n, i.x)
repeat i = i - new(1) until i <= new(0)
print(i.x)
local cnt = 0
for j = 1, 10 do if new(j) == new(3) or new(j) >= new(8) then cnt = cnt + 1 end end
print(cnt)

-- __index and __newindex functions, one level and chained
local log = {}
local P = setmetatable({}, {
  __index = function(t, k) log[#log + 1] = "get " .. k; return k .. "!" end,
  __newindex = function(t, k, v) log[#log + 1] = "set " .. k; rawset(t, k, v * 2) end,
})
local C = setmetatable({}, {__index = P})
print(C.foo, C["bar"], P.baz)
P.q = 21
print(P.q, rawget(P, "q"))
local G = setmetatable({}, {__index = function(t, k) return C[k] end})
print(G.deep)
print(table.concat(log, ","))

-- method calls whose method comes from an __index function
local obj = setmetatable({n = 5}, {__index = function(t, k)
  return function(self, d) return self.n + d, k end
end})
print(obj:anything(10))

-- metamethods that tail-call, take varargs, return nothing or many
local T = setmetatable({}, {
  __index = function(t, k) return string.rep(k, 2) end,
  __add = function(...) return select("#", ...), (select(2, ...)) end,
  __sub = function() end,
  __mul = function(x, y) return 1, 2, 3 end,
  __unm = function(x) return (function(...) return ... end)(42, 43) end,
})
local function tail(t, k) return string.upper(k) end
local U = setmetatable({}, {__index = function(t, k) return tail(t, k) end})
print(T.ab, T + 9, T - 1, T * 2, -T, U.hello)

-- a metamethod with a large frame, called from deep in the stack
local big = setmetatable({}, {__index = function(t, k)
  local a1, a2, a3, a4, a5, a6, a7, a8, a9, a10 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  local b1, b2, b3, b4, b5, b6, b7, b8, b9, b10 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  return k + a1 + a10 + b1 + b10
end})
local function down(d) if d == 0 then return big[100] end return down(d - 1) + 0 end
print(down(150))

-- chains of metamethods calling metamethods, 150 deep
local depth = 0
local R = setmetatable({}, {__index = function(t, k)
  depth = depth + 1
  if k == 0 then return 0 end
  return t[k - 1] + 1
end})
print(R[150], depth)
local A = setmetatable({}, {__add = function(x, y) if y == 0 then return 0 end return (x + (y - 1)) + 1 end})
print(A + 140)
