-- values flow out through yield and in through resume
local co = coroutine.create(function(x)
  print("got first", x)
  local y = coroutine.yield(x * 2)
  print("got second", y)
  local a, b, c = coroutine.yield(y .. "!", "extra")
  print("got third", a, b, c)
  return "finished"
end)
print(coroutine.resume(co, 10))
print(coroutine.resume(co, "hello"))
print(coroutine.resume(co, 1, nil, 3))
print(coroutine.resume(co))
