-- getinfo with no options returns all documented fields (keys sorted)
local function f(a, b) return debug.getinfo(1) end
local i = f()
local keys = {}
for k in pairs(i) do keys[#keys + 1] = k end
table.sort(keys)
print(table.concat(keys, " "))
print(i.currentline, i.linedefined, i.lastlinedefined, i.nparams, i.what, i.name, i.namewhat)
