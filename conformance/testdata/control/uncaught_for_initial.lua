-- checks an uncaught "'for' initial value must be a number" error with traceback
local start = "one"
for i = start, 3 do print(i) end
