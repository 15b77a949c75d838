-- the fields of the package table
local names = {}
for k, v in pairs(package) do names[#names + 1] = k .. ":" .. type(v) end
table.sort(names)
print(table.concat(names, " "))
print(type(package.loadlib))
