-- coroutine.resume fails, rather than raising, when the coroutine's
-- results do not fit the resumer's stack (lua-5.4.4-tests coroutine.lua)
local function many(n)
  return coroutine.create(function()
    local t = {}
    for i = 1, n do t[i] = i end
    return table.unpack(t)
  end)
end
print(coroutine.resume(many(999990)))
print(select("#", coroutine.resume(many(1000))))
local w = coroutine.wrap(function() local t = {} for i = 1, 999990 do t[i] = i end return table.unpack(t) end)
print(pcall(w))
