-- checks an uncaught "number has no integer representation" error with traceback
local function mask(x)
  return x & 0xFF
end
print(mask(300))
print(mask(1.25))
