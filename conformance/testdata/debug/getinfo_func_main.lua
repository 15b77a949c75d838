-- getinfo for the main chunk and for a C function on the stack
local m = debug.getinfo(1, "Snu")
print(m.what, m.isvararg, m.nparams, m.nups, m.name)
local function cb() local i = debug.getinfo(2, "Sn"); return i.what, i.name, i.namewhat end
print(pcall(cb))
print(table.unpack({cb()}))
local t = {3, 1, 2}
table.sort(t, function(a, b)
  local i = debug.getinfo(2, "Sn")
  if not _G.seen then _G.seen = i.what .. ":" .. tostring(i.name) end
  return a < b
end)
print(seen)
