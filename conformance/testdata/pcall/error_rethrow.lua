-- rethrowing a caught string error at level 1 prepends another position; level 0 does not
local function fail() error("original") end
local ok, e = pcall(fail)
print(e)
local ok2, e2 = pcall(function() error(e) end)
print(e2)
local ok3, e3 = pcall(function() error(e, 0) end)
print(e3)
local ok4, e4 = pcall(function() error(e, 2) end)
print(e4)
local obj = {msg = "table"}
local ok5, e5 = pcall(function()
  local ok, inner = pcall(error, obj)
  error(inner)
end)
print(e5 == obj, e5.msg)
