-- checks repeat-until runs at least once and the condition sees locals of the body
local i = 0
repeat
  local done = i >= 3
  i = i + 1
until done
print(i)
local n = 0
repeat n = n + 1 until true
print(n)
local fs = {}
local k = 0
repeat
  k = k + 1
  local captured = k * 10
  fs[#fs + 1] = function() return captured end
until captured >= 30
print(#fs, fs[1](), fs[3]())
