-- coroutine.isyieldable is false in the main thread and true inside a coroutine
print(coroutine.isyieldable())
local co = coroutine.create(function()
  print("inside:", coroutine.isyieldable())
  print("inside pcall:", select(2, pcall(coroutine.isyieldable)))
  coroutine.yield()
end)
coroutine.resume(co)
print("about suspended co:", coroutine.isyieldable(co))
print("about main:", coroutine.isyieldable((coroutine.running())))
coroutine.resume(co)
print("about dead co:", coroutine.isyieldable(co))
local sorter = coroutine.wrap(function()
  local r
  table.sort({3, 1, 2}, function(a, b) r = coroutine.isyieldable(); return a < b end)
  return r
end)
print("inside table.sort comparator:", sorter())
