-- coroutine.wrap returns a function that resumes the coroutine and returns yielded values
local gen = coroutine.wrap(function(a)
  local b = coroutine.yield(a + 1)
  local c, d = coroutine.yield(b * 2)
  return c .. d
end)
print(type(gen))
print(gen(1))
print(gen(10))
print(gen("x", "y"))
print(pcall(gen))
