-- getinfo and getlocal on a suspended coroutine
local co = coroutine.create(function(p)
  local inside = "local in co"
  coroutine.yield()
end)
coroutine.resume(co, "param")
local i = debug.getinfo(co, 1, "Sl")
print(i.short_src, i.currentline, i.what)
print(debug.getlocal(co, 1, 1))
print(debug.getlocal(co, 1, 2))
print(debug.getinfo(co, 2))
print(debug.setlocal(co, 1, 2, "changed"))
print(debug.getlocal(co, 1, 2))
