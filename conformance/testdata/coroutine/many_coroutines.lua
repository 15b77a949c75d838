-- many coroutines alive at the same time, resumed round-robin
local cos = {}
for i = 1, 500 do
  cos[i] = coroutine.create(function()
    local sum = 0
    for step = 1, 3 do sum = sum + coroutine.yield(i * step) end
    return sum
  end)
end
local total = 0
for round = 1, 4 do
  for i = 1, #cos do
    local ok, v = coroutine.resume(cos[i], round)
    total = total + v
  end
end
print(total)
local dead = 0
for i = 1, #cos do if coroutine.status(cos[i]) == "dead" then dead = dead + 1 end end
print(dead)
