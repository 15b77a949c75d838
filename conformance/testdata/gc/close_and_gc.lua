-- __close runs at block exit, __gc later at collection
do
  local x <close> = setmetatable({}, {
    __close = function() print("closed") end,
    __gc = function() print("collected") end,
  })
  print("in block")
end
print("after block")
collectgarbage()
print("after collect")
