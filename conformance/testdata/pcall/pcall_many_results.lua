-- pcall and xpcall pass through large numbers of results and arguments
local function many(n) local t = {} for i = 1, n do t[i] = i end return table.unpack(t) end
print(select('#', pcall(many, 200)))
print(select(201, pcall(many, 200)))
print(select('#', xpcall(many, print, 250)))
local args = {}
for i = 1, 100 do args[i] = i end
print(pcall(function(...) return select('#', ...) end, table.unpack(args)))
