-- errors re-raised by a wrap function get the caller's position prepended when they are strings
local function make()
  return coroutine.wrap(function() error("E") end)
end
local f = make()
local ok, e = pcall(function()
  f()
end)
print(e)
local g = coroutine.wrap(function() error("E0", 0) end)
local ok2, e2 = pcall(function() g() end)
print(e2)
