-- i[n] and I[n] for every size 1..16
local hex = require("hex")
for n = 1, 16 do
  local p = string.pack("<i" .. n, -2)
  local u = string.pack(">I" .. n, 200)
  print(n, #p, hex(p), hex(u), (string.unpack("<i" .. n, p)), (string.unpack(">I" .. n, u)))
end
