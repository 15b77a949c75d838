-- a generator built with coroutine.wrap used in a generic for
local function range(n, step)
  return coroutine.wrap(function()
    for i = 1, n, step or 1 do coroutine.yield(i) end
  end)
end
for v in range(5) do io.write(v, " ") end
print()
for v in range(10, 3) do io.write(v, " ") end
print()
local function squares(t)
  return coroutine.wrap(function()
    for i, v in ipairs(t) do coroutine.yield(i, v * v) end
  end)
end
for i, sq in squares({2, 3, 4}) do print(i, sq) end
