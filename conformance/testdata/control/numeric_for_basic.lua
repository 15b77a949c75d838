-- checks numeric for with default and explicit steps, including empty ranges
for i = 1, 3 do io.write(i, " ") end print()
for i = 3, 1, -1 do io.write(i, " ") end print()
for i = 1, 10, 3 do io.write(i, " ") end print()
for i = 1, 0 do io.write("never") end print("empty")
for i = 5, 5 do io.write(i, " ") end print()
for i = -3, -1 do io.write(i, " ") end print()
