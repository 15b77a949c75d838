-- checks constructor items are evaluated in order (observable through side effects)
local log = {}
local function v(x) log[#log + 1] = tostring(x); return x end
local t = {v(1), v(2), k = v("k"), v(3), [v("key")] = v("val")}
print(table.concat(log, " "))
print(t[1], t[2], t[3], t.k, t.key)
