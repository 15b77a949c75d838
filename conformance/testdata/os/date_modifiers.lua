-- the E and O modifiers accepted with selected conversions
local t = 1234567890
for _, c in ipairs({"Ec", "EC", "Ex", "EX", "Ey", "EY", "Od", "Oe", "OH", "OI", "Om", "OM", "OS", "Ou", "OU", "OV", "Ow", "OW", "Oy"}) do
  print(c, os.date("!%" .. c, t))
end
