-- checks while loops, including zero iterations and break
local i, s = 0, 0
while i < 10 do i = i + 1; s = s + i end
print(i, s)
while false do print("never") end
local n = 0
while true do
  n = n + 1
  if n >= 5 then break end
end
print(n)
