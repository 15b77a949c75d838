-- checks closures created in the same scope share the same upvalue
local function pair()
  local v = 0
  local function get() return v end
  local function set(x) v = x end
  return get, set
end
local get, set = pair()
print(get())
set(42)
print(get())
local get2, set2 = pair()
set2(7)
print(get(), get2())
