-- in the C locale bytes 128-255 belong to no letter/space/punct class
local any = false
for i = 128, 255 do
  local c = string.char(i)
  if c:match("[%a%d%s%p%c%g%l%u%w%x]") then any = true end
end
print(any)
print(("\127"):match("%c") ~= nil, ("\127"):match("%g"), (" "):match("%g"), ("~"):match("%g"))
