-- checks # after clearing trailing elements of a sequence
local t = {1, 2, 3, 4, 5}
t[5] = nil
print(#t)
t[4] = nil
t[3] = nil
print(#t)
for i = #t, 1, -1 do t[i] = nil end
print(#t, next(t))
