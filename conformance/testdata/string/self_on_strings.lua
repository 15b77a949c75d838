-- s:method() on strings, each way the string metatable can answer it:
-- the string table itself, a method added to it, one found through the
-- string table's own __index, an __index function, a missing method
-- (error), the same site called with tables and strings in turn.
local s = "hello"
print(s:upper(), s:byte(2), s:sub(2, 3), s:len())
function string.twice(x) return x .. x end
print(s:twice())
local mt = getmetatable("")
setmetatable(string, { __index = function(_, k) return function(x) return k .. ":" .. x end end })
print(s:dynamic(), s:upper())
setmetatable(string, nil)
print(pcall(function() return s:dynamic() end))
local old = mt.__index
mt.__index = function(x, k) return function(y) return "fn " .. k .. " " .. y end end
print(s:upper(), ("x"):anything())
mt.__index = old
print(s:upper())
local objs = { "abc", { upper = function() return "table" end }, "def", setmetatable({}, { __index = string }) }
for round = 1, 2 do
  for j, o in ipairs(objs) do
    local ok, v = pcall(function() return o:upper() end)
    print(round, j, ok, v)
  end
end
string.upper = function(x) return "replaced " .. x end
print(s:upper())
print(pcall(function() return ("z"):nomethod() end))
-- one site across changes of the string table and the string metatable
local function call(x, ...) return pcall(function(...) return x:upper(...) end, ...) end
local function site(x) return x:upper() end
local saved = string.upper
for round = 1, 3 do
  print(round, site("ab"))
  string.upper = function(x) return "v" .. round .. " " .. x end
  print(round, site("ab"))
  string.upper = nil
  print(round, pcall(site, "ab"))
  setmetatable(string, { __index = { upper = function(x) return "inherited " .. x end } })
  print(round, site("ab"))
  setmetatable(string, nil)
  string.upper = saved
  mt.__index = { upper = function(x) return "other table " .. x end }
  print(round, site("ab"))
  mt.__index = function(x, k) return function(y) return "function " .. k .. " " .. y end end
  print(round, site("ab"))
  mt.__index = old
  print(round, site("ab"), call("cd"))
end
