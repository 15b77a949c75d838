-- checks parentheses around a multi-value call adjust it to one value
local function three() return 1, 2, 3 end
print(three())
print((three()))
print(({three()})[3], ({(three())})[3], #{(three())})
local t = {three(), three()}
print(#t)
