-- checks return values are computed before closing and are not affected by __close
local log = {}
local function f()
  local x = 1
  local h <close> = setmetatable({}, {__close = function() x = 99; log[#log + 1] = "closed" end})
  return x, "second"
end
print(f())
print(log[1])
