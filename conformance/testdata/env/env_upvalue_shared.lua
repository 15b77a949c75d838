-- checks functions in one chunk share the same _ENV upvalue
local function make()
  local _ENV = {tostring = tostring}
  local function set(v) val = v end
  local function get() return tostring(val) end
  return set, get
end
local set, get = make()
set(7)
print(get())
local set2, get2 = make()
print(get2())
