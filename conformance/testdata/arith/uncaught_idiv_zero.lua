-- checks an uncaught integer division by zero error and its traceback
local function divide(a, b)
  return a // b
end
print(divide(10, 3))
print(divide(10, 0))
