-- yields inside Lua metamethods of every kind: the instruction that
-- called the metamethod completes on resume with the metamethod's result
-- (a register, a comparison's jump, the rest of a concatenation)
local Y = coroutine.yield
local mt = {}
mt.__index = function(t, k) return Y("index " .. k) end
mt.__newindex = function(t, k, v) rawset(t, k, Y("newindex " .. k) .. v) end
mt.__add = function(a, b) return Y("add") end
mt.__sub = function(a, b) return Y("sub") end
mt.__unm = function(a) return Y("unm") end
mt.__len = function(a) return Y("len") end
mt.__eq = function(a, b) return Y("eq") end
mt.__lt = function(a, b) return Y("lt") end
mt.__le = function(a, b) return Y("le") end
mt.__concat = function(a, b) return Y("concat") end
mt.__call = function(self, x) return Y("call " .. x) end
local o, p = setmetatable({}, mt), setmetatable({}, mt)

local co = coroutine.wrap(function()
  local r = {}
  r[#r + 1] = o.field
  o.slot = "v"
  r[#r + 1] = rawget(o, "slot")
  r[#r + 1] = o + 1
  r[#r + 1] = 2 - o
  r[#r + 1] = -o
  r[#r + 1] = #o
  r[#r + 1] = tostring(o == p)
  r[#r + 1] = tostring(o < p)
  r[#r + 1] = tostring(o <= 3)
  r[#r + 1] = tostring(5 > o)
  r[#r + 1] = "a" .. o .. "b" .. p .. "c"
  r[#r + 1] = o(7)
  local n = 0
  while o < p do n = n + 1 end
  r[#r + 1] = n
  return table.concat(r, " ")
end)
local answers = {
  ["index field"] = "F", ["newindex slot"] = "N", add = 10, sub = 20, unm = 30,
  len = 40, eq = true, lt = false, le = true, concat = "C", ["call 7"] = "called",
}
local ltcount = 0
local v = co()
while true do
  local a
  if v == "lt" then
    ltcount = ltcount + 1
    a = ltcount < 4 and ltcount > 1
  else
    a = answers[v]
  end
  io.write(tostring(v), " -> ", tostring(a), "\n")
  v = co(a)
  if v:find(" ", 1, true) and not answers[v] and v ~= "lt" then break end
end
print(v)

-- a metamethod that calls a metamethod that yields, across a pcall
local inner = setmetatable({}, {__add = function(a, b) return Y("inner") * 2 end})
local outer = setmetatable({}, {__index = function(t, k)
  local ok, x = pcall(function() return inner + k end)
  return ok and x + 1
end})
local c2 = coroutine.create(function() return outer[5] end)
print(coroutine.resume(c2))
print(coroutine.resume(c2, 20))
print(coroutine.status(c2))

-- __le emulated with __lt (the reference's 5.3 compatibility): the
-- result of the yielding __lt is negated
local L = setmetatable({}, {__lt = function(a, b) return Y("lt for le") end})
local c3 = coroutine.wrap(function()
  local r = {}
  r[1] = tostring(L <= L)
  r[2] = tostring(L >= L)
  if L <= L then r[3] = "then" else r[3] = "else" end
  return table.concat(r, " ")
end)
print(c3())
print(c3(true))
print(c3(false))
print(c3(true))

-- an error after a yield inside a metamethod, caught by pcall around it
local E = setmetatable({}, {__index = function(t, k) Y("before error"); error("late " .. k) end})
local c4 = coroutine.wrap(function()
  local ok, e = pcall(function() return E.x end)
  return tostring(ok) .. " " .. e
end)
print(c4())
print(c4())

-- depth of metamethod recursion after yields inside metamethods
local depth
local D = setmetatable({}, {__index = function(t, k) depth = depth + 1; return t[k] end})
local function maxdepth() depth = 0; pcall(function() return D.x end); return depth end
local before = maxdepth()
local Z = setmetatable({}, {__index = function(t, k)
  if k > 0 then return t[k - 1] end
  return Y("deep")
end})
local c5 = coroutine.wrap(function()
  local x = Z[50]
  local after = maxdepth()
  return x .. " " .. after
end)
print(c5())
print(c5("done"), before)
