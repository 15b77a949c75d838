-- A chunk whose first byte is ESC is binary, and the mode is checked after.
print(load("\27Lu"))
print(load("\27Lua"))
print(load("\27 return 1", "=x", "t"))
print(load("\27Lua", "@f.lua"))
print(load("\27Lua", "=named"))
print(load("return 1", "x", "b"))
print(load(string.dump(function() end), "d", "t"))
print(load(string.dump(function() end):sub(1, 10)))
print(load(function() return nil end, "=empty", "b"))
local parts = {"\27", "Lu"}
print(load(function() return table.remove(parts, 1) end))
