-- checks every value in a multiple assignment is stored (order of __newindex calls is unspecified, so sort)
local log = {}
local t = setmetatable({}, {__newindex = function(_, k, v) log[#log + 1] = k .. "=" .. tostring(v) end})
t.a, t.b, t.c = 1, 2
table.sort(log)
print(table.concat(log, " "))
