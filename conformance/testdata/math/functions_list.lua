-- the math library contains the standard 5.4 names (compat-only names filtered out)
local compat = {atan2 = true, cosh = true, sinh = true, tanh = true, pow = true, frexp = true, ldexp = true, log10 = true}
local names = {}
for k, v in pairs(math) do if not compat[k] then names[#names + 1] = k .. ":" .. type(v) end end
table.sort(names)
print(table.concat(names, " "))
