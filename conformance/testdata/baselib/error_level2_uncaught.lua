-- an uncaught error raised with level 2 blames the caller's line
local function validate(n)
  if type(n) ~= "number" then
    error("expected a number", 2)
  end
  return n
end
print(validate(1))
local function use()
  return validate("x")
end
use()
