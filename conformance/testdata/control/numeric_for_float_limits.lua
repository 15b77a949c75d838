-- checks integer loops with float limits are clipped (limit floored/ceiled, huge limits)
for i = 1, 3.9 do io.write(i, " ") end print()
for i = 3, 1.1, -1 do io.write(i, " ") end print()
local c = 0
for i = math.maxinteger - 1, 1e100 do c = c + 1 end
print(c)
for i = 1, -1e100 do print("never") end
for i = 1, 0/0 do print("never nan") end
for i = math.mininteger, -1e100, -1 do print("once", i) end
c = 0
for i = math.mininteger + 1, -1e100, -1 do c = c + 1 end
print(c)
print("ok")
