-- %a %d and their complements over all ASCII bytes
local function members(cls)
  local out = {}
  for i = 0, 255 do
    local c = string.char(i)
    if c:find("^" .. cls .. "$") then out[#out + 1] = i end
  end
  return #out, table.concat(out, " ", 1, math.min(#out, 12))
end
print("%a", members("%a"))
print("%A", members("%A"))
print("%d", members("%d"))
print("%D", members("%D"))
