-- metamethods called from native code run as native frames (runtime's
-- runMetaFrame): arithmetic, comparisons, # and an __index function that
-- yields in a coroutine, a concatenation of three operands, around a
-- typed inner loop
local mt = {}
local function V(n) return setmetatable({n = n}, mt) end
local function num(x) if type(x) == "table" then return x.n end return x end
mt.__add = function(a, b) return V(num(a) + num(b)) end
mt.__lt = function(a, b) return a.n < b.n end
mt.__le = function(a, b) return a.n <= b.n end
mt.__eq = function(a, b) return a.n == b.n end
mt.__len = function(a) return a.n end
mt.__index = function(t, k)
  if coroutine.isyieldable() then coroutine.yield(k) end
  return k .. "!"
end
mt.__concat = function(a, b) return "<" .. tostring(num(a)) .. tostring(num(b)) .. ">" end
local function run()
  local v, c, s = V(0), 0, 0
  for i = 1, 20 do
    v = v + i
    if v < V(50) then c = c + 1 end
    if v <= V(60) then c = c + 10 end
    if v == V(55) then c = c + 100 end
    for j = 1, 3 do s = s + j * i end
    c = c + #v
  end
  return v.n, c, s, v.foo, v .. v .. 1
end
print(run())
local co = coroutine.wrap(run)
print(co())
print(co())
