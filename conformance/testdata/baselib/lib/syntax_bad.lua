-- helper chunk with a syntax error on line 3
local x = 1
local y = = 2
return y
