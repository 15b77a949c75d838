-- coroutine.running returns the current thread and whether it is the main one
local main, ismain = coroutine.running()
print(type(main), ismain)
local co
co = coroutine.create(function()
  local cur, im = coroutine.running()
  print(cur == co, im)
  print(coroutine.status(cur))
end)
coroutine.resume(co)
local w = coroutine.wrap(function()
  local cur, im = coroutine.running()
  return type(cur), im, cur ~= main
end)
print(w())
