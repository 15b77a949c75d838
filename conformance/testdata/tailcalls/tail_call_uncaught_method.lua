-- an uncaught error in a method reached by a tail call from another method
local Obj = {}
function Obj:start() return self:finish() end
function Obj:finish() return self.missing.field end
local o = setmetatable({}, {__index = Obj})
print("starting")
o:start()
