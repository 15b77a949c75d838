-- a count hook set before a typed loop: the frame runs interpreted and
-- the hook sees every instruction
local n = 0
debug.sethook(function() n = n + 1 end, "", 7)
local s = 0
for i = 1, 1000 do s = s + i % 7 end
debug.sethook()
print(s, n)
