-- count hooks fire every n instructions
local n = 0
debug.sethook(function(ev) n = n + 1 end, "", 1)
local s = 0
for i = 1, 100 do s = s + i end
debug.sethook()
print(n > 100, s)
local f, mask, count = debug.gethook()
print(f, mask, count)
