-- checks an error inside __close replaces the original error and other variables still close
local function mk(name, fail)
  return setmetatable({}, {__close = function(_, err)
    print("closing " .. name, err)
    if fail then error(name .. " failed", 0) end
  end})
end
print(pcall(function()
  local a <close> = mk("a")
  local b <close> = mk("b", true)
  local c <close> = mk("c")
  return "normal"
end))
print(pcall(function()
  local a <close> = mk("a", true)
  local b <close> = mk("b", true)
  error("original", 0)
end))
