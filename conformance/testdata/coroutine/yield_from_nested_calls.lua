-- yield can happen several Lua calls deep inside the coroutine body
local function c(n) return coroutine.yield("c" .. n) end
local function b(n) return c(n + 1) .. "b" end
local function a(n) return b(n + 1) .. "a" end
local co = coroutine.wrap(function()
  local r = a(1)
  local r2 = a(10)
  return r, r2
end)
print(co())
print(co("X"))
print(co("Y"))
