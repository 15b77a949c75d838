-- the io library and file method names
local names = {}
for k, v in pairs(io) do names[#names + 1] = k .. ":" .. type(v) end
table.sort(names)
print(table.concat(names, " "))
local m = getmetatable(io.stdout)
local keys = {}
for k in pairs(m) do keys[#keys + 1] = k end
table.sort(keys)
print(table.concat(keys, " "))
local methods = {}
for k in pairs(m.__index) do methods[#methods + 1] = k end
table.sort(methods)
print(table.concat(methods, " "))
print(m.__name)
