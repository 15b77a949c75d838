-- an uncaught nil error is reported as "(error object is a nil value)"
print("before")
local function fail()
  error(nil)
end
fail()
