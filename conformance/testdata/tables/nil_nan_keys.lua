-- checks writing with nil or NaN keys raises errors while reading them returns nil
local t = {}
print(pcall(function() t[nil] = 1 end))
print(pcall(function() t[0/0] = 1 end))
print(t[nil], t[0/0])
print(pcall(function() return {[nil] = 1} end))
print(pcall(function() return {[0/0] = 1} end))
print(pcall(rawset, t, nil, 1))
print(pcall(rawset, t, 0/0, 1))
