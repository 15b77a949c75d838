-- os.clock returns a float CPU time
print(type(os.clock()), math.type(os.clock()))
local a = os.clock()
local x = 0
for i = 1, 1e5 do x = x + i end
print(os.clock() >= a)
