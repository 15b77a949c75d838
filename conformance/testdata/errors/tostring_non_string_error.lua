-- checks error messages for non-string errors reaching the top level are described
print(pcall(error, setmetatable({}, {__tostring = function() return "custom error object" end})))
print(select(2, pcall(error)) == nil)
