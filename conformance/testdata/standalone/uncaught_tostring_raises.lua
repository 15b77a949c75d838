-- an error object whose __tostring raises an error while the interpreter reports it
print("before")
local obj = setmetatable({}, {__tostring = function()
  error("tostring failed")
end})
error(obj)
