-- errors raised inside Lua metamethods, and by them: messages with the
-- metamethod's file:line, tracebacks naming the metamethod and the
-- instruction that called it, and the C-level depth limit of metamethods
-- calling metamethods
local mt = {}
mt.__index = function(t, k)
  if k == "bad" then error("no field " .. k) end
  return nil + k
end
mt.__newindex = function(t, k, v) error({code = k}) end
mt.__add = function(a, b) return a.missing.field end
mt.__lt = function(a, b) error("cannot compare", 2) end
mt.__le = function(a, b) local x = #a + b end
mt.__concat = function(a, b) return a .. {} end
mt.__len = function(a) return a() end
mt.__unm = function(a) error() end
mt.__eq = function(a, b) error(setmetatable({}, {__tostring = function() return "eq obj" end})) end
local o = setmetatable({}, mt)
local p = setmetatable({}, mt)

local function show(f)
  local ok, e = pcall(f)
  if type(e) == "table" then
    e = e.code or tostring(e)
  end
  print(ok, e)
end
show(function() return o.bad end)
show(function() return o.other end)
show(function() o.key = 1 end)
show(function() return o + 1 end)
show(function() return o < p end)
show(function() return o <= 1 end)
show(function() return "a" .. o end)
show(function() return #o end)
show(function() return -o end)
show(function() return o == p end)

-- tracebacks through metamethods
local function handler(e) return debug.traceback(tostring(e), 1) end
local function level3() return o.bad end
local function level2() local v = level3(); return v end
print(select(2, xpcall(level2, handler)))
print(select(2, xpcall(function() local x = o + 2; return x end, handler)))
print(select(2, xpcall(function() if o < p then return 1 end end, handler)))
local q = setmetatable({}, {__index = function(t, k) return o[k] end})
print(select(2, xpcall(function() return q.bad end, handler)))

-- an error in a metamethod caught inside another metamethod
local r = setmetatable({}, {__index = function(t, k)
  local ok, e = pcall(function() return o[k] end)
  return "caught: " .. tostring(e)
end})
print(r.bad)
print(r.bad, r.other)

-- the depth limit of metamethods calling metamethods, and recovery
local depth = 0
local deep = setmetatable({}, {__index = function(t, k) depth = depth + 1; return t[k] end})
local ok, e = pcall(function() return deep.x end)
print(ok, e, depth)
depth = 0
ok, e = pcall(function() return deep.x end)
print(ok, e, depth)
local add = setmetatable({}, {__add = function(a, b) depth = depth + 1; return a + b end})
depth = 0
ok, e = pcall(function() return add + 1 end)
print(ok, e, depth)
-- normal calls are not limited that way
local function rec(n) if n == 0 then return 0 end return 1 + rec(n - 1) end
print(rec(5000))
