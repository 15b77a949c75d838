-- checks ipairs iterates 1..n until the first nil value
local t = {1, 2, nil, 4}
for i, v in ipairs(t) do io.write(i, "=", v, " ") end
print()
local u = setmetatable({}, {__index = function(_, i) if i <= 3 then return i * 10 end end})
for i, v in ipairs(u) do io.write(i, "=", v, " ") end
print()
