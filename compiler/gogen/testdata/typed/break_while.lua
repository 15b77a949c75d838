-- the values a typed loop leaves behind, through break, goto and until
local a, b = 0, 0.0
while true do
  a = a + 1
  b = b + 0.5
  if a > 10 then break end
end
local k, j = 0, 0
repeat
  k = k + 3
  if k % 2 == 0 then goto continue end
  j = j + k
  ::continue::
until k > 50
print(a, b, k, j)
