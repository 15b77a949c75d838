-- checks <const> locals captured by closures keep their values
local fs = {}
for i = 1, 3 do
  local c <const> = i * i
  fs[i] = function() return c end
end
print(fs[1](), fs[2](), fs[3]())
local TBL <const> = {count = 0}
local function bump() TBL.count = TBL.count + 1 end
bump(); bump()
print(TBL.count)
