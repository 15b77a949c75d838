-- checks assigning to the loop variable does not change the iteration count
local seen = {}
for i = 1, 5 do
  seen[#seen + 1] = i
  i = i * 100
end
print(table.concat(seen, " "))
for k, v in ipairs{"a", "b"} do
  k = 10
  io.write(k, v, " ")
end
print()
