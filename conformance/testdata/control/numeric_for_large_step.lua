-- checks steps larger than the range and huge steps run the right number of times
local c = 0
for i = 1, 10, 100 do c = c + 1; io.write(i, " ") end print(c)
for i = 0, math.maxinteger, math.maxinteger do io.write(i, " ") end print()
for i = math.maxinteger, 0, math.mininteger do io.write(i, " ") end print()
for i = 0, math.mininteger, math.mininteger do io.write(i, " ") end print()
for i = -1, math.maxinteger, math.maxinteger do io.write(i, " ") end print()
