-- collectgarbage("count") grows with allocation and shrinks after a collect
collectgarbage()
local before = collectgarbage("count")
local big = {}
for i = 1, 100000 do big[i] = {i} end
local during = collectgarbage("count")
big = nil
collectgarbage()
local after = collectgarbage("count")
print(during > before, after < during)
