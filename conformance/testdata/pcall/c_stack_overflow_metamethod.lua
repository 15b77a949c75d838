-- recursion through __index/__call metamethods overflows the C stack
local t = setmetatable({}, {})
getmetatable(t).__index = function(tab, k) return tab[k .. "x"] end
local ok, e = pcall(function() return t.a end)
print(ok, (tostring(e):gsub("%d+", "N")))
local c = setmetatable({}, {})
getmetatable(c).__call = function(self) return tostring(self) end
getmetatable(c).__tostring = function(self) return self() end
local ok2, e2 = pcall(tostring, c)
print(ok2, (tostring(e2):gsub("%d+", "N")))
print(pcall(function() return "recovered" end))
