-- a stack overflow message mentions "stack overflow" and the position of the recursive function
local function grow(n) return grow(n + 1) + 1 end
local ok, e = pcall(grow, 1)
print(ok, e:find("stack overflow", 1, true) ~= nil)
print((e:match("^[^:]+")))
local t = setmetatable({}, {})
getmetatable(t).__index = function(tab, k) return tab[k] end
local ok2, e2 = pcall(function() return t.x end)
print(ok2, (e2:gsub("%d+", "N")))
