-- the utf8 library contents
local names = {}
for k, v in pairs(utf8) do names[#names + 1] = k .. ":" .. type(v) end
table.sort(names)
print(table.concat(names, " "))
