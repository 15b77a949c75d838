-- __gc finalizers run during collectgarbage() for unreachable objects
local log = {}
do
  setmetatable({}, {__gc = function() log[#log + 1] = "first" end})
end
collectgarbage()
print(table.concat(log, ","))
local obj = setmetatable({name = "x"}, {__gc = function(o) print("finalizing", o.name) end})
obj = nil
collectgarbage()
print("after collect")
