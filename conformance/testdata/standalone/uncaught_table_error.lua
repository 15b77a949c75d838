-- an uncaught table error without __tostring is reported as "(error object is a table value)"
print("before")
local function fail()
  error({code = 1})
end
fail()
