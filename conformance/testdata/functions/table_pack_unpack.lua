-- checks table.pack sets n and table.unpack handles ranges and nils
local p = table.pack(1, nil, 3, nil)
print(p.n, p[1], p[2], p[3], p[4])
print(table.unpack({1, 2, 3}))
print(table.unpack({1, 2, 3}, 2))
print(table.unpack({1, 2, 3}, 2, 5))
print(table.unpack({}, 1, 0))
print(select('#', table.unpack(p, 1, p.n)))
print(table.pack().n)
