-- deep recursion in the matcher raises "pattern too complex"
local p = string.rep("a?", 250000)
local ok, err = pcall(string.find, string.rep("a", 250000), p)
print(ok, err)
