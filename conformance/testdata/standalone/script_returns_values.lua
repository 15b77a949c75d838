-- values returned by the main chunk are ignored and the exit status is 0
print("returning values")
local t = {1, "two", false}
print(#t)
return table.unpack(t)
