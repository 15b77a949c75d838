-- iterating a string with sub and byte gives consistent results
local s = "Lua\0 5.4\255"
local out = {}
for i = 1, #s do
  local c = s:sub(i, i)
  out[#out + 1] = string.format("%d:%d", i, c:byte())
  assert(string.char(s:byte(i)) == c)
end
print(table.concat(out, " "))
print(s:sub(-#s) == s, s:sub(#s + 1) == "")
