-- yields from several nested pcalls and the results flowing back through each level
local co = coroutine.wrap(function()
  return pcall(function()
    return pcall(function()
      return pcall(function()
        local v = coroutine.yield("deep")
        return v * 3
      end)
    end)
  end)
end)
print(co())
print(co(5))
