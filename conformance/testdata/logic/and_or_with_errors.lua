-- checks errors propagate from evaluated operands and names in messages within and/or
local t = nil
print(pcall(function() return t and t.x end))
print(pcall(function() return t.x and 1 end))
print(pcall(function() return 1 and t.y end))
print(pcall(function() return nil or t.z end))
