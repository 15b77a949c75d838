-- checks break exits only the innermost loop
for i = 1, 3 do
  for j = 1, 3 do
    if j == 2 then break end
    io.write(i, ",", j, " ")
  end
end
print()
local i = 0
while true do
  i = i + 1
  repeat
    if i > 2 then break end
    io.write("r", i, " ")
  until true
  if i >= 4 then break end
end
print(i)
