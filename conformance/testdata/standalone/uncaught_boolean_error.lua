-- an uncaught boolean error is reported as "(error object is a boolean value)"
print("before")
local function fail()
  error(true)
end
fail()
