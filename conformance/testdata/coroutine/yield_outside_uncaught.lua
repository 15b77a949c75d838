-- an uncaught yield from the main chunk is a runtime error with traceback
local function producer()
  coroutine.yield(1)
end
print("calling producer outside a coroutine")
producer()
