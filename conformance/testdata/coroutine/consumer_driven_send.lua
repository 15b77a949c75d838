-- a coroutine accumulating values sent to it by resume
local acc = coroutine.create(function(first)
  local total = first
  while true do
    local v = coroutine.yield(total)
    if v == nil then break end
    total = total + v
  end
  return "final " .. total
end)
print(coroutine.resume(acc, 1))
for i = 2, 5 do print(coroutine.resume(acc, i)) end
print(coroutine.resume(acc))
print(coroutine.status(acc))
