-- a coroutine that yields from a function called inside a typed loop
-- (with table reads and float arithmetic around the call), resumed with
-- values that change what the loop computes
local data = {}
for i = 1, 12 do data[i] = i + 0.25 end
local function step(i, acc)
  if i % 3 == 0 then
    local got = coroutine.yield(acc)
    return got or 1
  end
  return 2
end
local co = coroutine.wrap(function()
  local acc = 0.0
  for i = 1, #data do
    acc = acc + data[i] * step(i, acc)
    data[i] = acc
  end
  return "done", acc
end)
print(co())
print(co(10))
print(co(0.5))
print(co("3"))
print(co())
print(data[12], data[6])
-- yield across pcall inside the loop
local co2 = coroutine.wrap(function()
  local s = 0
  for i = 1, 4 do
    local ok, v = pcall(function() return coroutine.yield(i) * 2 end)
    s = s + (ok and v or 100) + i
  end
  return s
end)
print(co2(), co2(1), co2(2), co2(nil), co2(4))
