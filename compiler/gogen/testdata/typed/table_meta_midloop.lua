-- a table gains a metatable in the middle of a typed loop that reads and
-- writes it: the reads of missing keys go to __index, the stores of new
-- keys to __newindex, from the iteration where it changed on
local t = {}
for i = 1, 8 do t[i] = i * 1.5 end
local log = {}
local function arm(k)
  if k == 5 then
    setmetatable(t, {
      __index = function(_, key) return key * 100.0 end,
      __newindex = function(tt, key, v) log[#log + 1] = key; rawset(tt, key, v) end,
    })
  end
  if k == 6 then t[7] = nil end
end
local s = 0.0
for i = 1, 10 do
  arm(i)
  s = s + t[i] * 2
  t[i + 10] = s
end
print(s, #log, table.concat(log, ","))
-- fields of a record, one of which leaves for __index mid-loop
local p = {x = 1.0, y = 2.0}
local acc = 0.0
for i = 1, 6 do
  if i == 4 then
    p.y = nil
    setmetatable(p, {__index = {y = -1.0}})
  end
  acc = acc + p.x * i + p.y
  p.x = p.x + 0.5
end
print(acc, p.x, rawget(p, "y"))
