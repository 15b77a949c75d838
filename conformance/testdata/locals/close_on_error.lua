-- checks to-be-closed variables are closed when an error unwinds the block, receiving the error
local function mk(name)
  return setmetatable({}, {__close = function(_, err)
    if type(err) == "table" then err = "table code=" .. err.code end
    print("close " .. name, err)
  end})
end
print(pcall(function()
  local a <close> = mk("a")
  local b <close> = mk("b")
  error("oops", 0)
end))
print(pcall(function()
  local c <close> = mk("c")
  error({code = 1})
end) == false)
