-- every byte value survives char -> byte round trip
local ok = true
for i = 0, 255 do
  local c = string.char(i)
  if #c ~= 1 or c:byte() ~= i then ok = false end
end
print(ok)
local all = {}
for i = 0, 255 do all[#all + 1] = i end
local s = string.char(table.unpack(all))
print(#s, s:byte(1), s:byte(256), s:byte(129))
local sum = 0
for i = 1, #s do sum = sum + s:byte(i) * i end
print(sum)
