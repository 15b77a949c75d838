-- a caught error followed by an uncaught one from a nested function
print(pcall(error, "caught one"))
local function deeper() local x = {} ; return x.a.b end
local function middle() deeper() end
middle()
