-- unbounded Lua recursion is caught by pcall as a stack overflow error
local depth = 0
local function recurse() depth = depth + 1; return 1 + recurse() end
local ok, e = pcall(recurse)
print(ok)
print(type(e), (e:gsub("%d+", "N")))
print(depth > 1000)
-- the state is usable afterwards
print(pcall(function() return "still works" end))
