-- table.unpack refuses to return too many results
print(pcall(table.unpack, {}, 1, 1e7))
print(pcall(table.unpack, {}, 1, math.maxinteger))
print(pcall(table.unpack, {}, math.mininteger, math.maxinteger))
print(pcall(table.unpack, {}, 0, math.maxinteger))
print(select('#', table.unpack({}, math.maxinteger, math.maxinteger)))
print(select('#', table.unpack({}, 1, 1000)))
