-- __gc must be present when setmetatable is called to mark the object
local mt = {}
local o = setmetatable({}, mt)
mt.__gc = function() print("never: gc added after setmetatable") end
o = nil
collectgarbage()
local mt2 = {__gc = true}
local o2 = setmetatable({}, mt2)
mt2.__gc = function() print("runs: field was present at setmetatable") end
o2 = nil
collectgarbage()
print("end")
