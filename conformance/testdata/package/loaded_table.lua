-- package.loaded contains the standard libraries
local names = {}
for k, v in pairs(package.loaded) do names[#names + 1] = k .. "=" .. type(v) end
table.sort(names)
print(table.concat(names, " "))
print(package.loaded._G == _G, package.loaded.string == string, package.loaded.package == package)
