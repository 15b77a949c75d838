-- to-be-closed variables are closed (in reverse order) when an error unwinds through pcall
local function closer(name)
  return setmetatable({}, {__close = function(_, err)
    print("closing " .. name, "err=" .. tostring(err))
  end})
end
local function work()
  local a <close> = closer("a")
  local b <close> = closer("b")
  error("failure", 0)
end
print(pcall(work))
local function ok_work()
  local c <close> = closer("c")
  return "result"
end
print(pcall(ok_work))
