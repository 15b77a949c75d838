-- an uncaught assert failure reports "assertion failed!" with a traceback
local function check(x)
  assert(x > 10)
end
print("before")
check(20)
check(5)
print("not reached")
