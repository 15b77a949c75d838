-- Values passed each way by coroutine.resume, coroutine.wrap and
-- coroutine.yield: none, one, a few and more than a handful (copyVals
-- copies up to four one at a time), nils among them, and resume's true
-- or false below them.
local co = coroutine.create(function(...)
  local t = table.pack(...)
  print("start", t.n, ...)
  while true do
    t = table.pack(coroutine.yield(table.unpack(t, 1, t.n)))
    print("got", t.n, table.unpack(t, 1, t.n))
    if t[1] == "stop" then break end
  end
  return 1, 2, 3, 4, 5, 6, 7
end)
print(coroutine.resume(co, 1, 2, 3, 4, 5, 6))
print(coroutine.resume(co))
print(coroutine.resume(co, "a"))
print(coroutine.resume(co, "a", "b", "c", "d"))
print(coroutine.resume(co, "a", "b", "c", "d", "e"))
print(coroutine.resume(co, nil, nil, 3))
print(coroutine.resume(co, nil))
print(coroutine.resume(co, "stop"))
print(coroutine.resume(co))
print(select('#', coroutine.resume(coroutine.create(function() end))))

local gen = coroutine.wrap(function(a, b)
  local n = 0
  while true do
    n = n + 1
    a, b = coroutine.yield(n, a, b, n * 2, n * 3, n * 4)
  end
end)
print(gen("x", "y"))
print(gen(1))
print(gen())
print(select('#', gen(nil, nil)))

local bad = coroutine.create(function(x)
  coroutine.yield(x, x)
  error({code = x})
end)
print(coroutine.resume(bad, 5))
local ok, e = coroutine.resume(bad)
print(ok, type(e), e.code)
print(coroutine.resume(bad))

-- A resume inside the coroutine of another, results passed through.
local outer = coroutine.create(function()
  local inner = coroutine.create(function(...)
    coroutine.yield(...)
    return "done", ...
  end)
  print("inner", coroutine.resume(inner, 1, 2, 3, 4, 5))
  print("inner", coroutine.resume(inner))
  coroutine.yield(coroutine.resume(inner))
end)
print(coroutine.resume(outer))
print(coroutine.resume(outer))
