-- checks name = value and [expr] = value fields in constructors
local k = "dyn"
local t = {x = 1, y = 2, ["z w"] = 3, [k] = 4, [1 + 1] = "two", [true] = "yes"}
print(t.x, t.y, t["z w"], t.dyn, t[2], t[true])
local keys = {}
for key in pairs(t) do keys[#keys + 1] = tostring(key) end
table.sort(keys)
print(table.concat(keys, ","))
