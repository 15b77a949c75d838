-- the table library has the documented functions
local names = {}
for k, v in pairs(table) do names[#names + 1] = k .. ":" .. type(v) end
table.sort(names)
print(table.concat(names, " "))
