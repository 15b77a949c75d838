-- checks an uncaught arithmetic error on a value whose metatable has __name
local obj = setmetatable({}, {__name = "Widget"})
local function grow(w) return w * 2 end
grow(obj)
