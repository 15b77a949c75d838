-- typed inner loops between yields
local co = coroutine.wrap(function(n)
  local s = 0
  for i = 1, 5 do
    for j = 1, n do s = s + j * i end
    n = coroutine.yield(s) or n
  end
  return "done", s
end)
print(co(3)) print(co(4)) print(co()) print(co(1)) print(co()) print(co())
