-- an uncaught integer error is converted to a string message (with traceback)
print("before")
local function fail(code)
  error(code)
end
fail(42)
