-- a pcall inside a coroutine catches errors without killing the coroutine
local co = coroutine.create(function()
  for i = 1, 3 do
    local ok, e = pcall(function() if i == 2 then error("bad " .. i) end return i end)
    coroutine.yield(ok, e)
  end
  return "survived"
end)
for _ = 1, 4 do print(coroutine.resume(co)) end
print(coroutine.status(co))
