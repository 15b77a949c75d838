-- %q round-trips every byte value 0..255
local bytes = {}
for i = 0, 255 do bytes[#bytes + 1] = string.char(i) end
local s = table.concat(bytes)
local q = string.format("%q", s)
local back = load("return " .. q)()
print(back == s, #back)
local sum = 0
for i = 1, #q do sum = (sum * 31 + q:byte(i)) % 1000000007 end
print(#q, sum)
for i = 0, 255 do
  local one = string.char(i)
  assert(load("return " .. string.format("%q", one))() == one, i)
end
print("all single bytes ok")
for i = 0, 255 do
  local two = string.char(i) .. "7"
  assert(load("return " .. string.format("%q", two))() == two, i)
end
print("byte followed by digit ok")
