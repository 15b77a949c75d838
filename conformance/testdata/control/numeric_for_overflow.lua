-- checks integer for loops near maxinteger/mininteger terminate without wrapping
local max, min = math.maxinteger, math.mininteger
for i = max - 2, max do io.write(i, " ") end print()
for i = min + 2, min, -1 do io.write(i, " ") end print()
local n = 0
for i = max - 10, max, 7 do n = n + 1; io.write(i, " ") end print(n)
for i = min, min + 1 do io.write(i, " ") end print()
local c = 0
for i = 1, max, max // 2 do c = c + 1 end
print(c)
for i = max, max - 1 do print("never") end
print("done")
