-- pack/unpack round trips for boundary integers of each size
local okc, total = 0, 0
for n = 1, 8 do
  local bits = n * 8
  local maxs = bits == 64 and math.maxinteger or (1 << (bits - 1)) - 1
  local mins = bits == 64 and math.mininteger or -(1 << (bits - 1))
  for _, v in ipairs({0, 1, -1, maxs, mins, maxs - 1, mins + 1}) do
    for _, e in ipairs({"<", ">"}) do
      total = total + 1
      local fmt = e .. "i" .. n
      if string.unpack(fmt, string.pack(fmt, v)) == v then okc = okc + 1 end
    end
  end
end
print(okc, total)
