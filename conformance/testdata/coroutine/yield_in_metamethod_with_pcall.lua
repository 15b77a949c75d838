-- a yield inside a metamethod called inside pcall inside a coroutine
local obj = setmetatable({}, {__index = function(_, k)
  local v = coroutine.yield("need " .. k)
  if v == "bad" then error("bad value for " .. k, 0) end
  return v
end})
local co = coroutine.wrap(function()
  local results = {}
  for _, key in ipairs({"a", "b", "c"}) do
    local ok, v = pcall(function() return obj[key] end)
    results[#results + 1] = tostring(ok) .. ":" .. tostring(v)
  end
  return table.concat(results, " ")
end)
print(co())
print(co(1))
print(co("bad"))
print(co(3))
