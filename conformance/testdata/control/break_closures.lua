-- checks break after creating closures leaves captured values intact
local fs = {}
for i = 1, 10 do
  fs[#fs + 1] = function() return i end
  if i == 3 then break end
end
print(#fs, fs[1](), fs[2](), fs[3]())
