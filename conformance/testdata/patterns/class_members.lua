-- the printable members of %p, %s, %x, %c boundaries
local function list(cls)
  local out = {}
  for i = 0, 127 do
    local c = string.char(i)
    if c:match(cls) then out[#out + 1] = (i >= 33 and i < 127) and c or ("\\" .. i) end
  end
  return table.concat(out)
end
print(list("%p"))
print(list("%s"))
print(list("%x"))
print(list("%c"))
print(list("%u"))
print(list("%l"))
print(list("%w"))
