-- resume and yield pass large numbers of values
local co = coroutine.create(function(...)
  print("received", select('#', ...))
  local t = {coroutine.yield(...)}
  print("received again", #t)
  return table.unpack(t)
end)
local args = {}
for i = 1, 200 do args[i] = i end
local r = {coroutine.resume(co, table.unpack(args))}
print(#r, r[1], r[2], r[201])
local r2 = {coroutine.resume(co, table.unpack(args, 1, 150))}
print(#r2, r2[1], r2[151])
