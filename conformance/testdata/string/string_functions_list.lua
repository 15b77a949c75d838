-- the string table contains the documented functions (dump excluded)
local names = {}
for k, v in pairs(string) do if k ~= "dump" then names[#names + 1] = k .. ":" .. type(v) end end
table.sort(names)
for _, n in ipairs(names) do print(n) end
