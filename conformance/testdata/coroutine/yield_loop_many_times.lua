-- a coroutine yielding 100000 times keeps its state correctly
local co = coroutine.wrap(function()
  local n = 0
  while true do n = n + (coroutine.yield(n) or 0) end
end)
co()
local last
for i = 1, 100000 do last = co(1) end
print(last)
