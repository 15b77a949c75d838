-- weak-keyed tables are ephemerons: a value referring to its own key does not keep it
local t = setmetatable({}, {__mode = "k"})
do
  local k = {}
  t[k] = {ref = k}
end
local k2 = {}
t[k2] = {ref = k2}
collectgarbage()
local n = 0
for _ in pairs(t) do n = n + 1 end
print(n, t[k2].ref == k2)
