-- an uncaught error raised by a wrap generator while a for loop consumes it
local function numbers()
  return coroutine.wrap(function()
    for i = 1, 3 do coroutine.yield(i) end
    error("generator exhausted badly")
  end)
end
for n in numbers() do print("got", n) end
print("not reached")
