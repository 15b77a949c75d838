-- a coroutine can yield from inside __index and __newindex functions
local log = {}
local proxy = setmetatable({}, {
  __index = function(_, k) return coroutine.yield("index " .. k) end,
  __newindex = function(_, k, v) log[#log + 1] = coroutine.yield("newindex " .. k .. "=" .. v) end,
})
local co = coroutine.wrap(function()
  local v = proxy.foo
  print("index result", v)
  proxy.bar = "baz"
  print("newindex logged", log[1])
  return "end"
end)
print(co())
print(co("resumed value"))
print(co("logged"))
