-- checks an uncaught error when assigning a field of a nil upvalue, with traceback
local cfg
local function set(v)
  cfg.value = v
end
set(1)
