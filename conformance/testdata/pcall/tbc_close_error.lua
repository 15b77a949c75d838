-- an error inside __close replaces the original error
local function work()
  local a <close> = setmetatable({}, {__close = function(_, err)
    print("a sees", err)
    error("close error a", 0)
  end})
  local b <close> = setmetatable({}, {__close = function(_, err)
    print("b sees", err)
    error("close error b", 0)
  end})
  error("body error", 0)
end
print(pcall(work))
print(pcall(function()
  local x <close> = setmetatable({}, {__close = function() error("only close fails", 0) end})
  return "normal return"
end))
print(pcall(function() local y <close> = 42 end))
print(pcall(function() local z <close> = nil; local w <close> = false; return "nil/false ok" end))
