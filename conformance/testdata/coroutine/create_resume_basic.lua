-- create a coroutine, resume it to completion, and read its return values
local co = coroutine.create(function(a, b)
  print("started with", a, b)
  return a + b, "done"
end)
print(type(co))
print(coroutine.status(co))
print(coroutine.resume(co, 2, 3))
print(coroutine.status(co))
