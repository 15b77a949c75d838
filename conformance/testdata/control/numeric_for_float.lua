-- checks numeric for with float values: subtype of the control variable and accumulated steps
for i = 1, 2, 0.25 do io.write(tostring(i), " ") end print()
for i = 1.0, 3 do io.write(tostring(i), " ", math.type(i), " ") end print()
for i = 1, 3.5 do io.write(tostring(i), " ", math.type(i), " ") end print()
for i = 0.1, 0.35, 0.1 do io.write(tostring(i), " ") end print()
for i = 1, 0, -0.5 do io.write(tostring(i), " ") end print()
local count = 0
for i = 0, 1, 0.1 do count = count + 1 end
print(count)
