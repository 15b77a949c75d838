-- checks "local function f" can recurse but "local f = function" cannot see itself
local function a(n) if n == 0 then return "a done" end return a(n - 1) end
print(a(3))
local b = function(n) if n == 0 then return "b done" end return b(n - 1) end
print(pcall(b, 2))
