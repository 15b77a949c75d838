-- unpack returns nils for holes in the given range
local t = {1, nil, 3, nil, 5}
print(table.unpack(t, 1, 5))
print(select('#', table.unpack(t, 1, 5)))
print(table.unpack({n = 3}, 1, 3))
