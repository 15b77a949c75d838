-- checks deeply nested and/or/not expressions inside conditions and loops
local count = 0
for i = 1, 20 do
  if (i % 2 == 0 and not (i % 3 == 0)) or (i > 15 and i % 5 == 0) then
    count = count + 1
    io.write(i, " ")
  end
end
print()
print(count)
local a, b, c = nil, false, 0
print(a or b or c, a or b, (a or c) and (b or "z"))
