-- checks an uncaught "'for' step is zero" error with traceback
local function loop(step)
  for i = 1, 3, step do io.write(i, " ") end
  print()
end
loop(1)
loop(0)
