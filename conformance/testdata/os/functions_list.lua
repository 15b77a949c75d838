-- the os library contents
local names = {}
for k, v in pairs(os) do names[#names + 1] = k .. ":" .. type(v) end
table.sort(names)
print(table.concat(names, " "))
