-- checks assigning a new table to _ENV redirects later global accesses in that scope
local print, setmetatable = print, setmetatable
local G = _G
function fromold() return "old" end
_ENV = setmetatable({}, {__index = G})
newvar = 1
print(newvar, G.newvar, fromold())
_ENV = G
print(newvar)
