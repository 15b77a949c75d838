-- debug.getinfo reports istailcall for functions entered by a tail call
local function probe()
  local info = debug.getinfo(1, "t")
  return info.istailcall
end
local function via_tail() return probe() end
local function via_normal() local r = probe(); return r end
print(via_tail())
print(via_normal())
print(probe())
