-- an uncaught float error value prints in float format
print("before")
local function fail(v)
  error(v * 1.0)
end
fail(2.5)
