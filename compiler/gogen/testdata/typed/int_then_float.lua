-- s holds an integer on the first iteration and floats after it: the
-- typed copy is entered from the second iteration on
local s, u = 0, 0
for i = 1, 10 do
  s = s + i / 2
  u = u + i
end
print(s, math.type(s), u, math.type(u))
