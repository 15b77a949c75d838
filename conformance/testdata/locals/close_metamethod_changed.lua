-- checks the __close metamethod is looked up when the variable is closed, not when declared
local mt = {__close = function() print("first handler") end}
do
  local x <close> = setmetatable({}, mt)
  mt.__close = function() print("second handler") end
end
