-- ... in the main chunk agrees with arg[1..n]
local n = select('#', ...)
print(n == #arg)
for i = 1, n do print(i, select(i, ...) == arg[i]) end
print(select('#', table.unpack(arg)))
