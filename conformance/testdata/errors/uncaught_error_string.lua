-- checks an uncaught error() with a string message gets position and traceback
local function validate(x)
  if type(x) ~= "number" then
    error("expected number, got " .. type(x))
  end
  return x
end
print(validate(1))
validate("no")
