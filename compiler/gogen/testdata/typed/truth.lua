-- a number tested for truth in a typed copy is true
local s, e = 0, false
for i = 1, 10 do
  if s then s = s + i end
  if not s then s = 0 end
  if e then s = s * 2 end
  e = s > 20
end
print(s, e)
